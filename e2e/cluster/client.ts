/**
 * A user of the cluster: HTTP through nginx with the user's cookies, as a browser would send them
 * (the page's Origin on writes). Every answer says which instance gave it (nginx's X-Upstream).
 */
export interface Answer<T = unknown> {
  status: number;
  headers: Headers;
  body: T;
  /** The instance that answered (host:port), or what nginx tried in turn ("a, b"). */
  upstream: string;
}

export class Client {
  private cookies = new Map<string, string>();

  readonly baseUrl: string;

  constructor(baseUrl: string) {
    this.baseUrl = baseUrl;
  }

  async request<T = unknown>(method: string, url: string, body?: unknown): Promise<Answer<T>> {
    const headers: Record<string, string> = { origin: this.baseUrl, ...this.headers() };
    let payload: BodyInit | undefined;
    if (body instanceof FormData) payload = body;
    else if (body !== undefined) {
      payload = JSON.stringify(body);
      headers['content-type'] = 'application/json';
    }
    const res = await fetch(new URL(url, this.baseUrl), {
      method,
      headers,
      body: payload,
      redirect: 'manual',
    });
    for (const cookie of res.headers.getSetCookie()) {
      const [pair = ''] = cookie.split(';');
      const at = pair.indexOf('=');
      const value = pair.slice(at + 1);
      if (value) this.cookies.set(pair.slice(0, at), value);
      else this.cookies.delete(pair.slice(0, at));
    }
    const text = await res.text();
    const json = res.headers.get('content-type')?.startsWith('application/json');
    return {
      status: res.status,
      headers: res.headers,
      body: (json && text ? JSON.parse(text) : text) as T,
      upstream: res.headers.get('x-upstream') ?? '',
    };
  }

  get<T = unknown>(url: string) {
    return this.request<T>('GET', url);
  }

  post<T = unknown>(url: string, body: unknown = {}) {
    return this.request<T>('POST', url, body);
  }

  /** The user's cookies as a request carries them (also for a caller that reads a stream itself). */
  headers(): Record<string, string> {
    return this.cookies.size ? { cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ') } : {};
  }
}

/**
 * An open live-updates stream (Server-Sent Events) of the user `client` is signed in as, opened at
 * `url` (nginx, or one instance directly): the events' names as they arrive.
 */
export async function openLiveUpdates(client: Client, url: string) {
  const controller = new AbortController();
  const res = await fetch(new URL('/api/notifications/stream', url), {
    headers: client.headers(),
    signal: controller.signal,
  });
  if (res.status !== 200 || !res.body) throw new Error(`live updates: ${res.status}`);
  const events: string[] = [];
  let text = '';
  const reading = (async () => {
    const decoder = new TextDecoder();
    for await (const chunk of res.body!) {
      text += decoder.decode(chunk, { stream: true });
      for (let end = text.indexOf('\n\n'); end >= 0; end = text.indexOf('\n\n')) {
        const name = /^event: (.+)$/m.exec(text.slice(0, end))?.[1];
        if (name) events.push(name);
        text = text.slice(end + 2);
      }
    }
  })().catch(() => {});
  return {
    upstream: res.headers.get('x-upstream') ?? '',
    events,
    close: async () => {
      controller.abort();
      await reading;
    },
  };
}
