import { EventEmitter } from 'node:events';
import type { RecordedCall } from './model.ts';

/**
 * Default wait of {@link CallRecorder.waitFor}: long enough for an app to finish work after its ack
 * on a loaded CI machine (2 s was not: a wait fails only when the call never comes, so a long
 * default costs nothing when it does), and short of vitest's 20-s test timeout, so a missing call
 * still fails with the calls that did arrive.
 */
export const DEFAULT_WAIT_MS = 10_000;

/** Calls kept by default: plenty for a test or a playground session, bounded for a long local run. */
export const MAX_RECORDED_CALLS = 10_000;

/**
 * The calls the emulator answered, in order (the latest `max`: the oldest go first), with a way to
 * wait for one that has not come yet.
 */
export class CallRecorder {
  readonly #calls: RecordedCall[] = [];
  readonly #events = new EventEmitter().setMaxListeners(0);
  readonly #max: number;

  constructor(max = MAX_RECORDED_CALLS) {
    if (!Number.isInteger(max) || max < 1)
      throw new RangeError(`CallRecorder: max must be a positive integer, got ${max}`);
    this.#max = max;
  }

  record(call: RecordedCall): void {
    this.#calls.push(call);
    if (this.#calls.length > this.#max) this.#calls.shift();
    this.#events.emit('call', call);
  }

  /** Calls listener after each call is recorded; returns the way to stop. */
  onCall(listener: (call: RecordedCall) => void): () => void {
    this.#events.on('call', listener);
    return () => this.#events.off('call', listener);
  }

  list(method?: string): RecordedCall[] {
    return method === undefined ? [...this.#calls] : this.#calls.filter((call) => call.method === method);
  }

  clear(): void {
    this.#calls.length = 0;
  }

  /**
   * Resolves with the first recorded call of `method` that satisfies predicate, including calls made
   * before the wait began; rejects after timeoutMs listing what did arrive. Event driven, not polled.
   */
  waitFor(
    method: string,
    predicate: (call: RecordedCall) => boolean = () => true,
    timeoutMs = DEFAULT_WAIT_MS,
  ): Promise<RecordedCall> {
    const already = this.#calls.find((call) => call.method === method && predicate(call));
    if (already) return Promise.resolve(already);
    return new Promise((resolve, reject) => {
      const onCall = (call: RecordedCall): void => {
        if (call.method !== method || !predicate(call)) return;
        clearTimeout(timer);
        this.#events.off('call', onCall);
        resolve(call);
      };
      const timer = setTimeout(() => {
        this.#events.off('call', onCall);
        const seen = this.list(method);
        reject(
          new Error(
            `No ${method} call matching within ${timeoutMs} ms; ${seen.length} ${method} call(s) seen` +
              (seen.length > 0
                ? `: ${seen
                    .map((call) => JSON.stringify(call.args))
                    .join(' | ')
                    .slice(0, 2000)}`
                : '') +
              `; all methods called: ${[...new Set(this.#calls.map((call) => call.method))].join(', ') || 'none'}`,
          ),
        );
      }, timeoutMs);
      this.#events.on('call', onCall);
    });
  }
}
