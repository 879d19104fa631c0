/**
 * One thread per task per channel. The first event of a task in a channel posts its card; events
 * after it wait out a window (5 s from the first of them) and then go as one merged reply in the
 * thread, and the card above is edited in place to show the task as it is now. Every Slack call
 * waits its channel's turn in the post queue (one call a second per channel), and a 429 is waited
 * out and sent again.
 *
 * Bursts are gathered in this process's memory: with several instances, events of one task that
 * land on different instances reply separately (still each once).
 */
import type { WebClient } from '@slack/web-api';
import type { TaskRecord } from '../../../api/schemas/records.ts';
import type { ProjectStatusDef } from '../../../contract/index.ts';
import type { PostQueue } from '../../../digest/post-queue.ts';
import type { ProjectEvent } from '../../../events/project-event.ts';
import type { Logger } from '../../../lib/logger.ts';
import type { Subscription } from '../../../store/repositories/subscriptions.ts';
import type { TaskThread, TaskThreads } from '../../../store/repositories/task-threads.ts';
import type { RenderedMessage } from '../../ui/block-types.ts';
import { renderDeletedTask, renderTaskCard } from '../../ui/messages/task-card.ts';
import type { SlackUserIds } from '../../ui/messages/task-parts.ts';
import { renderThreadReply } from '../../ui/notifications/event-lines.ts';

export type PostingClient = Pick<WebClient, 'chat'>;

export interface CardContext {
  people: SlackUserIds;
  url: string | undefined;
  statuses?: ProjectStatusDef[] | undefined;
}

export interface ThreadPosterOptions {
  threads: TaskThreads;
  queue: PostQueue;
  slack: (teamId: string) => Promise<PostingClient | undefined>;
  /** What a card shows besides the task: linked people, the task's address, the project's statuses. */
  cardContext: (teamId: string, task: TaskRecord) => Promise<CardContext>;
  now: () => Date;
  windowMs: number;
  logger: Logger;
  signal: () => AbortSignal;
}

interface Burst {
  teamId: string;
  channelId: string;
  taskId: number;
  sub: Subscription;
  /** Events waiting for the window to end (the one the card was posted for is not among them). */
  events: ProjectEvent[];
  task: TaskRecord | undefined;
  title: string;
  /** When the window closes, epoch ms. */
  closesAt: number;
  /** The thread, once its parent is found or posted; undefined when posting it failed. */
  parent: Promise<TaskThread | undefined>;
}

export class ThreadPoster {
  readonly #o: ThreadPosterOptions;
  readonly #bursts = new Map<string, Burst>();
  /**
   * Cards posted or on their way, per task and channel, until the store has their thread: a burst
   * that starts while its task's card still waits in the channel's queue replies under that card
   * rather than posting another.
   */
  readonly #parents = new Map<string, Promise<TaskThread | undefined>>();
  readonly #running = new Set<Promise<unknown>>();
  /** The newest burst of each task and channel (gathering or being sent): only its card edit is needed. */
  readonly #newest = new Map<string, Burst>();

  constructor(options: ThreadPosterOptions) {
    this.#o = options;
  }

  /** Bursts still waiting for their window to close. */
  get waiting(): number {
    return this.#bursts.size;
  }

