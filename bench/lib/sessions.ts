/** Signed-in buyers for the load: each signs in through the real sign-in call and keeps its session cookie. */
import { BENCH_PASSWORD } from '../data.ts';
import type { Session } from './load.ts';

/** Signs in through the real call and answers the session cookie (`Cookie` header value). */
export async function signIn(baseUrl: string, email: string, password = BENCH_PASSWORD): Promise<string> {
  const res = await fetch(`${baseUrl}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify({ email, password }),
  });
  if (!res.ok) throw new Error(`sign-in of ${email} failed: ${res.status} ${await res.text()}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

/** One after the other: password checks are deliberately slow, and the sign-in limiter counts only failures. */
export async function signInBuyers(
  baseUrl: string,
  buyers: { id: string; email: string }[],
): Promise<Session[]> {
  const sessions: Session[] = [];
  for (const buyer of buyers)
    sessions.push({ buyerId: buyer.id, cookie: await signIn(baseUrl, buyer.email) });
  return sessions;
}

/** A signed-in GET of our API (a category, a car to measure), its JSON. */
export async function getJson<T>(baseUrl: string, url: string, cookie: string): Promise<T> {
  const res = await fetch(baseUrl + url, { headers: { cookie } });
  if (!res.ok) throw new Error(`GET ${url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}
