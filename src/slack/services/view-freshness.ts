/**
 * Whether a connection's task view (src/api/task-view.ts) may answer a read without asking the
 * service. It is fresh when:
 *
 * - webhooks are on (a signing secret is saved): the service tells every change, so the view is
 *   current as long as its news is recent: a delivery accepted, or the view read in full, within
 *   {@link WEBHOOK_TRUST_MS}. Past that, deliveries may have stopped unseen: the view is stale as of
 *   the later of the two;
 * - polling: every project's list was read (by the scan or the poller) within {@link POLL_BOUND_MS}.
 *
 * A stale view still answers, saying how old it is, while it is read again once (the view's shared
 * lease keeps that to one scan across instances); a cold view has not been read yet.
 */
import type { TaskView } from '../../api/task-view.ts';
import type { AppDeps } from '../deps.ts';

/** Webhooks on: the view is trusted this long after the last delivery or full read. */
export const WEBHOOK_TRUST_MS = 10 * 60_000;
/** Polling: the longest the view's oldest project read may be, as the poller's round goes. */
const POLL_BOUND_MS = 5 * 60_000;

export type ViewState =
  | { kind: 'fresh' }
  /** `asOf`: when the view last matched the service; `readSince`: what a refresh must reach. */
  | { kind: 'stale'; asOf: number; readSince: number }
  | { kind: 'cold' };

/** How a read decides about a view: built per workspace by {@link viewFreshnessOf}. */
export type ViewFreshness = (view: TaskView) => Promise<ViewState>;

export function viewFreshnessOf(
  deps: Pick<AppDeps, 'serviceEvents' | 'clock'>,
  teamId: string,
  /**
   * Whether a polled view may answer. A digest says no: it posts once a day, so one request per
   * project is cheap beside a list up to the polling bound old (the poller reads only watched
   * projects; a task made on a service without webhooks since the scan would be missing).
   */
  options: { polledViewAnswers?: boolean } = {},
): ViewFreshness {
  return async (view) => {
    if (!view.warm) return { kind: 'cold' };
    const now = deps.clock.now().getTime();
    const readAt = view.readAt() ?? Number.NEGATIVE_INFINITY;
    // A settings store that cannot be read leaves the stricter bound of polling.
    const settings = await deps.serviceEvents.describe(teamId).catch(() => undefined);
    if (settings?.hasSecret) {
      const delivered = settings.lastDeliveryAt
        ? Date.parse(settings.lastDeliveryAt)
        : Number.NEGATIVE_INFINITY;
      const news = Math.max(delivered, readAt);
      return now - news <= WEBHOOK_TRUST_MS
        ? { kind: 'fresh' }
        : { kind: 'stale', asOf: news, readSince: now - WEBHOOK_TRUST_MS };
    }
    if (options.polledViewAnswers === false) return { kind: 'stale', asOf: readAt, readSince: now };
    return now - readAt <= POLL_BOUND_MS
      ? { kind: 'fresh' }
      : { kind: 'stale', asOf: readAt, readSince: now - POLL_BOUND_MS };
  };
}

/** The polling bound alone, for a reader that does not know the workspace's settings. */
export function pollingFreshness(now: number): ViewFreshness {
  return async (view) => {
    if (!view.warm) return { kind: 'cold' };
    const readAt = view.readAt() ?? Number.NEGATIVE_INFINITY;
    return now - readAt <= POLL_BOUND_MS
      ? { kind: 'fresh' }
      : { kind: 'stale', asOf: readAt, readSince: now - POLL_BOUND_MS };
  };
}
