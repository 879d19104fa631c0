/**
 * Notifications of a running app: the sink project events arrive at (from webhooks or the polling
 * fallback), what the poller should watch, the channel subscriptions and people's switches, and
 * the timers that close burst windows and send "due tomorrow" messages.
 *
 * An event is gathered once: it is written to its bursts in the store (durable before `deliver`
 * resolves), then marked done, so a repeat writes nothing and a crash between the two writes the
 * same records again. What is not gathered (direct messages, project notices) is written to the
 * event's outbox record in the same step and sent from there (`outbox-sender.ts`), so it too
 * survives an instance that dies after the service heard 2xx.
 */
import type { TaskRecord, WorkApiClient } from '../api/index.ts';
import type { Clock, Timer } from '../lib/clock.ts';
import type { Logger } from '../lib/logger.ts';
import { PostQueue } from '../lib/post-queue.ts';
import { checkSlackId } from '../store/keys.ts';
import type { UserLinks } from '../store/repositories/user-links.ts';
import type { Store } from '../store/types.ts';
import type { NotifyChatClient } from './chat-client.ts';
import {
  createDirectMessages,
  type DirectMessages,
  mayAssignSomeone,
  type OpenTasks,
  type PersonZone,
} from './direct-messages.ts';
import type { ProjectEvent, ProjectEventSink, WatchedProjects } from './events/project-event.ts';
import { subscriptionWants } from './filters.ts';
import type { CardContext, NotifyMessages } from './messages.ts';
import { createOutboxSender } from './outbox-sender.ts';
import { createNotifyBursts } from './store/notify-bursts.ts';
import { createNotifyOutbox } from './store/notify-outbox.ts';
import { createNotifyPrefs, type NotifyPrefsRepo } from './store/notify-prefs.ts';
import { createSubscriptions, type Subscriptions } from './store/subscriptions.ts';
import { createTaskThreads, type TaskThreads } from './store/task-threads.ts';
import { ThreadPoster } from './thread-poster.ts';

interface NotificationsOptions {
  store: Store;
  userLinks: UserLinks;
  /** The workspace's service client, or undefined when it is not connected. */
  api: (teamId: string) => Promise<WorkApiClient | undefined>;
  /** The client notifications post with: 429s come back to the post queue, which waits and resends. */
  slack: (teamId: string) => Promise<NotifyChatClient | undefined>;
  /** What is posted: cards, replies, notices and direct messages (the app's Block Kit). */
  messages: NotifyMessages;
  /** What a card shows besides the task: linked people, the task's address, the project's statuses. */
  cardContext: (teamId: string, task: TaskRecord) => Promise<CardContext>;
  /** Reads linked people's time zones in a workspace, for "due tomorrow"; undefined where it cannot. */
  zones: (teamId: string) => Promise<PersonZone | undefined>;
  /** A member's open tasks, for "due tomorrow". */
  openTasks: (api: WorkApiClient, memberId: number, now: Date) => Promise<OpenTasks>;
  /** The workspaces "due tomorrow" messages go to (those with linked people). */
  teams: () => Promise<string[]>;
  /** The app clock; a clock that can also `sleep` (a test's) paces posts too. */
  clock: Clock;
  logger: Logger;
  /** How long a task's burst gathers before its one reply. Default 5000. */
  windowMs?: number;
  /** Least time between two calls to one channel. Default 1000 (Slack's one message a second). */
  spacingMs?: number;
  /**
   * How long one instance holds a task's burst while sending it (queue waits included); after a
   * crash, another instance sends it once this has passed. Default 120 000.
   */
  leaseMs?: number;
}

export interface Notifications {
  sink: ProjectEventSink;
  watchedProjects: WatchedProjects;
  subscriptions: Subscriptions;
  prefs: NotifyPrefsRepo;
  threads: TaskThreads;
  /**
   * Puts a task's card, posted by someone's own action, in a channel subscribed to its project as
   * the task's thread there, so that the subscription adds no second card. 'unsubscribed' when no
   * subscription of the channel follows the project (nothing posted: the caller posts its own way);
   * otherwise as `ThreadPoster.adoptCard`.
   */
  shareCard(
    teamId: string,
    channelId: string,
    task: Pick<TaskRecord, 'id' | 'title' | 'project_id'>,
    post: () => Promise<{ channelId: string; ts: string } | undefined>,
  ): Promise<'posted' | 'shown' | 'failed' | 'busy' | 'unsubscribed'>;
  /** Posts the bursts whose window closed by the clock's now. Returns how many. */
  flushDue(): Promise<number>;
  /** Sends the day's "due tomorrow" messages due by now, in every workspace. Returns how many went. */
  remindDueTomorrow(): Promise<number>;
  /** Starts the timers (bursts in the store looked at each 500 ms, reminders every 10 minutes). */
  start(): void;
  /**
   * Stops them, finishes the sends under way and sends what is due; bursts still gathering stay in
   * the store for another instance or the next start.
   */
  stop(): Promise<void>;
}

