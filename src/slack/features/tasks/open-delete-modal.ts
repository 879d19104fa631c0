/**
 * Opens "Delete this task?": a loading view at once, then, for the task's creator or a project
 * admin, the confirmation; for anyone else, who may delete it. Asking before showing the button
 * spares a click that could only be refused.
 */
import type { WebClient } from '@slack/web-api';
import { NotFoundError } from '../../../api/index.ts';
import type { AppDeps } from '../../deps.ts';
import { fillOpenView } from '../../kit/fill-open-view.ts';
import { requireApi } from '../../kit/require-api.ts';
import { assertMayDeleteTask } from '../../services/permissions.ts';
import type { TaskActor } from '../../services/task-actor.ts';
import { describeTaskFailure, TaskRefusal } from '../../services/task-refusal.ts';
import { VIEWS } from '../../ui/ids.ts';
import { renderLoadingView, renderProblemView } from '../../ui/modals/loading.ts';
import { renderDeleteTaskView, toDeletePayload } from './delete-task.ts';
import type { OpenTaskModalRequest } from './open-edit-modal.ts';
import { presentTaskOutcome, surfaceOfLocation } from './task-surface.ts';

export async function openDeleteTaskModal(
  deps: AppDeps,
  client: WebClient,
  req: OpenTaskModalRequest & { actor: TaskActor; responseUrl: string | null },
): Promise<void> {
  const opened = await client.views.open({
    trigger_id: req.triggerId,
    view: renderLoadingView('Delete task', `Loading task #${req.taskId}…`, VIEWS.deleteTask),
  });
  const viewId = opened.view?.id;
  if (!viewId) return;
  try {
    const api = await requireApi(deps, req.teamId);
    const task = await api.tasks.get(req.taskId);
    await assertMayDeleteTask(api, task, req.actor, async () => {
      return (await deps.profiles.get(client, req.teamId, req.userId)).isAdmin;
    });
    const project =
      task.project_id === null ? undefined : await api.projects.get(task.project_id).catch(() => undefined);
    const privateMetadata = deps.metadata.seal(
      toDeletePayload({
        teamId: req.teamId,
        userId: req.userId,
        taskId: task.id,
        title: task.title,
        location: req.location,
        responseUrl: req.responseUrl,
      }),
    );
    await fillOpenView(client, {
      view_id: viewId,
      view: renderDeleteTaskView({ task, projectName: project?.name, privateMetadata }),
    });
  } catch (error) {
    if (!(error instanceof NotFoundError || error instanceof TaskRefusal)) {
      deps.logger.warn({ err: error }, 'could not open the delete form');
    }
    await fillOpenView(client, {
      view_id: viewId,
      view: renderProblemView('Delete task', describeTaskFailure(error, req.taskId), VIEWS.deleteTask),
    }).catch((e: unknown) => deps.logger.warn({ err: e }, 'could not show why the delete form did not open'));
    if (error instanceof NotFoundError && req.location) {
      await presentTaskOutcome(deps, client, req, surfaceOfLocation(req.location), {
        gone: { taskId: req.taskId, title: req.knownTitle ?? `Task ${req.taskId}` },
      });
    }
  }
}
