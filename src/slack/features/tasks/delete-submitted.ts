/**
 * Confirming "Delete this task?". The form closes at once; the right to delete is checked again
 * (it may have changed since the form opened), the task is deleted once however often the form is
 * submitted, and its card becomes a tombstone. A task already gone is reported as such, with its
 * card marked gone too.
 */
import { NotFoundError } from '../../../api/index.ts';
import type { AppDeps } from '../../deps.ts';
import { type FormArgs, formContext } from '../../kit/form-context.ts';
import { once } from '../../kit/once.ts';
import { noteFailure } from '../../kit/report-failure.ts';
import { assertMayDeleteTask } from '../../services/permissions.ts';
import { taskActor } from '../../services/task-actor.ts';
import { describeTaskRefusal, TaskRefusal } from '../../services/task-refusal.ts';
import { type DeleteTaskMetadata, fromDeletePayload } from './delete-task.ts';
import { presentTaskOutcome, surfaceOfLocation, type TaskSurface } from './task-surface.ts';

export function deleteTaskSubmittedHandler(deps: AppDeps) {
  return async (args: FormArgs) => {
    const ctx = formContext(deps, args);
    const { ack, view, client, teamId, userId } = ctx;
    const meta = openMetadata(deps, view.private_metadata);
    if (!meta || meta.teamId !== teamId || meta.userId !== userId) {
      // The confirmation has no input to hang an error on: replace it with the reason.
      await ack({
        response_action: 'update',
        view: {
          type: 'modal',
          callback_id: view.callback_id,
          title: { type: 'plain_text', text: 'Delete task' },
          close: { type: 'plain_text', text: 'Close' },
          blocks: [
            {
              type: 'section',
              text: {
                type: 'mrkdwn',
                text: ':warning: This form is out of date or not yours. Nothing was deleted.',
              },
            },
          ],
        },
      });
      return;
    }
    await ack();
    const viewer = { teamId, userId };
    const surface: TaskSurface = meta.location
      ? surfaceOfLocation(meta.location)
      : meta.responseUrl
        ? { kind: 'response_url', url: meta.responseUrl, replace: false }
        : { kind: 'home' };
    const gone = { taskId: meta.taskId, title: meta.title, deletedBySlackUserId: userId };
    try {
      const actor = await taskActor(deps, teamId, userId);
      if (!actor) throw new TaskRefusal('Link your account with `/task link` to delete tasks.');
      const api = await ctx.api();
      const outcome = await once(
        deps.idempotency,
        { purpose: 'delete-task', kind: 'view', teamId, viewId: view.id },
        async () => {
          const task = await api.tasks.get(meta.taskId);
          await assertMayDeleteTask(
            api,
            task,
            actor,
            async () => (await deps.profiles.get(client, teamId, userId)).isAdmin,
          );
          await api.tasks.delete(meta.taskId);
          return { title: task.title };
        },
      );
      if (outcome.state !== 'ran') return;
      await presentTaskOutcome(deps, client, viewer, surface, {
        gone: { ...gone, title: outcome.value.title },
      });
    } catch (error) {
      if (error instanceof NotFoundError) {
        await presentTaskOutcome(deps, client, viewer, surface, {
          gone: { taskId: meta.taskId, title: meta.title },
          note: `Task #${meta.taskId} was already deleted.`,
        });
        return;
      }
      const { text } = noteFailure(deps, error, {
        what: 'deleting a task',
        describe: (e) => describeTaskRefusal(e, meta.taskId),
      });
      await presentTaskOutcome(deps, client, viewer, surface, { note: text });
    }
  };
}

function openMetadata(deps: AppDeps, text: string | undefined): DeleteTaskMetadata | null {
  try {
    return fromDeletePayload(deps.metadata.open(text));
  } catch {
    return null;
  }
}
