/**
 * The polling fallback's share of a token's rate budget: at most 20 % of the spec's 60 requests a
 * minute, so commands and the task view keep the rest. A sliding minute on the app's clock, as the
 * service counts; one window per service client (a client is one token).
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
