/**
 * Sends the sandbox's events to every registered webhook, signed by the Standard Webhooks scheme
 * (`webhook-id`, `webhook-timestamp`, `webhook-signature`). Publishing only writes the delivery
 * rows; the sending happens after the API request has answered, so a slow or dead receiver never
 * holds up the API. A failed attempt (a non-2xx answer, a timeout, a refused connection) is tried
 * again after the next delay of the schedule, with the same `webhook-id` and a fresh timestamp.
 */
import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import type { SandboxDb } from '../db/sandbox-db.ts';
import { insertDelivery, listWebhooks, recordAttempt, type WebhookRow } from './webhook-store.ts';

/** One event as the service tells it: `{event, data, changes?, occurred_at, webhook_id}` on the wire. */
export interface WebhookEvent {
  event: 'task.created' | 'task.updated' | 'task.deleted' | 'sprint.started' | 'automation.failed';
  data: Record<string, unknown>;
  changes?: Record<string, { before: unknown; after: unknown }>;
}

export interface WebhookDispatcherOptions {
  /**
   * Waits before each retry, in ms; its length is the number of retries. Default: 5 s, 30 s, 2 min,
   * 10 min, 30 min (close to the Standard Webhooks guidance), then the delivery is marked failed.
   */
  retryDelaysMs?: readonly number[];
  /** An attempt not answered within this is a failure. Default 10 s. */
  timeoutMs?: number;
  /** When events happen (`occurred_at`); the signature's timestamp is always the real time. */
  now: () => Date;
}

export const DEFAULT_RETRY_DELAYS_MS = [5_000, 30_000, 120_000, 600_000, 1_800_000] as const;

interface Attempt {
  deliveryId: string;
  hook: WebhookRow;
  payload: string;
  /** Attempts made so far. */
  made: number;
}

export class WebhookDispatcher {
  readonly #db: SandboxDb;
  readonly #delays: readonly number[];
  readonly #timeoutMs: number;
  readonly #now: () => Date;
  readonly #timers = new Set<NodeJS.Timeout>();
  #inFlight = 0;
  #closed = false;
  #waiters: Array<() => void> = [];

  constructor(db: SandboxDb, options: WebhookDispatcherOptions) {
    this.#db = db;
    this.#delays = options.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS;
    this.#timeoutMs = options.timeoutMs ?? 10_000;
    this.#now = options.now;
  }

  /** Records one delivery per registered webhook and schedules the first attempt; returns at once. */
  publish(events: readonly WebhookEvent[]): void {
    if (this.#closed || events.length === 0) return;
    const hooks = listWebhooks(this.#db);
    if (hooks.length === 0) return;
    const occurredAt = this.#now().toISOString();
    for (const event of events) {
      for (const hook of hooks) {
        const deliveryId = `msg_${randomBytes(12).toString('hex')}`;
        const payload = JSON.stringify({
          event: event.event,
          data: event.data,
          ...(event.changes ? { changes: event.changes } : {}),
          occurred_at: occurredAt,
          webhook_id: deliveryId,
        });
        insertDelivery(this.#db, {
          id: deliveryId,
          webhookId: hook.id,
          event: event.event,
          payload,
          now: occurredAt,
        });
        this.#schedule({ deliveryId, hook, payload, made: 0 }, 0);
      }
    }
  }

  /** Resolves when no attempt is running or waiting (tests; a retry schedule of minutes keeps it waiting). */
  idle(): Promise<void> {
    if (this.#inFlight === 0 && this.#timers.size === 0) return Promise.resolve();
    return new Promise((resolve) => this.#waiters.push(resolve));
  }

  /** Cancels every waiting retry; the rows stay `pending`. */
  close(): void {
    this.#closed = true;
    for (const timer of this.#timers) clearTimeout(timer);
    this.#timers.clear();
    this.#settle();
  }

  #schedule(attempt: Attempt, delayMs: number): void {
    if (this.#closed) return;
    const timer = setTimeout(() => {
      this.#timers.delete(timer);
      this.#inFlight++;
      void this.#send(attempt).finally(() => {
        this.#inFlight--;
        this.#settle();
      });
    }, delayMs);
    this.#timers.add(timer);
  }

  async #send(attempt: Attempt): Promise<void> {
    const signedAt = new Date();
    let status: number | null = null;
    let error: string | null = null;
    try {
      const signature = new Webhook(attempt.hook.secret).sign(attempt.deliveryId, signedAt, attempt.payload);
      const response = await fetch(attempt.hook.url, {
        method: 'POST',
        body: attempt.payload,
        redirect: 'manual',
        signal: AbortSignal.timeout(this.#timeoutMs),
        headers: {
          'content-type': 'application/json',
          'webhook-id': attempt.deliveryId,
          'webhook-timestamp': String(Math.floor(signedAt.getTime() / 1000)),
          'webhook-signature': signature,
        },
      });
      status = response.status;
      await response.body?.cancel();
      if (status < 200 || status > 299) error = `answered ${status}`;
    } catch (err) {
      error =
        (err as Error).name === 'TimeoutError'
          ? `no answer within ${this.#timeoutMs} ms`
          : String((err as Error).message);
    }
    if (this.#closed) return;
    const made = attempt.made + 1;
    const delay = this.#delays[made - 1];
    const done = error === null;
    const nextAt = !done && delay !== undefined ? new Date(Date.now() + delay).toISOString() : null;
    recordAttempt(this.#db, attempt.deliveryId, {
      state: done ? 'delivered' : nextAt ? 'pending' : 'failed',
      status,
      error,
      nextAttemptAt: nextAt,
      retryInMs: nextAt ? delay! : null,
      now: new Date().toISOString(),
    });
    if (!done && delay !== undefined) this.#schedule({ ...attempt, made }, delay);
  }

  #settle(): void {
    if (this.#inFlight > 0 || this.#timers.size > 0) return;
    const waiters = this.#waiters;
    this.#waiters = [];
    for (const resolve of waiters) resolve();
  }
}
