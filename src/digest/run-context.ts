/**
 * What every part of a digest run shares: the options with their defaults applied, the post
 * queue, the shared project fetches, and the few helpers that reach a workspace's connections.
 */

import { laneThroughput } from '../api/limiter-lanes.ts';
import { RATE_LIMITS } from '../contract/index.ts';
import { type Clock, systemClock } from '../lib/clock.ts';
import { PostQueue } from '../lib/post-queue.ts';
import { classifySlackFailure } from '../lib/slack-failure.ts';
import { createUserLinks } from '../store/repositories/user-links.ts';
import type { Store } from '../store/types.ts';
import type { DigestMessages } from './messages.ts';
import { ProjectFetches } from './project-fetches.ts';
import { MAX_LEAD_MS } from './read-lead.ts';
import type { DigestLinks } from './render-digest.ts';
import type { DigestLogger, DigestRunnerOptions, DigestSlackClient } from './runner-options.ts';
import { LATE_GRACE_MS } from './schedule.ts';
import { type DigestTask, selectionHorizon } from './select.ts';
import { DigestDeliveryError, describeSlackFailure } from './slack-failure.ts';
import type { DigestSubscriptions } from './subscriptions.ts';
import type { DigestTaskSource } from './task-source.ts';
import type { DigestSubscription } from './types.ts';

const MINUTE_MS = 60_000;
const silent: DigestLogger = { debug() {}, info() {}, warn() {}, error() {} };

/** A workspace ready to run digests for: connected to the service and to Slack. */
export interface TeamContext {
  teamId: string;
  source: DigestTaskSource;
  slack: DigestSlackClient;
}

export interface RunContext {
  store: Store;
  subscriptions: DigestSubscriptions;
  links: DigestLinks;
  messages: DigestMessages;
  clock: Clock;
  logger: DigestLogger;
  claimTtlMs: number;
  graceMs: number;
  retryDelayMs: number;
  /** How long before its firing a digest's lists are read at least; 0: not ahead. */
  prefetchMs: number;
  /** The longest lead a workspace's read-ahead may take. */
  prefetchMaxMs: number;
  /** Requests a minute the digest lane can count on: its share of the service's limit. */
  digestLanePerMinute: number;
  posts: PostQueue;
  fetches: ProjectFetches;
  /** Aborted when the runner stops; a new one after each stop. */
  signal(): AbortSignal;
  /** The workspace's connections, or undefined while one of them is missing. */
  team(teamId: string): Promise<TeamContext | undefined>;
  /** Member id → Slack user id; empty (names without mentions) when the links cannot be read. */
  people(teamId: string): Promise<ReadonlyMap<number, string>>;
  /** Each of the subscription's projects, listed up to its horizon for `localDate`. */
  tasksOf(
    team: TeamContext,
    sub: DigestSubscription,
    localDate: string,
    fresh: boolean,
  ): Promise<Map<number, DigestTask[]>>;
  /** A Slack call in its channel's turn; a failure comes back as a DigestDeliveryError that says what to do. */
  postOrExplain<T>(teamId: string, channel: string, call: () => Promise<T>): Promise<T>;
}

export function errorDetails(error: unknown): { error: string } {
  if (error instanceof Error) {
    const code = (error as { code?: unknown }).code;
    return { error: typeof code === 'string' ? `${code}: ${error.message}` : error.message };
  }
  return { error: String(error) };
}

export function createRunContext(options: DigestRunnerOptions, signal: () => AbortSignal): RunContext {
  const { store } = options;
  const clock = options.clock ?? systemClock;
  const logger = options.logger ?? silent;
  const userLinks = createUserLinks(store);
  const slackUserIdsFor =
    options.slackUserIdsFor ??
    (async (teamId: string) => {
      const linked = await userLinks.listForTeam(teamId);
      return new Map(linked.map((link) => [link.memberId, link.slackUserId]));
    });
  const posts = new PostQueue({
    clock,
    spacingMs: options.postSpacingMs ?? 1000,
    teamCallsPerSecond: options.teamPostsPerSecond ?? 5,
    onRateLimited: (info) => logger.warn(info, 'digest: Slack rate limited a post; waiting to send it again'),
  });
  const fetches = new ProjectFetches();

  return {
    store,
    subscriptions: options.subscriptions,
    links: options.links,
    messages: options.messages,
    clock,
    logger,
    claimTtlMs: options.claimTtlMs ?? 20 * MINUTE_MS,
    graceMs: options.graceMs ?? LATE_GRACE_MS,
    retryDelayMs: options.retryDelayMs ?? options.tickMs ?? MINUTE_MS,
    prefetchMs: options.prefetchMs ?? 5 * MINUTE_MS,
    prefetchMaxMs: options.prefetchMaxMs ?? MAX_LEAD_MS,
    digestLanePerMinute: laneThroughput(options.serviceRequestsPerMinute ?? RATE_LIMITS.general, 'digest'),
    posts,
    fetches,
    signal,
    async team(teamId) {
      const [source, slack] = await Promise.all([options.taskSourceFor(teamId), options.slack(teamId)]);
      return source && slack ? { teamId, source, slack } : undefined;
    },
    async people(teamId) {
      try {
        return await slackUserIdsFor(teamId);
      } catch (error) {
        // Mentions are a nicety: names still show without them.
        logger.warn(
          { teamId, ...errorDetails(error) },
          'digest: could not read linked users; names shown without mentions',
        );
        return new Map();
      }
    },
    async tasksOf(team, sub, localDate, fresh) {
      const horizon = selectionHorizon(sub, localDate);
      const lists = await Promise.all(
        sub.projectIds.map(
          async (projectId) =>
            [
              projectId,
              await fetches.get(team.teamId, team.source, projectId, horizon, signal(), fresh),
            ] as const,
        ),
      );
      return new Map(lists);
    },
    async postOrExplain(teamId, channel, call) {
      try {
        return await posts.send(teamId, channel, signal(), call);
      } catch (error) {
        const failure = classifySlackFailure(error);
        throw new DigestDeliveryError(describeSlackFailure(failure), failure.code, failure.kind, {
          cause: error,
        });
      }
    },
  };
}
