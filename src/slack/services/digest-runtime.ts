/**
 * The scheduled digests of a running app: the subscriptions on the app's store and the runner that
 * sends them, built from the app's own parts (store, service clients, clock, logger) so the Slack
 * handlers and the minute timer share one runner, one post queue and one fetch per project.
 */
import type { DigestLinks } from '../../digest/render-digest.ts';
import { createDigestRunner, type DigestRunner, type DigestSlackClient } from '../../digest/runner.ts';
import { createDigestSubscriptions, type DigestSubscriptions } from '../../digest/subscriptions.ts';
import { createClientTaskSource } from '../../digest/task-source.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Logger } from '../../lib/logger.ts';
import type { Store } from '../../store/types.ts';
import { WAIT_BUDGETS } from '../kit/wait-budgets.ts';
import { digestMessages } from '../ui/digest/runner-messages.ts';
import type { ViewFreshness } from './view-freshness.ts';
import { viewTaskSource } from './view-task-source.ts';
import type { WorkApiRegistry } from './work-api-registry.ts';

export interface AppDigests {
  subscriptions: DigestSubscriptions;
  runner: DigestRunner;
}

/** Options for {@link createAppDigests}. */
interface AppDigestsOptions {
  store: Store;
  workApi: WorkApiRegistry;
  /** The workspace's Slack client for posting; undefined while the app is not installed there. */
  slack: (teamId: string) => Promise<DigestSlackClient | undefined>;
  links: DigestLinks;
  /** The app clock: it reads the time and paces posts (a test's virtual clock moves on instead of waiting). */
  clock: Clock;
  logger: Logger;
  /** How long a firing's claim holds (the runner's `claimTtlMs`). Default: the runner's. */
  claimTtlMs?: number | undefined;
  /** How often the runner's timer ticks (the runner's `tickMs`). Default: the runner's. */
  tickMs?: number | undefined;
  /** How fresh each workspace's task view must be to answer a digest's lists. Absent: the service answers. */
  viewFreshness?: ((teamId: string) => ViewFreshness) | undefined;
}

export function createAppDigests(options: AppDigestsOptions): AppDigests {
  const logger = options.logger.child({ component: 'digest' });
  const subscriptions = createDigestSubscriptions(options.store, {
    clock: options.clock,
    onInvalidRecord: (key, problem) =>
      logger.warn({ key, problem }, 'digest: a stored subscription is unreadable'),
  });
  const runner = createDigestRunner({
    store: options.store,
    subscriptions,
    taskSourceFor: async (teamId) => {
      const api = await options.workApi.clientFor(teamId);
      if (!api) return undefined;
      const client = createClientTaskSource(api, { maxWaitMs: WAIT_BUDGETS.digest.maxWaitMs });
      return options.viewFreshness ? viewTaskSource(api, options.viewFreshness(teamId), client) : client;
    },
    slack: options.slack,
    links: options.links,
    messages: digestMessages,
    clock: options.clock,
    logger,
    ...(options.claimTtlMs ? { claimTtlMs: options.claimTtlMs } : {}),
    ...(options.tickMs ? { tickMs: options.tickMs } : {}),
  });
  return { subscriptions, runner };
}
