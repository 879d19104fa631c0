/**
 * `entity_details_requested`: a person clicked a task's Work Object (on a card or an unfurl), and
 * Slack waits for its flexpane. The task is read fresh, and its fields are editable only for someone
 * who may change it; a task gone, or a workspace not connected, is said in the flexpane's place.
 */
import type { AllMiddlewareArgs, SlackEventMiddlewareArgs } from '@slack/bolt';
import { NotFoundError } from '../../../api/index.ts';
import type { AppDeps } from '../../deps.ts';
import { presentDetailsError, presentTaskDetails } from './flexpane.ts';
import { editRefusal, taskIdOfEntity } from './task-of-entity.ts';

type Args = SlackEventMiddlewareArgs<'entity_details_requested'> & AllMiddlewareArgs;

export function entityDetailsHandler(deps: AppDeps) {
  return async ({ event, body, client }: Args) => {
    const teamId = body.team_id;
    const triggerId = event.trigger_id;
    const taskId = taskIdOfEntity(deps, event);
    try {
      if (taskId === null) {
        await presentDetailsError(client, triggerId, {
          title: 'Not a Taskbridge task',
          message: 'Taskbridge cannot tell which task this is.',
        });
        return;
      }
      const api = await deps.workApi.clientFor(teamId);
      if (!api) {
        await presentDetailsError(client, triggerId, {
          title: 'Not connected',
          message:
            'This workspace is not connected to the service yet. An admin can connect it with `/task connect`.',
        });
        return;
      }
      const task = await api.tasks.get(taskId);
      const refusal = await editRefusal(deps, client, api, { teamId, userId: event.user, task });
      const url = deps.taskLinks.urlFor(task) ?? event.entity_url;
      await presentTaskDetails(deps, client, {
        teamId,
        userId: event.user,
        triggerId,
        api,
        task,
        editable: refusal === null,
        url,
      });
    } catch (error) {
      const gone = error instanceof NotFoundError;
      deps.logger.info({ err: gone ? undefined : error, taskId }, 'a task flexpane could not be shown');
      await presentDetailsError(client, triggerId, {
        title: gone ? 'Task not found' : 'Could not load the task',
        message: gone
          ? `Task #${taskId} no longer exists in the service, or you lost access to it.`
          : 'The service did not answer in time. Close this and open it again.',
      }).catch(() => undefined);
    }
  };
}
