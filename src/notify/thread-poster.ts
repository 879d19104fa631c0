/**
 * One thread per task per channel. The first event of a task in a channel posts its card; events
 * after it wait out a window (5 s from the first of them) and then go as one merged reply in the
 * thread, and the card above is edited in place to show the task as it is now. Every Slack call
 * waits its turn in the post queue (new messages one a second per channel; card edits in the
 * workspace's own edit lane, so they keep up with the replies), and a 429 is waited
 * out and sent again.
 *
 * Bursts are gathered in the store (`notify-bursts.ts`), not in a process: events of one task that
 * land on different instances still make one card and one reply per window, sent by whichever
 * instance holds the task's lease when the window closes; an event written there before the
 * service was answered survives a crash of the instance that took it.
 */
import type { TaskRecord } from '../api/schemas/records.ts';
import type { Clock } from '../lib/clock.ts';
import type { Logger } from '../lib/logger.ts';
import type { PostQueue } from '../lib/post-queue.ts';
import type { NotifyChatClient } from './chat-client.ts';
import type { ProjectEvent } from './events/project-event.ts';
import type { CardContext, NotifyMessage, NotifyMessages } from './messages.ts';
import { newestTask } from './newest-task.ts';
import type { NotifyBursts } from './store/notify-bursts.ts';
import type { Subscription } from './store/subscriptions.ts';
import type { TaskThread, TaskThreads } from './store/task-threads.ts';

interface ThreadPosterOptions {
  threads: TaskThreads;
  bursts: NotifyBursts;
  /** How long one instance's hold on a task's burst lasts: it must outlast one send (queue waits included). */
  leaseMs: number;
  queue: PostQueue;
  slack: (teamId: string) => Promise<NotifyChatClient | undefined>;
  messages: NotifyMessages;
  /** What a card shows besides the task: linked people, the task's address, the project's statuses. */
  cardContext: (teamId: string, task: TaskRecord) => Promise<CardContext>;
  clock: Clock;
  windowMs: number;
  logger: Logger;
  signal: () => AbortSignal;
}

/** One task's burst in one channel, as read from the store for one send. */
interface BurstRef {
  teamId: string;
  channelId: string;
  taskId: number;
}

/** Whether this instance still holds the burst's lease: a post after it lapsed could be another's too. */
type Held = () => boolean;

/** The lease lapsed before a post's turn came (a slow queue): the post is left to the next holder. */
class LeaseLapsed extends Error {}

export class ThreadPoster {
  readonly #o: ThreadPosterOptions;
  /** Each task-channel's sends in this process, one after another (the lease keeps other instances out). */
  readonly #chains = new Map<string, Promise<number>>();
  /** A send queued behind the running one and not yet begun: later kicks join it. */
  readonly #queued = new Map<string, Promise<number>>();
  readonly #running = new Set<Promise<unknown>>();
  /** Counts events gathered here, to keep the order of two that arrive in one millisecond. */
  #arrivals = 0;

  constructor(options: ThreadPosterOptions) {
    this.#o = options;
  }

