/**
 * The digest runner's public surface: what it is built from, what it answers, and the report of a
 * tick. The runner itself is in runner.ts; the parts it is made of are in run-*.ts.
 */
import type { WebClient } from '@slack/web-api';
import type { Clock } from '../lib/clock.ts';
import type { Store } from '../store/types.ts';
import type { DigestMessagePreview, DigestMessages } from './messages.ts';
import type { DigestLinks } from './render-digest.ts';
import type { DigestPostRecord, DigestSubscriptions, NewDigestSubscription } from './subscriptions.ts';
import type { DigestTaskSource } from './task-source.ts';
import type { DigestSubscription } from './types.ts';

/** The Slack calls a digest makes. A WebClient made with `rejectRateLimitedCalls: true` lets the runner pace 429s itself. */
export type DigestSlackClient = Pick<WebClient, 'chat'>;

/** pino-like; it is never given a token. */
export interface DigestLogger {
  debug(details: object, message: string): void;
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

type MaybePromise<T> = T | Promise<T>;

/** Options for `createDigestRunner`. */
export interface DigestRunnerOptions {
  store: Store;
  subscriptions: DigestSubscriptions;
  /** The workspace's service connection; undefined while it has none (its digests wait for the next tick). */
  taskSourceFor: (teamId: string) => MaybePromise<DigestTaskSource | undefined>;
  /** The workspace's bot client; undefined while the app is not installed there. */
  slack: (teamId: string) => MaybePromise<DigestSlackClient | undefined>;
  links: DigestLinks;
  /** The messages as Block Kit (the app passes src/slack/ui/digest's `digestMessages`). */
  messages: DigestMessages;
  /** Service member id → Slack user id, for mentions. Default: the workspace's user links in `store`. */
  slackUserIdsFor?: (teamId: string) => Promise<ReadonlyMap<number, string>>;
  /** Default: the system clock and real timers. */
  clock?: Clock;
  /** Default: silent. */
  logger?: DigestLogger;
  /** Least time between two posts to one channel, in ms (Slack: about one a second). Default 1000. */
  postSpacingMs?: number;
  /** Slack calls started per second per workspace, across channels. Default 5. */
  teamPostsPerSecond?: number;
  /**
   * How long a firing's claim holds, in ms. It must outlast a whole run (fetch waits included); a
   * runner that dies holding one leaves that digest to whoever ticks after it expires, marked late.
   * Default 1 200 000 (20 minutes).
   */
  claimTtlMs?: number;
  /** How long after its instant a digest still counts as on time. Default `LATE_GRACE_MS` (2 minutes). */
  graceMs?: number;
  /** After a failed fetch or post, or a claim another runner holds, look again this much later. Default: `tickMs`. */
  retryDelayMs?: number;
  /**
   * How long before its firing a digest's project lists are read at least (in the digest lane of
   * the token's budget), so it posts on time from them without competing with the morning's
   * clicks. The lead grows past this when a workspace's last read-ahead took longer
   * (`read-lead.ts`), up to `prefetchMaxMs`. A digest shows its tasks as of up to the lead before
   * it posts. 0: read at the firing. Default 300 000 (5 minutes).
   */
  prefetchMs?: number;
  /** The longest lead, however long the last read-ahead took. Default 3 600 000 (60 minutes). */
  prefetchMaxMs?: number;
  /**
   * The service's general limit per token and minute, whose digest-lane share (`laneThroughput`)
   * paces a read-ahead, to size its lead from its requests. Default `RATE_LIMITS.general` (60).
   */
  serviceRequestsPerMinute?: number;
  /**
   * How often `start()`'s timer ticks, in ms: a whole divisor of a minute, so that a tick still falls
   * on every minute boundary (schedules are to the minute). Default 60 000. Shorter ticks only send a
   * digest sooner after a missed tick or a lapsed claim; the multi-instance tests use a few seconds.
   */
  tickMs?: number;
}

/** What one tick did; every due firing is counted in exactly one of the outcome fields. */
export interface TickReport {
  /** Firings found due (and not already being worked on by an earlier tick). */
  due: number;
  sent: number;
  /** Nothing was due and the digest stays silent then. */
  empty: number;
  /** Done before: by another runner, or before a restart. */
  alreadyDone: number;
  /** Another runner holds the claim and is still at work. */
  claimedElsewhere: number;
  /** Left for a later tick: the service or Slack failed, or the workspace is not connected. */
  retry: number;
  /** The channel can no longer be posted to: its digests are paused. */
  paused: number;
  /** Slack refused for good: logged and recorded, not retried today. */
  failed: number;
  /** Not finished because the runner stopped: the claim was released for whoever runs next. */
  stopped: number;
  /** Project lists this tick started (a list shared with a tick still at work counts there). */
  fetches: number;
}

export interface DigestRunner {
  /** Finds and sends the digests due at `now`; resolves when all of them are settled. */
  tick(now?: Date): Promise<TickReport>;
  /** Ticks now (catching up on digests missed while down), then at every minute boundary of the clock. */
  start(): void;
  /** Stops the timer, releases the claims of digests not yet sent, and waits for work under way. */
  stop(): Promise<void>;
  /**
   * "Send a preview now": posts the digest as it would look today, marked as a preview (by whom,
   * and when the scheduled one posts), once, recording nothing. It may not be saved yet: the id
   * defaults to `preview` and the creation time to now.
   */
  sendPreview(
    subscription: DigestSubscription | NewDigestSubscription,
    preview?: DigestMessagePreview,
  ): Promise<DigestPostRecord>;
  /**
   * "Send digest now": posts today's digest itself, recorded as the day's post (an earlier post of
   * the day is no longer redrawn), so Done and Snooze redraw it and the scheduler does not post
   * today's again.
   */
  sendNow(subscription: DigestSubscription): Promise<DigestPostRecord>;
  /**
   * Re-renders a posted digest from fresh data and edits it in place (after Done or Snooze); false
   * when there is no posted message to edit. `localDate` names the day (YYYY-MM-DD); left out, the
   * latest one posted.
   */
  refreshPosted(teamId: string, subscriptionId: string, localDate?: string): Promise<boolean>;
}

export function emptyReport(): TickReport {
  return {
    due: 0,
    sent: 0,
    empty: 0,
    alreadyDone: 0,
    claimedElsewhere: 0,
    retry: 0,
    paused: 0,
    failed: 0,
    stopped: 0,
    fetches: 0,
  };
}
