/**
 * Counters behind the auth limits (sign-in, password reset and change): events per key in a
 * sliding window, in this process. Bounded, so a flood of distinct keys cannot grow memory without end.
 */
const MAX_KEYS = 100_000;

/**
 * Sets `key` as the most recently used entry (re-inserted, so the first key of the map is always the
 * least recently used one) and drops the least recently used when the map is over MAX_KEYS.
 */
export function setBounded<V>(map: Map<string, V>, key: string, value: V): void {
  map.delete(key);
  map.set(key, value);
  if (map.size > MAX_KEYS) map.delete(map.keys().next().value!);
}

export class SlidingWindow {
  private readonly events = new Map<string, number[]>();

  private readonly windowMs: number;
  private readonly max: number;
  private readonly now: () => number;

  constructor(windowMs: number, max: number, now: () => number = Date.now) {
    this.windowMs = windowMs;
    this.max = max;
    this.now = now;
  }

  /** Milliseconds until `key` is under its limit again; 0 when it is now. */
  waitMs(key: string): number {
    const list = this.recent(key);
    if (list.length < this.max) return 0;
    return list[list.length - this.max]! + this.windowMs - this.now();
  }

  hit(key: string): void {
    const list = this.recent(key);
    list.push(this.now());
    setBounded(this.events, key, list);
  }

  clear(key: string): void {
    this.events.delete(key);
  }

  private recent(key: string): number[] {
    const since = this.now() - this.windowMs;
    const list = (this.events.get(key) ?? []).filter((t) => t > since);
    if (list.length === 0) this.events.delete(key);
    return list;
  }
}

/** Seconds for a Retry-After header. */
export const toSeconds = (ms: number) => Math.ceil(ms / 1000);
