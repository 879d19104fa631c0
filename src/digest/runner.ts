/**
 * The scheduled digest at run time: `createDigestRunner` ties the parts together (run-tick.ts for
 * a minute's firings, run-posted.ts for previews and edits in place, run-pause.ts for channels the
 * bot lost) and owns the minute timer and the stop. Options and the report: runner-options.ts.
 */

import { withLane } from '../api/limiter-lanes.ts';
import { DueIndex } from './due-index.ts';
import { createRunContext, errorDetails } from './run-context.ts';
import { createPostedDigests } from './run-posted.ts';
import { runTick } from './run-tick.ts';
import type { DigestRunner, DigestRunnerOptions } from './runner-options.ts';

export type {
  DigestLogger,
  DigestRunner,
  DigestRunnerOptions,
  DigestSlackClient,
  TickReport,
} from './runner-options.ts';

const MINUTE_MS = 60_000;

export function createDigestRunner(options: DigestRunnerOptions): DigestRunner {
  const tickMs = checkTickMs(options.tickMs ?? MINUTE_MS);
  let lifecycle = new AbortController();
  const ctx = createRunContext(options, () => lifecycle.signal);
  const index = new DueIndex(ctx.graceMs);
  const posted = createPostedDigests(ctx);
  const active = new Set<Promise<unknown>>();
  let loop: Promise<void> | undefined;

  /** Work under way, so that stop() can wait for it. */
  const track = <T>(work: Promise<T>): Promise<T> => {
    active.add(work);
    const forget = () => active.delete(work);
    work.then(forget, forget);
    return work;
  };
  // The digests' own lane of the token's budget: a morning of clicks goes first, and the digests
  // keep their reserved share whatever the poll and the scans do.
  const tickInLane = (now: Date) => withLane('digest', () => runTick(ctx, index, now));
  const tickLogged = () =>
    track(tickInLane(ctx.clock.now())).catch((error: unknown) => {
      ctx.logger.error(errorDetails(error), 'digest: tick failed');
    });

  return {
    tick: (now = ctx.clock.now()) => track(tickInLane(now)),

    start() {
      if (loop) return;
      const signal = lifecycle.signal;
      loop = (async () => {
        tickLogged();
        while (!signal.aborted) {
          const wait = tickMs - (ctx.clock.now().getTime() % tickMs);
          try {
            await ctx.clock.sleep(wait, signal);
          } catch {
            break;
          }
          // Not awaited: a long run (a full minute of fetch budget) must not delay the next minute.
          tickLogged();
        }
      })();
    },

    async stop() {
      lifecycle.abort(new Error('The digest runner stopped'));
      await loop;
      await Promise.allSettled([...active]);
      loop = undefined;
      lifecycle = new AbortController();
    },

    sendPreview: (subscription, preview) => track(posted.sendPreview(subscription, preview)),
    sendNow: (subscription) => track(posted.sendNow(subscription)),
    refreshPosted: (teamId, subscriptionId, localDate) =>
      track(posted.refreshPosted(teamId, subscriptionId, localDate)),
  };
}

/** A tick that divides a minute keeps one tick on every minute boundary, where schedules fall. */
function checkTickMs(tickMs: number): number {
  if (!Number.isInteger(tickMs) || tickMs < 1000 || MINUTE_MS % tickMs !== 0) {
    throw new RangeError(
      `The digest tick must be a whole divisor of a minute of at least 1 s (got ${tickMs} ms)`,
    );
  }
  return tickMs;
}
