/**
 * Doing a piece of work once per Slack origin. Slack delivers again what it thinks went
 * unanswered (a command, a form submission, a click, an event), and people double-click; each
 * piece of work is claimed under what a redelivery carries again, and a repeat gets the first
 * result instead of doing it twice. One table says how long each kind of origin is remembered.
 */
import type { Idempotency, OnceOutcome } from '../../store/repositories/idempotency.ts';

/** Where the work came from; `purpose` names the work, so two kinds of work on one origin stay apart. */
export type Origin = { purpose: string; teamId: string } & (
  | { kind: 'trigger'; triggerId: string }
  | {
      kind: 'view';
      viewId: string /** The record's version the form was filled from, when a new one may be saved again. */;
      revision?: string;
    }
  | { kind: 'action'; userId: string; actionTs: string; actionId: string }
  /** A confirm button: once per message it is on, however often it is clicked. */
  | { kind: 'message'; subject: string; messageTs: string | null | undefined; triggerId: string }
  | { kind: 'event'; eventId: string }
);

/**
 * How long each kind is remembered: past the last redelivery Slack makes of a command, a form or
 * an event (retries end about five minutes after the first delivery); a confirm button past the
 * time someone may click it again; a click delivery (Slack does not redeliver interactions, but a
 * proxy may) a little while.
 */
const ONCE_TTL_MS: Readonly<Record<Origin['kind'], number>> = {
  trigger: 30 * 60_000,
  view: 30 * 60_000,
  message: 30 * 60_000,
  action: 10 * 60_000,
  event: 60 * 60_000,
};

export function onceKey(origin: Origin): string {
  const head = `${origin.purpose}:${origin.kind}:${origin.teamId}`;
  switch (origin.kind) {
    case 'trigger':
      return `${head}:${origin.triggerId}`;
    case 'view':
      return origin.revision === undefined
        ? `${head}:${origin.viewId}`
        : `${head}:${origin.viewId}:${origin.revision}`;
    case 'action':
      return `${head}:${origin.userId}:${origin.actionTs}:${origin.actionId}`;
    case 'message':
      return `${head}:${origin.subject}:${origin.messageTs ?? origin.triggerId}`;
    case 'event':
      return `${head}:${origin.eventId}`;
  }
}

export function once<T>(
  idempotency: Idempotency,
  origin: Origin,
  work: () => Promise<T> | T,
): Promise<OnceOutcome<T>> {
  return idempotency.once(onceKey(origin), ONCE_TTL_MS[origin.kind], work);
}
