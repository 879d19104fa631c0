/**
 * The polling fallback's share of a token's rate budget: at most 20 % of the spec's 60 requests a
 * minute, so commands and the task view keep the rest. A sliding minute on the app's clock, as the
 * service counts; one window per service client (a client is one token), which the poller
 * saves in the store after each tick and merges before the next, so instances share it.
 */
export const POLL_REQUESTS_PER_MINUTE = 12;

export class PollBudget {
  readonly #perMinute: number;
  readonly #sent = new WeakMap<object, number[]>();

  constructor(perMinute = POLL_REQUESTS_PER_MINUTE) {
    this.#perMinute = perMinute;
  }

  /** Requests the token may still make in the minute ending `now`. */
  room(token: object, now: number): number {
    return this.#perMinute - this.#window(token, now).length;
  }

  /** Takes one request; false when the minute's share is spent. */
  take(token: object, now: number): boolean {
    const window = this.#window(token, now);
    if (window.length >= this.#perMinute) return false;
    window.push(now);
    return true;
  }

  /** Adds the sends other instances recorded (a time already held is not counted twice). */
  merge(token: object, times: readonly number[]): void {
    const window = this.#window(token, Number.NEGATIVE_INFINITY);
    const held = new Set(window);
    for (const t of times) if (!held.has(t)) window.push(t);
    window.sort((a, b) => a - b);
  }

  /** The sends of the minute ending `now`, for the other instances. */
  sent(token: object, now: number): number[] {
    return [...this.#window(token, now)];
  }

  #window(token: object, now: number): number[] {
    let window = this.#sent.get(token);
    if (!window) {
      window = [];
      this.#sent.set(token, window);
    }
    while (window.length > 0 && window[0]! <= now - 60_000) window.shift();
    return window;
  }
}
