/**
 * Pacing of the Slack calls the digest and the notifications make. Slack takes about one message
 * per second per channel, with a workspace-wide limit on top
 * (https://docs.slack.dev/apis/web-api/rate-limits): every call waits for its conversation's lane
 * (one call at a time, `spacingMs` apart) and for a slot in its workspace (at most
 * `teamCallsPerSecond` a second as Slack receives them). A 429 holds the workspace for
 * `Retry-After` and the same call is sent again, so nothing is dropped.
 */
import type { Clock } from './clock.ts';
import { classifySlackFailure } from './slack-failure.ts';

/** Options for {@link PostQueue}. */
interface PostQueueOptions {
  clock: Clock;
  /** Least time between the end of one call to a conversation and the start of the next. Default 1000. */
  spacingMs?: number;
  /**
   * Message edits (`chat.update`) started in any minute in one workspace. Edits have a lane of
   * their own, paced by Slack's limit for that method (Tier 3, about 50 a minute per workspace)
   * rather than the channel's one message a second, so a card's edit never waits behind the
   * channel's new messages. Default 50.
   */
  editsPerMinute?: number;
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

interface Lane {
  /** Settles when the last call queued here has had its turn. */
  tail: Promise<void>;
  /** Epoch ms (by the clock) from which the next call may start. */
  freeAt: number;
  /** Calls queued or running. */
  waiting: number;
}

interface Gate {
  /** Settles when the last caller in line has started (or given up). */
  tail: Promise<void>;
  /** When the latest call actually started, epoch ms by the clock. */
  lastStart: number;
  /**
   * The latest calls' answers, oldest first (at most `teamCallsPerSecond` of them): when each came,
   * or a promise while it is still on its way.
   */
  recent: Array<{ answeredAt: number | undefined; answered: Promise<void> }>;
  /** Nothing starts before this (a 429's Retry-After). */
  holdUntil: number;
}

/** Idle lanes are dropped once this many exist, so a long-running process does not keep every channel. */
const SWEEP_FROM = 1000;

export class PostQueue {
  readonly #clock: Clock;
  readonly #spacingMs: number;
  readonly #editsPerMinute: number;
  /** Per team: when its latest edits started (at most `editsPerMinute` of them), oldest first. */
  readonly #editStarts = new Map<string, number[]>();
  readonly #teamIntervalMs: number;
  /** Calls allowed within one second on Slack's side. */
  readonly #perSecondWhole: number;
  readonly #maxRetries: number;
  readonly #onRateLimited: PostQueueOptions['onRateLimited'];
  /** Per `team:conversation`. */
  readonly #lanes = new Map<string, Lane>();
  /** Per team: calls start one after another, `1 / teamCallsPerSecond` apart. */
  readonly #gates = new Map<string, Gate>();
  #sweepAt = SWEEP_FROM;

  constructor(options: PostQueueOptions) {
    this.#clock = options.clock;
    this.#spacingMs = options.spacingMs ?? 1000;
    this.#editsPerMinute = Math.max(1, options.editsPerMinute ?? 50);
    const perSecond = options.teamCallsPerSecond ?? 5;
    if (!(perSecond > 0)) throw new RangeError(`teamCallsPerSecond must be positive, got ${perSecond}`);
    this.#teamIntervalMs = 1000 / perSecond;
    this.#perSecondWhole = Math.max(1, Math.floor(perSecond));
    this.#maxRetries = options.maxRateLimitRetries ?? 5;
    this.#onRateLimited = options.onRateLimited;
  }

