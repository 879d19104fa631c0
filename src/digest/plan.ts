/**
 * What to fetch for the firings of one scheduler tick. The service allows 60 requests a minute,
 * so digests never fetch per channel: every project is listed once per tick and its tasks are
 * shared by all the digests that need them (1,000 digests over 100 projects cost 100 list calls).
 */
import { selectionHorizon } from './select.ts';
import type { DigestFiring, DigestSubscription } from './types.ts';

interface PlannedDigest {
  firing: DigestFiring;
  subscription: DigestSubscription;
}

interface DigestPlan {
  /** Each project to list once, ascending. */
  projectIds: number[];
  /**
   * Per project, the end of the latest section any of its digests shows: tasks due at or after it
   * are never selected, so a list request may ask only for tasks due before it.
   */
  dueBefore: Map<number, Date>;
  /** The digests to render once the projects are fetched, by subscription id. */
  bySubscription: Map<string, PlannedDigest>;
  /** Firings with no subscription, or a paused one, by now: not to be sent. */
  dropped: DigestFiring[];
}

/** Groups a tick's firings into one fetch per project. A subscription firing twice keeps its latest date. */
export function planFirings(
  firings: readonly DigestFiring[],
  subscriptions: Iterable<DigestSubscription>,
): DigestPlan {
  const wanted = new Set(firings.map((f) => f.subscriptionId));
  const subs = new Map<string, DigestSubscription>();
  for (const sub of subscriptions) if (wanted.has(sub.id)) subs.set(sub.id, sub);

  const bySubscription = new Map<string, PlannedDigest>();
  const dropped: DigestFiring[] = [];
  for (const firing of firings) {
    const subscription = subs.get(firing.subscriptionId);
    if (!subscription || subscription.paused) {
      dropped.push(firing);
      continue;
    }
    const earlier = bySubscription.get(firing.subscriptionId);
    if (earlier && earlier.firing.localDate >= firing.localDate) {
      dropped.push(firing);
      continue;
    }
    if (earlier) dropped.push(earlier.firing);
    bySubscription.set(firing.subscriptionId, { firing, subscription });
  }

  const dueBefore = new Map<number, Date>();
  for (const { firing, subscription } of bySubscription.values()) {
    const horizon = selectionHorizon(subscription, firing.localDate);
    for (const projectId of subscription.projectIds) {
      const known = dueBefore.get(projectId);
      if (!known || known < horizon) dueBefore.set(projectId, horizon);
    }
  }
  return {
    projectIds: [...dueBefore.keys()].sort((a, b) => a - b),
    dueBefore,
    bySubscription,
    dropped,
  };
}
