/**
 * The sandbox's webhook registrations and their deliveries, in its SQLite file, so the CLI (another
 * process) can register an address while the server runs and tests can read what was sent.
 */
import { randomBytes } from 'node:crypto';
import type { SandboxDb } from '../db/sandbox-db.ts';

export interface WebhookRow {
  id: string;
  url: string;
  /** `whsec_` + base64, as Standard Webhooks secrets are written. */
  secret: string;
  created_at: string;
}

export type DeliveryState = 'pending' | 'delivered' | 'failed';

export interface DeliveryRow {
  /** The `webhook-id` header: the same on every attempt. */
  id: string;
  webhook_id: string;
  event: string;
  /** The exact body sent (and signed). */
  payload: string;
  state: DeliveryState;
  attempts: number;
  last_status: number | null;
  last_error: string | null;
  next_attempt_at: string | null;
  /** JSON: every attempt as `{at, status, error, retry_in_ms}` (null: no retry follows). */
  attempt_log: string;
  created_at: string;
  delivered_at: string | null;
}

/** A new Standard Webhooks secret: 24 random bytes. */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(24).toString('base64')}`;
}

function checkUrl(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new Error(`webhook address "${url.slice(0, 200)}" is not a URL`);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw new Error(`webhook address must be http(s), not ${parsed.protocol}`);
  }
  return parsed.toString();
}

export function addWebhook(
  db: SandboxDb,
  input: { url: string; secret?: string | undefined; now: Date },
): WebhookRow {
  const secret = input.secret ?? newWebhookSecret();
  if (!/^whsec_[A-Za-z0-9+/=]{16,200}$/.test(secret)) {
    throw new Error('a webhook secret is whsec_ followed by base64 (16 to 200 characters)');
  }
  const row: WebhookRow = {
    id: `wh_${randomBytes(8).toString('hex')}`,
    url: checkUrl(input.url),
    secret,
    created_at: input.now.toISOString(),
  };
  db.run('INSERT INTO webhooks (id, url, secret, created_at) VALUES (?, ?, ?, ?)', [
    row.id,
    row.url,
    row.secret,
    row.created_at,
  ]);
  return row;
}

export function listWebhooks(db: SandboxDb): WebhookRow[] {
  return db.all<WebhookRow>('SELECT id, url, secret, created_at FROM webhooks ORDER BY created_at, id');
}

export function removeWebhook(db: SandboxDb, id: string): boolean {
  return db.run('DELETE FROM webhooks WHERE id = ?', [id]).changes > 0;
}

export function insertDelivery(
  db: SandboxDb,
  input: { id: string; webhookId: string; event: string; payload: string; now: string },
): void {
  db.run(
    `INSERT INTO webhook_deliveries (id, webhook_id, event, payload, state, attempts, created_at, next_attempt_at)
     VALUES (?, ?, ?, ?, 'pending', 0, ?, ?)`,
    [input.id, input.webhookId, input.event, input.payload, input.now, input.now],
  );
}

export function recordAttempt(
  db: SandboxDb,
  id: string,
  outcome: {
    state: DeliveryState;
    status: number | null;
    error: string | null;
    nextAttemptAt: string | null;
    retryInMs: number | null;
    now: string;
  },
): void {
  const entry = JSON.stringify({
    at: outcome.now,
    status: outcome.status,
    error: outcome.error,
    retry_in_ms: outcome.retryInMs,
  });
  db.run(
    `UPDATE webhook_deliveries SET attempts = attempts + 1, state = ?, last_status = ?, last_error = ?,
       next_attempt_at = ?, attempt_log = json_insert(attempt_log, '$[#]', json(?)),
       delivered_at = CASE WHEN ? = 'delivered' THEN ? ELSE delivered_at END
     WHERE id = ?`,
    [
      outcome.state,
      outcome.status,
      outcome.error,
      outcome.nextAttemptAt,
      entry,
      outcome.state,
      outcome.now,
      id,
    ],
  );
}

export function listDeliveries(db: SandboxDb, webhookId?: string): DeliveryRow[] {
  return webhookId === undefined
    ? db.all<DeliveryRow>('SELECT * FROM webhook_deliveries ORDER BY created_at, rowid')
    : db.all<DeliveryRow>(
        'SELECT * FROM webhook_deliveries WHERE webhook_id = ? ORDER BY created_at, rowid',
        [webhookId],
      );
}