/** How often the store is read while this instance's own bursts gather. */
const FLUSH_EVERY_MS = 500;
/** How often otherwise: for bursts another instance left. One timer, set for the next look only. */
const IDLE_LOOK_MS = 8_000;

function isSlackId(value: unknown): value is string {
  try {
    checkSlackId('teamId', value);
    return true;
  } catch {
    return false;
  }
}
const REMIND_EVERY_MS = 10 * 60_000;

export function createNotifications(o: NotificationsOptions): Notifications {
  const logger = o.logger.child({ component: 'notifications' });
  const windowMs = o.windowMs ?? 5000;
  const clock = o.clock;
  /** Until when this instance looks at every tick: its own bursts are gathering. */
  let urgentUntil = Number.NEGATIVE_INFINITY;
  const subscriptions = createSubscriptions(o.store, { clock });
  const prefs = createNotifyPrefs(o.store);
  const threads = createTaskThreads(o.store);
  const bursts = createNotifyBursts(o.store);
  let lifecycle = new AbortController();
  const signal = () => lifecycle.signal;
  const queue = new PostQueue({
    clock: o.clock,
    spacingMs: o.spacingMs ?? 1000,
    onRateLimited: (info) =>
      logger.info({ teamId: info.teamId, retryAfterMs: info.retryAfterMs }, 'Slack asked to wait'),
  });

  const projectName = async (teamId: string, projectId: number | null) => {
    if (projectId === null) return null;
    const subs = await subscriptions.listByTeam(teamId);
    const known = subs.find((s) => s.projectId === projectId)?.projectName;
    if (known) return known;
    const api = await o.api(teamId);
    return api ? ((await api.projects.get(projectId).catch(() => undefined))?.name ?? null) : null;
  };

  const poster = new ThreadPoster({
    threads,
    bursts,
    leaseMs: o.leaseMs ?? 120_000,
    queue,
    slack: o.slack,
    messages: o.messages,
    cardContext: o.cardContext,
    clock: o.clock,
    windowMs,
    logger,
    signal,
  });
  const dms: DirectMessages = createDirectMessages({
    store: o.store,
    userLinks: o.userLinks,
    prefs,
    queue,
    slack: o.slack,
    messages: o.messages,
    zones: o.zones,
    api: o.api,
    openTasks: o.openTasks,
    cardContext: o.cardContext,
    projectName,
    clock: o.clock,
    logger,
    signal,
  });

  const noticeInChannel = async (teamId: string, channelId: string, event: ProjectEvent, name: string) => {
    const slack = await o.slack(teamId);
    if (!slack) return;
    const people = await o.userLinks.slackUserByMember(teamId);
    const message = o.messages.projectNotice(event, name, people);
    await queue
      .send(teamId, channelId, signal(), () => slack.chat.postMessage({ channel: channelId, ...message }))
      .catch((error: unknown) =>
        logger.warn({ err: error, teamId, channelId }, 'a notice could not be posted'),
      );
  };

  const outbox = createNotifyOutbox(o.store);
  const sender = createOutboxSender({
    outbox,
    leaseMs: o.leaseMs ?? 120_000,
    notice: noticeInChannel,
    directMessages: (teamId, event) => dms.assigned(teamId, event),
    logger,
  });
  const outboxFailed = (error: unknown) =>
    logger.warn({ err: error }, 'an event’s messages could not be sent');

  const running = new Set<Promise<unknown>>();
  const track = (work: Promise<unknown>) => {
    running.add(work);
    void work.finally(() => running.delete(work)).catch(() => undefined);
  };

  const sink: ProjectEventSink = {
    async deliver(event) {
      // A malformed event is logged and dropped: it must not stop the deliveries after it.
      if (!isSlackId(event.teamId) || typeof event.id !== 'string' || event.id === '') {
        logger.warn({ kind: event.kind }, 'a project event without a workspace or id was dropped');
        return;
      }
      if (await threads.eventDone(event.teamId, event.id)) {
        logger.debug({ eventId: event.id }, 'project event already handled');
        return;
      }
      const subs = (await subscriptions.listByTeam(event.teamId)).filter((s) => subscriptionWants(s, event));
      const aboutTask = event.task !== undefined || event.taskId !== undefined;
      // Written before this resolves (and so before the service hears 2xx); a failure throws to the caller.
      if (aboutTask) for (const sub of subs) await poster.add(event.teamId, sub, event);
      if (aboutTask && subs.length > 0) {
        urgentUntil = clock.now().getTime() + windowMs + 2 * FLUSH_EVERY_MS;
        lookIn?.(FLUSH_EVERY_MS);
      }
      // Direct messages and notices are not gathered (being assigned is news at once), but they
      // are written down too, and sent from there.
      const owed = {
        event,
        notices: aboutTask ? [] : subs.map((s) => ({ channelId: s.channelId, projectName: s.projectName })),
        directMessages: mayAssignSomeone(event),
      };
      const owes = owed.notices.length > 0 || owed.directMessages;
      if (owes) await outbox.add(event.teamId, owed);
      await threads.markEventDone(event.teamId, event.id);
      if (owes) track(sender.send(event.teamId, event.id).catch(outboxFailed));
    },
  };

  const watchedProjects: WatchedProjects = {
    teams: () => subscriptions.teams(),
    async projectsOf(teamId) {
      return [...new Set((await subscriptions.listByTeam(teamId)).map((s) => s.projectId))];
    },
    async watchedSince(teamId, projectId) {
      const times = (await subscriptions.listByTeam(teamId))
        .filter((s) => s.projectId === projectId)
        .map((s) => Date.parse(s.updatedAt))
        .filter(Number.isFinite);
      return times.length > 0 ? Math.min(...times) : undefined;
    },
  };

  let flushTimer: Timer | undefined;
  /** When the next look is set for (ms since epoch), while started. */
  let nextLookAt = Number.POSITIVE_INFINITY;
  /** Sets the next look `ms` from now, unless one is set sooner; undefined while stopped. */
  let lookIn: ((ms: number) => void) | undefined;
  let remindTimer: Timer | undefined;
  const flushDue = () => poster.flushDue();
  const remindDueTomorrow = async () => {
    let sent = 0;
    for (const teamId of new Set(await o.teams())) sent += await dms.dueTomorrow(teamId);
    return sent;
  };
  return {
    sink,
    watchedProjects,
    subscriptions,
    prefs,
    threads,
    async shareCard(teamId, channelId, task, post) {
      const subscribed =
        task.project_id !== null &&
        (await subscriptions.get(teamId, channelId, task.project_id)) !== undefined;
      if (!subscribed) return 'unsubscribed';
      return poster.adoptCard({ teamId, channelId, taskId: task.id, title: task.title }, post);
    },
    flushDue,
    remindDueTomorrow,
    start() {
      lifecycle = new AbortController();
      let looking = false;
      const look = () => {
        if (looking) return;
        looking = true;
        // Tracked, so that a stop waits for an outbox send under way rather than closing the store on it.
        track(
          Promise.all([
            poster
              .kickOpen()
              .catch((error: unknown) => logger.warn({ err: error }, 'notification flush failed')),
            sender.sendWaiting().catch(outboxFailed),
          ]).finally(() => {
            looking = false;
            // Quiet: every FLUSH_EVERY_MS only while this instance's bursts gather (and a little
            // after), so an idle process wakes once per IDLE_LOOK_MS.
            lookIn?.(clock.now().getTime() > urgentUntil ? IDLE_LOOK_MS : FLUSH_EVERY_MS);
          }),
        );
      };
      lookIn = (ms) => {
        const at = clock.now().getTime() + ms;
        if (at >= nextLookAt) return;
        flushTimer?.cancel();
        nextLookAt = at;
        flushTimer = o.clock
          .after(ms, () => {
            nextLookAt = Number.POSITIVE_INFINITY;
            flushTimer = undefined;
            if (looking) lookIn?.(FLUSH_EVERY_MS);
            else look();
          })
          .unref();
      };
      remindTimer ??= o.clock
        .every(REMIND_EVERY_MS, () => {
          remindDueTomorrow().catch((error: unknown) => logger.warn({ err: error }, 'due reminders failed'));
        })
        .unref();
      // Bursts left in the store by an instance that stopped or died go out now, not at the next event.
      look();
    },
    async stop() {
      lookIn = undefined;
      flushTimer?.cancel();
      remindTimer?.cancel();
      flushTimer = undefined;
      nextLookAt = Number.POSITIVE_INFINITY;
      remindTimer = undefined;
      await poster.flushAll();
      await Promise.allSettled([...running]);
      lifecycle.abort(new Error('notifications stopped'));
    },
  };
}