  /** Takes one event for one channel's subscription. Resolves once it is gathered (not yet posted). */
  add(teamId: string, sub: Subscription, event: ProjectEvent): void {
    const taskId = event.task?.id ?? event.taskId;
    if (taskId === undefined) return;
    const key = `${teamId}:${sub.channelId}:${taskId}`;
    const open = this.#bursts.get(key);
    if (open) {
      open.events.push(event);
      if (event.task) open.task = event.task;
      return;
    }
    const burst: Burst = {
      teamId,
      channelId: sub.channelId,
      taskId,
      sub,
      events: [event],
      task: event.task,
      title: event.task?.title ?? `Task ${taskId}`,
      closesAt: this.#o.now().getTime() + this.#o.windowMs,
      parent: Promise.resolve(undefined),
    };
    const pending = this.#parents.get(key);
    if (pending) burst.parent = pending;
    else {
      const parent = this.#track(
        this.#parentFor(burst, event).catch((error: unknown) => {
          this.#o.logger.warn({ err: error, teamId, taskId }, 'a task thread could not be started');
          return undefined;
        }),
      );
      burst.parent = parent;
      this.#parents.set(key, parent);
      void parent.finally(() => {
        if (this.#parents.get(key) === parent) this.#parents.delete(key);
      });
    }
    this.#bursts.set(key, burst);
    this.#newest.set(key, burst);
  }

  /** Sends the bursts whose window has closed by `now`; resolves when they are posted. */
  async flushDue(now: Date): Promise<number> {
    const due = [...this.#bursts.entries()].filter(([, b]) => b.closesAt <= now.getTime());
    for (const [key] of due) this.#bursts.delete(key);
    await Promise.all(due.map(([, burst]) => this.#track(this.#send(burst))));
    return due.length;
  }

  /** Everything gathered, sent now (at stop). */
  async flushAll(): Promise<void> {
    await this.flushDue(new Date(8.64e15));
    await Promise.allSettled([...this.#running]);
  }

  /** Finds the task's thread in the channel, or posts its card (the event it stands for is then told by the card). */
  async #parentFor(burst: Burst, first: ProjectEvent): Promise<TaskThread | undefined> {
    const { teamId, channelId, taskId } = burst;
    const known = await this.#o.threads.get(teamId, channelId, taskId);
    if (known) return known;
    if (!burst.task || first.kind === 'task.deleted') return undefined;
    burst.events = burst.events.filter((e) => e !== first);
    const message = await this.#card(teamId, burst.task, burst.sub.projectName);
    const posted = await this.#call(teamId, channelId, (slack) =>
      slack.chat.postMessage({ channel: channelId, ...message, unfurl_links: false }),
    );
    const ts = typeof posted?.ts === 'string' ? posted.ts : undefined;
    if (!ts) return undefined;
    const thread = {
      channelId: typeof posted?.channel === 'string' ? posted.channel : channelId,
      ts,
      title: burst.task.title,
    };
    await this.#o.threads.save(teamId, thread, taskId);
    return thread;
  }

  async #send(burst: Burst): Promise<void> {
    const key = `${burst.teamId}:${burst.channelId}:${burst.taskId}`;
    try {
      await this.#sendBurst(burst, key);
    } finally {
      if (this.#newest.get(key) === burst) this.#newest.delete(key);
    }
  }

  async #sendBurst(burst: Burst, key: string): Promise<void> {
    const { teamId, channelId } = burst;
    const thread = await burst.parent;
    if (burst.events.length === 0) return;
    const task = burst.task;
    const context = task ? await this.#o.cardContext(teamId, task) : { people: new Map(), url: undefined };
    const reply = renderThreadReply(
      { id: burst.taskId, title: task?.title ?? burst.title },
      burst.events,
      context.people,
    );
    const deleted = burst.events.some((e) => e.kind === 'task.deleted');
    if (!thread) {
      // No card to reply under (a task known by id only): the change goes in the channel alone.
      await this.#call(teamId, channelId, (slack) =>
        slack.chat.postMessage({ channel: channelId, ...reply }),
      );
      return;
    }
    // "Also send to channel" only when the subscription asks: otherwise the channel sees one card per task.
    const inThread = { channel: thread.channelId, thread_ts: thread.ts, ...reply };
    await this.#call(teamId, channelId, (slack) =>
      slack.chat.postMessage(burst.sub.broadcast ? { ...inThread, reply_broadcast: true } : inThread),
    );
    const card: RenderedMessage | undefined = deleted
      ? renderDeletedTask(
          { taskId: burst.taskId, title: task?.title ?? thread.title ?? burst.title },
          this.#o.now(),
        )
      : task
        ? await this.#card(teamId, task, burst.sub.projectName)
        : undefined;
    if (card) {
      await this.#call(teamId, channelId, async (slack) => {
        // A newer burst of this task is on its way: its own edit will show the card as it is then.
        if (!deleted && this.#newest.get(key) !== burst) return undefined;
        return slack.chat.update({ channel: thread.channelId, ts: thread.ts, ...card });
      });
    }
  }

  async #card(teamId: string, task: TaskRecord, projectName: string): Promise<RenderedMessage> {
    const context = await this.#o.cardContext(teamId, task);
    return renderTaskCard(
      {
        task,
        url: context.url,
        projectName,
        statuses: context.statuses,
        slackUserIds: context.people,
      },
      this.#o.now(),
    );
  }

  /** One Slack call in the channel's turn; a failure is logged and the burst goes on without it. */
  async #call<T>(
    teamId: string,
    channelId: string,
    call: (slack: PostingClient) => Promise<T>,
  ): Promise<T | undefined> {
    const slack = await this.#o.slack(teamId);
    if (!slack) return undefined;
    try {
      return await this.#o.queue.send(teamId, channelId, this.#o.signal(), () => call(slack));
    } catch (error) {
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
