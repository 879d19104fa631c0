/**
 * A task made from a message by an emoji gets ✅ on that message when it is done, whatever made it
 * done: the app's own writes (heard through the service clients) or the service's events (webhooks,
 * the polling fallback), which reach the notifications through the sink this wraps. One instance
 * adds it (the store's claim); a message already showing it counts as added.
 */
import type { WebClient } from '@slack/web-api';
import { statusIsDone } from '../../api/done-status.ts';
import type { WorkApiClient } from '../../api/index.ts';
import type { TaskChangeEvent } from '../../api/resources/tasks.ts';
import type { Logger } from '../../lib/logger.ts';
import type { ProjectEvent, ProjectEventSink } from '../../notify/events/project-event.ts';
import { createReactionTasks } from '../../store/repositories/reaction-tasks.ts';
import type { Store } from '../../store/types.ts';

const DONE_REACTION = 'white_check_mark';

interface ReactionDoneMarks {
  /** For the service clients' change listener (`WorkApiRegistry`'s `onTaskChange`). */
  taskChanged(teamId: string, change: TaskChangeEvent, client: WorkApiClient): void;
  /** The same sink, with done tasks' messages marked after each event is delivered. */
  wrap(sink: ProjectEventSink): ProjectEventSink;
  /** Resolves once the marks begun so far are added (for shutdown and tests). */
  settled(): Promise<void>;
}

export function createReactionDoneMarks(o: {
  store: Store;
  slack: (teamId: string) => Promise<WebClient | undefined>;
  logger: Logger;
}): ReactionDoneMarks {
  const reactions = createReactionTasks(o.store);
  const running = new Set<Promise<void>>();

  async function mark(teamId: string, taskId: number): Promise<void> {
    const source = await reactions.source(teamId, taskId);
    if (!source || !(await reactions.claimDoneMark(teamId, taskId))) return;
    try {
      const client = await o.slack(teamId);
      if (!client) throw new Error('no Slack client for the workspace');
      await client.reactions.add({
        channel: source.channelId,
        timestamp: source.messageTs,
        name: DONE_REACTION,
      });
    } catch (error) {
      if ((error as { data?: { error?: string } }).data?.error === 'already_reacted') return;
      // Given back, so the next change or event of the task tries again.
      await reactions.releaseDoneMark(teamId, taskId).catch(() => undefined);
      o.logger.info({ err: error, taskId }, 'the done mark could not be added to a task’s message');
    }
  }

  function track(work: Promise<void>): void {
    const tracked = work.catch((error: unknown) => o.logger.info({ err: error }, 'a done mark failed'));
    running.add(tracked);
    void tracked.finally(() => running.delete(tracked));
  }

  return {
    taskChanged(teamId, change, client) {
      if (change.kind === 'upsert' && statusIsDone(change.task.status, client.doneChoice))
        track(mark(teamId, change.task.id));
    },
    wrap(sink) {
      return {
        async deliver(event: ProjectEvent) {
          await sink.deliver(event);
          const taskId = event.task?.id ?? event.taskId;
          if (event.kind === 'task.done' && taskId !== undefined) track(mark(event.teamId, taskId));
        },
      };
    },
    async settled() {
      while (running.size > 0) await Promise.all([...running]);
    },
  };
}
