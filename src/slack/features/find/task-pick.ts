/**
 * The task typeahead: an external select whose options are the connection's tasks ranked by title
 * (the same index as `/task find`, no service request), and what choosing one does: the task's card,
 * only for the person, with "Share in channel".
 */
import type {
  AllMiddlewareArgs,
  BlockStaticSelectAction,
  SlackActionMiddlewareArgs,
  SlackOptionsMiddlewareArgs,
} from '@slack/bolt';
import { doneFor } from '../../../api/task-lists.ts';
import { taskViewOf } from '../../../api/task-view.ts';
import { truncate } from '../../../slack-platform/mrkdwn.ts';
import type { AppDeps } from '../../deps.ts';
import { personOf } from '../../kit/person.ts';
import { taskCardModel } from '../../services/task-card-model.ts';
import { renderTaskCard } from '../../ui/messages/task-card.ts';
import { decodeTaskRef, encodeTaskRef } from '../../ui/values.ts';
import { rankTasks } from './rank.ts';

/** Slack shows at most 100 options. */
const MAX_OPTIONS = 100;

type OptionsArgs = SlackOptionsMiddlewareArgs<'block_suggestion'> & AllMiddlewareArgs;

export function taskOptionsHandler(deps: AppDeps) {
  return async ({ ack, body }: OptionsArgs) => {
    const api = await deps.workApi.clientFor(personOf(body).teamId);
    if (!api) return ack({ options: [] });
    const view = taskViewOf(api);
    await view.sync().catch(() => {});
    if (!view.warm) {
      // The first read starts now; the person's next keystroke finds the tasks.
      view.refresh().catch(() => {});
      return ack({ options: [] });
    }
    const isDone = doneFor(api);
    const words = (body.value ?? '').split(/\s+/).filter(Boolean);
    const ranked = rankTasks(view.all().tasks, words, (t) => isDone(t.status));
    await ack({
      options: ranked.slice(0, MAX_OPTIONS).map(({ task }) => ({
        text: { type: 'plain_text' as const, text: truncate(`#${task.id} ${task.title}`, 75) },
        value: encodeTaskRef({ taskId: task.id, projectId: task.project_id }),
      })),
    });
  };
}

type PickArgs = SlackActionMiddlewareArgs<BlockStaticSelectAction> & AllMiddlewareArgs;

export function taskPickedHandler(deps: AppDeps) {
  return async ({ ack, body, action, client, respond }: PickArgs) => {
    await ack();
    const teamId = personOf(body).teamId;
    const userId = body.user.id;
    const ref = decodeTaskRef(action.selected_option?.value ?? '');
    if (!ref) {
      await respond({
        response_type: 'ephemeral',
        replace_original: false,
        text: 'That choice is out of date: search again.',
      });
      return;
    }
    try {
      const api = await deps.workApi.clientFor(teamId);
      if (!api) {
        await respond({
          response_type: 'ephemeral',
          replace_original: false,
          text: 'This workspace is not connected: `/task connect`.',
        });
        return;
      }
      const task = await api.tasks.get(ref.taskId);
      const model = await taskCardModel(deps, client, api, { teamId, userId, task });
      const card = renderTaskCard({ ...model, shareable: true }, deps.clock.now());
      await respond({ response_type: 'ephemeral', replace_original: false, ...card });
    } catch (error) {
      deps.logger.warn({ err: error }, 'showing a picked task failed');
      await respond({
        response_type: 'ephemeral',
        replace_original: false,
        text: `Task #${ref.taskId} could not be read just now; try \`/task show ${ref.taskId}\`.`,
      });
    }
  };
}
