/**
 * The order of a shutdown on SIGTERM. Readiness turns 503 first and stays so for the drain period
 * while every request is still served, because a load balancer only notices on its next health
 * checks; only then does the listener close and the rest stop. The wait is the app clock's.
 */
import type { Clock } from '../lib/clock.ts';
import type { Logger } from '../lib/logger.ts';
import type { Readiness } from './readiness.ts';

interface ShutdownPlan {
  readiness: Pick<Readiness, 'markShuttingDown'>;
  clock: Clock;
  /** How long `/readyz` answers 503 before anything stops (DRAIN_SECONDS). */
  drainMs: number;
  logger: Logger;
  /** Everything after the drain: the listener, acknowledged work, the store. */
  stop(): Promise<void>;
}

export async function shutDown(plan: ShutdownPlan): Promise<void> {
  plan.readiness.markShuttingDown();
  plan.logger.info({ pid: process.pid, drainMs: plan.drainMs }, 'Taskbridge is shutting down');
  if (plan.drainMs > 0) await plan.clock.sleep(plan.drainMs);
  await plan.stop();
}
