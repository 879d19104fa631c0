/**
 * Pacing of the digest's Slack calls. Slack takes about one message per second per channel, with a
 * workspace-wide limit on top (https://docs.slack.dev/apis/web-api/rate-limits): every call waits
 * for its conversation's lane (one call at a time, `spacingMs` apart) and for a slot in its
 * workspace (at most `teamCallsPerSecond` started per second). A 429 holds the workspace for
 * `Retry-After` and the same call is sent again, so nothing is dropped.
 */
import type { DigestClock } from './digest-clock.ts';
import { classifySlackFailure } from './slack-failure.ts';

/** Options for {@link PostQueue}. */
export interface PostQueueOptions {
  clock: DigestClock;
  /** Least time between the end of one call to a conversation and the start of the next. Default 1000. */
  spacingMs?: number;
  /** Calls started per second per workspace, across its conversations. Default 5. */
  teamCallsPerSecond?: number;
  /** 429s answered by waiting and sending again before the failure is handed back. Default 5. */
  maxRateLimitRetries?: number;
  /** Told of each 429 wait. Default: nothing. */
  onRateLimited?: (info: {
    teamId: string;
    conversation: string;
    retryAfterMs: number;
    attempt: number;
  }) => void;
}

const settled = Promise.resolve();

export class PostQueue {
  readonly #clock: DigestClock;
  readonly #spacingMs: number;
  readonly #teamIntervalMs: number;
  readonly #maxRetries: number;
  readonly #onRateLimited: PostQueueOptions['onRateLimited'];
  /** Per `team:conversation`: settles when the last call queued there has had its turn and its spacing. */
  readonly #lanes = new Map<string, Promise<void>>();
  /** Per team: settles when the next call may start. */
  readonly #gates = new Map<string, Promise<void>>();

  constructor(options: PostQueueOptions) {
    this.#clock = options.clock;
    this.#spacingMs = options.spacingMs ?? 1000;
    const perSecond = options.teamCallsPerSecond ?? 5;
    if (!(perSecond > 0)) throw new RangeError(`teamCallsPerSecond must be positive, got ${perSecond}`);
    this.#teamIntervalMs = 1000 / perSecond;
    this.#maxRetries = options.maxRateLimitRetries ?? 5;
    this.#onRateLimited = options.onRateLimited;
  }

  /** Conversations with calls queued or spacing still running. */
  get activeLanes(): number {
    return this.#lanes.size;
  }

  /**
   * Runs `call` in its turn for the conversation. The caller gets the answer as soon as it comes;
   * the lane stays closed `spacingMs` longer for whoever is next.
   */
  async send<T>(
    teamId: string,
    conversation: string,
    signal: AbortSignal,
    call: () => Promise<T>,
  ): Promise<T> {
    const key = `${teamId}:${conversation}`;
    const previous = this.#lanes.get(key) ?? settled;
    let open!: () => void;
    const mine = new Promise<void>((resolve) => {
      open = resolve;
    });
    const tail = previous.then(() => mine);
    this.#lanes.set(key, tail);
    try {
      await previous;
      signal.throwIfAborted();
      return await this.#withRetries(teamId, conversation, signal, call);
    } finally {
      const release = () => {
        if (this.#lanes.get(key) === tail) this.#lanes.delete(key);
        open();
      };
      this.#clock.sleep(this.#spacingMs, signal).then(release, release);
    }
  }

  async #withRetries<T>(teamId: string, conversation: string, signal: AbortSignal, call: () => Promise<T>) {
    for (let attempt = 1; ; attempt++) {
      await this.#teamSlot(teamId, signal);
      try {
        return await call();
      } catch (error) {
        const failure = classifySlackFailure(error);
        if (failure.kind !== 'rate-limited' || attempt > this.#maxRetries) throw error;
        this.#onRateLimited?.({ teamId, conversation, retryAfterMs: failure.retryAfterMs, attempt });
        // A 429 may be the workspace's limit, not only this channel's: hold every lane of the team.
        this.#hold(teamId, failure.retryAfterMs, signal);
      }
    }
  }

  /** Waits for the team's next start slot and books the one after it. */
  async #teamSlot(teamId: string, signal: AbortSignal): Promise<void> {
    const previous = this.#gates.get(teamId) ?? settled;
    this.#chainGate(teamId, previous, this.#teamIntervalMs, signal);
    await previous;
    signal.throwIfAborted();
  }

  #hold(teamId: string, ms: number, signal: AbortSignal): void {
    this.#chainGate(teamId, this.#gates.get(teamId) ?? settled, ms, signal);
  }

  #chainGate(teamId: string, after: Promise<void>, ms: number, signal: AbortSignal): void {
    // An aborted wait settles too, so no caller is left hanging; each checks the signal itself.
    const gate = after.then(() => this.#clock.sleep(ms, signal)).catch(() => {});
    this.#gates.set(teamId, gate);
    gate.then(() => {
      if (this.#gates.get(teamId) === gate) this.#gates.delete(teamId);
    });
  }
}
