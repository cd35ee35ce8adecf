/**
 * Signed-in buyers for the load: each signs in through the real sign-in call and keeps its session
 * cookie; or, when a load needs more users than sign-ins (deliberately slow) can make, sessions
 * written straight into the database as a sign-in writes them.
 */
import { createHmac, randomUUID } from 'node:crypto';
import { setTimeout } from 'node:timers/promises';
import { SESSION_COOKIE_PREFIX } from '../../apps/server/src/auth/auth.ts';
import { BENCH_PASSWORD } from '../data.ts';
import { openTarget, type Target } from './database.ts';
import type { Session } from './load.ts';
import { AUTH_SECRET } from './processes.ts';

/** The start of the tokens of sessions written by `createSessions`, so that a later run removes them. */
export const LOAD_SESSION_TOKEN = 'bench-load-';

/** How many times a sign-in is sent while the server answers that it is busy (503). */
const BUSY_ATTEMPTS = 10;

/**
 * Signs in through the real call and answers the session cookie (`Cookie` header value). A server
 * just started on a new dataset sheds requests while its first work keeps the event loop busy: a
 * 503 is sent again after its Retry-After, as a browser's user would.
 */
export async function signIn(baseUrl: string, email: string, password = BENCH_PASSWORD): Promise<string> {
  let res: Response;
  for (let attempt = 1; ; attempt++) {
    res = await fetch(`${baseUrl}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: baseUrl },
      body: JSON.stringify({ email, password }),
    });
    if (res.status !== 503 || attempt === BUSY_ATTEMPTS) break;
    await res.body?.cancel();
    await setTimeout(Number(res.headers.get('retry-after') ?? 1) * 1000);
  }
  if (!res.ok) throw new Error(`sign-in of ${email} failed: ${res.status} ${await res.text()}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

/** One after the other: password checks are deliberately slow, and the sign-in limiter counts only failures. */
export async function signInUsers(
  baseUrl: string,
  users: { id: string; email: string }[],
): Promise<Session[]> {
  const sessions: Session[] = [];
  for (const user of users) sessions.push({ userId: user.id, cookie: await signIn(baseUrl, user.email) });
  return sessions;
}

/**
 * A session for each user, written into the target (before the server opens it: a PGlite directory
 * opens in one process at a time), with the cookie Better Auth would set: the token, signed with
 * HMAC-SHA256 under the server's AUTH_SECRET (startRedline's). The tokens start with `prefix`, by
 * which the benchmark that wrote them removes them (another's clean-up leaves them alone). Each
 * lasts a week, as a sign-in's does (auth.ts, `session.expiresIn`): Better Auth renews a session
 * whose expiry is less than six days away on every use (its `updateAge`, a day), an update of the
 * session's row and a new cookie, which a signed-in visitor's requests pay once a day, not each.
 */
export async function createSessions(
  target: Target,
  userIds: string[],
  prefix = LOAD_SESSION_TOKEN,
): Promise<Session[]> {
  const tokens = userIds.map(() => `${prefix}${randomUUID()}`);
  const { database, client } = await openTarget(target);
  try {
    await client.query(
      `insert into sessions (id, token, user_id, expires_at)
       select gen_random_uuid()::text, t, u, now() + interval '7 days' from unnest($1::text[], $2::text[]) as s(t, u)`,
      [tokens, userIds],
    );
  } finally {
    await database.close();
  }
  return userIds.map((userId, i) => {
    const signature = createHmac('sha256', AUTH_SECRET).update(tokens[i]!).digest('base64');
    const value = encodeURIComponent(`${tokens[i]}.${signature}`);
    return { userId, cookie: `${SESSION_COOKIE_PREFIX}.session_token=${value}` };
  });
}

/** A signed-in GET of our API (a category, a car to measure), its JSON. */
export async function getJson<T>(baseUrl: string, url: string, cookie: string): Promise<T> {
  const res = await fetch(baseUrl + url, { headers: { cookie } });
  if (!res.ok) throw new Error(`GET ${url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}
