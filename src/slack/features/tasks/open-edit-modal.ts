/**
 * Opens the edit form: a loading view at once (the trigger lasts 3 s), then the task as it is now.
 * The form's sealed metadata keeps the task's version and a hash of each value shown, so saving can
 * tell what changed meanwhile (see edit-submitted.ts). A task already gone says so and its card is
 * marked gone.
 */
import type { WebClient } from '@slack/web-api';
import { NotFoundError } from '../../../api/index.ts';
import type { AppDeps } from '../../deps.ts';
import { fillOpenView } from '../../kit/fill-open-view.ts';
import { requireApi } from '../../kit/require-api.ts';
import { taskCardModel } from '../../services/task-card-model.ts';
import { describeTaskFailure } from '../../services/task-refusal.ts';
import { VIEWS } from '../../ui/ids.ts';
import { renderLoadingView, renderProblemView } from '../../ui/modals/loading.ts';
import { assigneeSlackUsers } from './assignee-slack-users.ts';
import { renderEditTaskView } from './edit-task.ts';
import { hashesOf, toEditPayload } from './edit-task-metadata.ts';
import { taskFormValues } from './edit-task-values.ts';
import type { TaskLocation } from './task-location.ts';
import { presentTaskOutcome, surfaceOfLocation } from './task-surface.ts';

export interface OpenTaskModalRequest {
  triggerId: string;
  teamId: string;
  userId: string;
  taskId: number;
  /** Where the task's card is, to redraw it afterwards; null when there is none (a command). */
  location: TaskLocation | null;
  /** The title the card showed, for its tombstone if the task is gone. */
  knownTitle?: string | null;
}

export async function openEditTaskModal(
  deps: AppDeps,
  client: WebClient,
  req: OpenTaskModalRequest,
): Promise<void> {
  const opened = await client.views.open({
    trigger_id: req.triggerId,
    view: renderLoadingView('Edit task', `Loading task #${req.taskId}…`, VIEWS.editTask),
  });
  const viewId = opened.view?.id;
  if (!viewId) return;
  try {
    const api = await requireApi(deps, req.teamId);
    const task = await api.tasks.get(req.taskId);
    const model = await taskCardModel(deps, client, api, { teamId: req.teamId, userId: req.userId, task });
    const timeZone = model.timeZone ?? 'UTC';
    // The picker shows every assignee Slack knows: linked, or found by their email.
    const people = await assigneeSlackUsers(deps, api, client, {
      teamId: req.teamId,
      task,
      ...(model.slackUserIds ? { linked: model.slackUserIds } : {}),
    });
    const slackUserIds = people.all;
    const form = taskFormValues(task, timeZone, slackUserIds);
    const privateMetadata = deps.metadata.seal(
      toEditPayload({
        teamId: req.teamId,
        userId: req.userId,
        taskId: task.id,
        projectId: task.project_id,
        version: task.updated_at,
        timeZone,
        hashes: hashesOf(form.values, form.members),
        title: task.title,
        location: req.location ?? { kind: 'home' },
        byEmail: people.byEmail,
      }),
    );
    await fillOpenView(client, {
      view_id: viewId,
      view: renderEditTaskView({
        task,
        statuses: model.statuses,
        projectName: model.projectName,
        timeZone,
        slackUserIds,
        privateMetadata,
      }),
    });
  } catch (error) {
    if (!(error instanceof NotFoundError)) deps.logger.warn({ err: error }, 'could not open the edit form');
    await fillOpenView(client, {
      view_id: viewId,
      view: renderProblemView('Edit task', describeTaskFailure(error, req.taskId), VIEWS.editTask),
    }).catch((e: unknown) => deps.logger.warn({ err: e }, 'could not show why the edit form did not open'));
    if (error instanceof NotFoundError && req.location) {
      await presentTaskOutcome(deps, client, req, surfaceOfLocation(req.location), {
        gone: { taskId: req.taskId, title: req.knownTitle ?? `Task ${req.taskId}` },
      });
    }
  }
}
