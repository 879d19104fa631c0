/**
 * A failure to inject into the next call of a method:
 * - a string: answered `{ok:false, error}` with HTTP 200, as Slack reports method errors;
 * - `{status: 429, retryAfter}`: rate limited, with a `Retry-After` header in seconds (default 1);
 * - `{status, error?}`: any other HTTP status (a 500, a 503) with a plain body.
 */
export type Fault = string | { status: 429; retryAfter?: number } | { status: number; error?: string };

/** One queue of faults per method, each used once. */
export class FaultQueue {
  readonly #queues = new Map<string, Fault[]>();

  add(method: string, fault: Fault): void {
    const queue = this.#queues.get(method) ?? [];
    queue.push(fault);
    this.#queues.set(method, queue);
  }

  take(method: string): Fault | undefined {
    return this.#queues.get(method)?.shift();
  }

  clear(): void {
    this.#queues.clear();
  }
}