  /** Conversations with calls queued, or whose spacing still runs. */
  get activeLanes(): number {
    const now = this.#now();
    let count = 0;
    for (const lane of this.#lanes.values()) if (lane.waiting > 0 || lane.freeAt > now) count++;
    return count;
  }

  /**
   * Runs `call` in its turn for the conversation. The caller gets the answer as soon as it comes;
   * the next call there starts `spacingMs` after it ended. An `edit` waits in its workspace's edit
   * lane instead (`editsPerMinute`), beside the conversation's new messages.
   */
  async send<T>(
    teamId: string,
    conversation: string,
    signal: AbortSignal,
    call: () => Promise<T>,
    kind: 'post' | 'edit' = 'post',
  ): Promise<T> {
    const edit = kind === 'edit';
    // A conversation id never holds a space, so the edit lane cannot be a conversation's.
    const key = edit ? `${teamId} edits` : `${teamId}:${conversation}`;
    if (this.#lanes.size >= this.#sweepAt) this.#sweep();
    const lane = this.#lanes.get(key) ?? { tail: settled, freeAt: 0, waiting: 0 };
    this.#lanes.set(key, lane);
    const previous = lane.tail;
    let open!: () => void;
    const mine = new Promise<void>((resolve) => {
      open = resolve;
    });
    lane.tail = previous.then(() => mine);
    lane.waiting++;
    try {
      await previous;
      await this.#until(edit ? this.#editWindowFree(teamId) : lane.freeAt, signal);
      // Counted when Slack receives it (after the workspace slot), as Slack counts it; each retry too.
      const counted = edit
        ? () => {
            this.#editStarted(teamId);
            return call();
          }
        : call;
      return await this.#withRetries(teamId, conversation, signal, counted);
    } finally {
      if (!edit) lane.freeAt = this.#now() + this.#spacingMs;
      lane.waiting--;
      open();
    }
  }

  async #withRetries<T>(teamId: string, conversation: string, signal: AbortSignal, call: () => Promise<T>) {
    for (let attempt = 1; ; attempt++) {
      const answered = await this.#teamSlot(teamId, signal);
      try {
        return await call();
      } catch (error) {
        const failure = classifySlackFailure(error);
        if (failure.kind !== 'rate-limited' || attempt > this.#maxRetries) throw error;
        this.#onRateLimited?.({ teamId, conversation, retryAfterMs: failure.retryAfterMs, attempt });
        // A 429 may be the workspace's limit, not only this channel's: hold every lane of the team.
        const gate = this.#gate(teamId);
        gate.holdUntil = Math.max(gate.holdUntil, this.#now() + failure.retryAfterMs);
      } finally {
        answered();
      }
    }
  }

  /**
   * Waits for the team's turn: one interval after the previous call actually started, and one
   * second after the answer to the call `teamCallsPerSecond` before. Slack received that call
   * before it answered, and receives this one after it starts, so no second on Slack's side can
   * hold more than `teamCallsPerSecond` of them, however the calls were delayed on the way. Slots
   * are not booked ahead, so a busy event loop that wakes several waiters late cannot release them
   * as a burst. Returns what the caller calls once its answer (or failure) is in.
   */
  async #teamSlot(teamId: string, signal: AbortSignal): Promise<() => void> {
    const gate = this.#gate(teamId);
    const previous = gate.tail;
    let started!: () => void;
    const mine = new Promise<void>((resolve) => {
      started = resolve;
    });
    gate.tail = previous.then(() => mine);
    try {
      await previous;
      const oldest = gate.recent.length < this.#perSecondWhole ? undefined : gate.recent[0];
      if (oldest) await oldest.answered;
      const windowOpens = oldest ? oldest.answeredAt! + 1000 : Number.NEGATIVE_INFINITY;
      await this.#until(Math.max(gate.lastStart + this.#teamIntervalMs, windowOpens, gate.holdUntil), signal);
      gate.lastStart = this.#now();
      let answer!: () => void;
      const slot = {
        answeredAt: undefined as number | undefined,
        answered: new Promise<void>((resolve) => {
          answer = resolve;
        }),
      };
      gate.recent.push(slot);
      if (gate.recent.length > this.#perSecondWhole) gate.recent.shift();
      return () => {
        slot.answeredAt ??= this.#now();
        answer();
      };
    } finally {
      started();
    }
  }

  /** When the team's next edit may start: a minute after the edit `editsPerMinute` before it. */
  #editWindowFree(teamId: string): number {
    const starts = this.#editStarts.get(teamId) ?? [];
    return starts.length < this.#editsPerMinute ? 0 : starts[0]! + 60_000;
  }

  #editStarted(teamId: string): void {
    const starts = this.#editStarts.get(teamId) ?? [];
    starts.push(this.#now());
    if (starts.length > this.#editsPerMinute) starts.shift();
    this.#editStarts.set(teamId, starts);
  }

  #gate(teamId: string): Gate {
    let gate = this.#gates.get(teamId);
    if (!gate) {
      gate = { tail: settled, lastStart: Number.NEGATIVE_INFINITY, recent: [], holdUntil: 0 };
      this.#gates.set(teamId, gate);
    }
    return gate;
  }

  async #until(at: number, signal: AbortSignal): Promise<void> {
    const wait = at - this.#now();
    if (wait > 0) await this.#clock.sleep(wait, signal);
    signal.throwIfAborted();
  }

  #now(): number {
    return this.#clock.now().getTime();
  }

  #sweep(): void {
    const now = this.#now();
    for (const [key, lane] of this.#lanes)
      if (lane.waiting === 0 && lane.freeAt <= now) this.#lanes.delete(key);
    this.#sweepAt = Math.max(SWEEP_FROM, this.#lanes.size * 2);
  }
}