  /**
   * Writes one event for one channel's subscription to its task's burst in the store; resolves
   * once it is there (durable, not yet posted). Then the burst is looked at once at once, so that a
   * task's first event posts its card without waiting for the window.
   */
  async add(teamId: string, sub: Subscription, event: ProjectEvent): Promise<void> {
    const taskId = event.task?.id ?? event.taskId;
    if (taskId === undefined) return;
    await this.#o.bursts.add(teamId, sub.channelId, taskId, {
      event,
      projectName: sub.projectName,
      broadcast: sub.broadcast,
      at: this.#o.clock.now().getTime(),
      order: this.#arrivals++,
    });
    void this.#run({ teamId, channelId: sub.channelId, taskId }).catch(() => undefined);
  }

  /**
   * Sends every burst in the store whose window has closed by `now`, whichever instance gathered
   * it (and the card of any task that has none yet); resolves when they are posted. Returns how
   * many replies went.
   */
  async flushDue(): Promise<number> {
    const counts = await Promise.all(await this.kickOpen());
    return counts.reduce((a, b) => a + b, 0);
  }

  /**
   * Queues a look at every burst in the store whose window has closed, and resolves once they are
   * queued, not sent (the timer's flush: one slow channel must not hold up the others' next look).
   * A card goes out on its event's own look; one left unsent (its instance died) goes with its window.
   */
  async kickOpen(): Promise<Promise<number>[]> {
    const runs: Promise<number>[] = [];
    const now = this.#o.clock.now().getTime();
    for (const teamId of await this.#o.bursts.teams()) {
      for (const { channelId, taskId, firstAt } of await this.#o.bursts.open(teamId)) {
        if (firstAt + this.#o.windowMs <= now) runs.push(this.#run({ teamId, channelId, taskId }));
      }
    }
    return runs;
  }

  /**
   * Posts a card that someone's own action put in the channel (a `/task new`, a form) as the task's
   * thread there, under the same lease as the card a subscription posts: one card per task per
   * channel, whichever comes first. `post` is called only when the channel has no card of the task
   * yet, and returns where the card went. A lease held past `waitMs` (another instance is posting)
   * answers 'busy', and the caller posts its own way.
   */
  async adoptCard(
    ref: BurstRef & { title: string },
    post: () => Promise<{ channelId: string; ts: string } | undefined>,
    waitMs = 3_000,
  ): Promise<'posted' | 'shown' | 'failed' | 'busy'> {
    const { teamId, channelId, taskId } = ref;
    const { bursts, leaseMs } = this.#o;
    // Counted in looks rather than read off the clock, so a clock a test has pinned still ends it.
    for (
      let looks = Math.ceil(waitMs / 50);
      !(await bursts.lease(teamId, channelId, taskId, leaseMs));
      looks--
    ) {
      if (looks <= 0) return 'busy';
      await this.#o.clock.sleep(50);
    }
    try {
      if (await this.#o.threads.get(teamId, channelId, taskId)) return 'shown';
      const where = await post();
      if (!where) return 'failed';
      await this.#o.threads.save(
        teamId,
        { channelId: where.channelId, ts: where.ts, title: ref.title },
        taskId,
      );
      return 'posted';
    } finally {
      await bursts.releaseLease(teamId, channelId, taskId);
    }
  }

  /** Waits for the sends under way, then sends what is due (at stop); the rest stays in the store. */
  async flushAll(): Promise<void> {
    await Promise.allSettled([...this.#running]);
    await this.flushDue();
    await Promise.allSettled([...this.#running]);
  }

  /** Queues one look at a burst behind this process's earlier ones; kicks that find one queued join it. */
  #run(ref: BurstRef): Promise<number> {
    const key = `${ref.teamId}:${ref.channelId}:${ref.taskId}`;
    const queued = this.#queued.get(key);
    if (queued) return queued;
    const before = this.#chains.get(key) ?? Promise.resolve(0);
    const next = before
      .catch(() => 0)
      .then(() => {
        if (this.#queued.get(key) === next) this.#queued.delete(key);
        return this.#step(ref);
      })
      .catch((error: unknown) => {
        this.#o.logger.warn({ err: error, teamId: ref.teamId, taskId: ref.taskId }, 'a task burst failed');
        return 0;
      });
    this.#queued.set(key, next);
    this.#chains.set(key, next);
    void next.finally(() => {
      if (this.#chains.get(key) === next) this.#chains.delete(key);
    });
    return this.#track(next);
  }

  /**
   * One look at a task's burst in a channel under its lease: the card if the task has no thread
   * there yet, then, once the window (from the burst's first event) has closed, one reply for the
   * events in it and the card edited. Records are removed after their reply: a crash before that
   * leaves them to whichever instance takes the lease after it lapses (sent again, never lost).
   */
  async #step(ref: BurstRef): Promise<number> {
    const { teamId, channelId, taskId } = ref;
    const { bursts, leaseMs } = this.#o;
    if (!(await bursts.lease(teamId, channelId, taskId, leaseMs))) return 0;
    const leased = performance.now();
    const held: Held = () => performance.now() - leased < leaseMs;
    try {
      const entries = await bursts.list(teamId, channelId, taskId);
      const first = entries[0];
      if (!first) return 0;
      let thread = await this.#o.threads.get(teamId, channelId, taskId);
      if (!thread && !entries.some((e) => e.entry.cardFailed)) {
        thread = await this.#startThread(ref, first, held);
        if (!thread && first.entry.event.task && first.entry.event.kind !== 'task.deleted') {
          await bursts.update({ ...first, entry: { ...first.entry, cardFailed: true } });
          first.entry.cardFailed = true;
        }
      }
      const closesAt = first.entry.at + this.#o.windowMs;
      if (this.#o.clock.now().getTime() < closesAt) return 0;
      const taken = entries.filter((e) => e.entry.at < closesAt);
      // A task's creation is what its card tells: when its changes reach two instances at once the
      // card may go out for a later change, and "Created" under it would say nothing new. Any other
      // change, the card's first included, is said in the thread ("Status → In progress").
      const told = (e: (typeof entries)[number]) =>
        e.entry.cardFailed === true || (thread !== undefined && e.entry.event.kind === 'task.created');
      const events = taken.filter((e) => !told(e)).map((e) => e.entry);
      if (events.length > 0) await this.#sendBurst(ref, events, thread, closesAt, held);
      await bursts.remove(taken);
      return events.length > 0 ? 1 : 0;
    } catch (error) {
      if (!(error instanceof LeaseLapsed)) throw error;
      this.#o.logger.info(
        { teamId, channelId, taskId },
        'a task burst waited past its lease; left to the next',
      );
      return 0;
    } finally {
      // A lease that lapsed meanwhile may be another instance's now: only a live one is given back.
      if (held()) await bursts.releaseLease(teamId, channelId, taskId);
    }
  }

  /** Posts the task's card for the burst's first event (which it then stands for) and saves the thread. */
  async #startThread(
    ref: BurstRef,
    first: { entry: { event: ProjectEvent; projectName: string } },
    held: Held,
  ): Promise<TaskThread | undefined> {
    const { teamId, channelId, taskId } = ref;
    const { event, projectName } = first.entry;
    if (!event.task || event.kind === 'task.deleted') return undefined;
    const task = event.task;
    const message = await this.#card(teamId, task, projectName);
    const posted = await this.#call(
      teamId,
      channelId,
      (slack) => slack.chat.postMessage({ channel: channelId, ...message, unfurl_links: false }),
      held,
    );
    const ts = typeof posted?.ts === 'string' ? posted.ts : undefined;
    if (!ts) return undefined;
    const thread: TaskThread = {
      channelId: typeof posted?.channel === 'string' ? posted.channel : channelId,
      ts,
      title: task.title,
      cardEventId: event.id,
    };
    await this.#o.threads.save(teamId, thread, taskId);
    return thread;
  }

  async #sendBurst(
    ref: BurstRef,
    entries: Array<{ event: ProjectEvent; projectName: string; broadcast: boolean }>,
    thread: TaskThread | undefined,
    closesAt: number,
    held: Held,
  ): Promise<void> {
    const { teamId, channelId, taskId } = ref;
    const events = entries.map((e) => e.event);
    const last = entries.at(-1)!;
    const task = newestTask(events);
    const title = task?.title ?? thread?.title ?? `Task ${taskId}`;
    const context = task ? await this.#o.cardContext(teamId, task) : { people: new Map(), url: undefined };
    const reply = this.#o.messages.threadReply({ id: taskId, title }, events, context.people);
    const deleted = events.some((e) => e.kind === 'task.deleted');
    if (!thread) {
      // No card to reply under (a task known by id only): the change goes in the channel alone.
      await this.#call(
        teamId,
        channelId,
        (slack) => slack.chat.postMessage({ channel: channelId, ...reply }),
        held,
      );
      return;
    }
    const card: NotifyMessage | undefined = deleted
      ? this.#o.messages.deletedCard({ taskId, title }, this.#o.clock.now())
      : task
        ? await this.#card(teamId, task, last.projectName)
        : undefined;
    if (card) {
      // Queued first and not awaited: edits wait in the workspace's edit lane, not behind the
      // channel's new messages, so the card is current as soon as the window closes, however many
      // replies the channel still has to send. A crash before it leaves the card as it was.
      void this.#track(
        this.#call(
          teamId,
          channelId,
          async (slack) => {
            // A newer burst of this task is waiting: its own edit will show the card as it is then.
            const newer = (await this.#o.bursts.list(teamId, channelId, taskId)).some(
              (e) => e.entry.at >= closesAt,
            );
            if (!deleted && newer) return undefined;
            return slack.chat.update({ channel: thread.channelId, ts: thread.ts, ...card });
          },
          undefined,
          'edit',
        ),
      );
    }
    // "Also send to channel" only when the subscription asks: otherwise the channel sees one card per task.
    const inThread = { channel: thread.channelId, thread_ts: thread.ts, ...reply };
    await this.#call(
      teamId,
      channelId,
      (slack) => slack.chat.postMessage(last.broadcast ? { ...inThread, reply_broadcast: true } : inThread),
      held,
    );
  }

  async #card(teamId: string, task: TaskRecord, projectName: string): Promise<NotifyMessage> {
    const context = await this.#o.cardContext(teamId, task);
    return this.#o.messages.card({ ...context, task, projectName }, this.#o.clock.now());
  }

  /**
   * One Slack call in the channel's turn; a failure is logged and the burst goes on without it, but
   * a lapsed lease (`held`) throws so that the post is left to the instance holding it next.
   */
  async #call<T>(
    teamId: string,
    channelId: string,
    call: (slack: NotifyChatClient) => Promise<T>,
    held?: Held,
    kind: 'post' | 'edit' = 'post',
  ): Promise<T | undefined> {
    const slack = await this.#o.slack(teamId);
    if (!slack) return undefined;
    try {
      return await this.#o.queue.send(
        teamId,
        channelId,
        this.#o.signal(),
        () => {
          // Checked at the post's turn (and at each retry after a 429), not when it was queued.
          if (held && !held()) throw new LeaseLapsed();
          return call(slack);
        },
        kind,
      );
    } catch (error) {
      if (error instanceof LeaseLapsed) throw error;
      this.#o.logger.warn({ err: error, teamId, channelId }, 'a notification could not be posted');
      return undefined;
    }
  }

  #track<T>(work: Promise<T>): Promise<T> {
    this.#running.add(work);
    void work.finally(() => this.#running.delete(work)).catch(() => undefined);
    return work;
  }
}
