/**
 * A task's flexpane (entity.presentDetails): the task's entity with its fields, editable for a
 * person who may change the task, or an error in its place that says why (Slack shows
 * `custom_title` and `custom_message` when `status` is `custom`).
 */
import type { WebClient } from '@slack/web-api';
import type { TaskRecord, WorkApiClient } from '../../../api/index.ts';
import type { AppDeps } from '../../deps.ts';
import { slackUsersByMember } from '../../services/resolve-people.ts';
import { projectStatuses } from '../../services/task-changes.ts';
import { taskEntity } from '../../ui/messages/task-entity.ts';

export interface FlexpaneError {
  title: string;
  message: string;
}

export async function presentTaskDetails(
  deps: AppDeps,
  client: WebClient,
  q: {
    teamId: string;
    /** Who opened it: their zone shows the due day. */
    userId: string;
    triggerId: string;
    api: WorkApiClient;
    task: TaskRecord;
    editable: boolean;
    url: string;
  },
): Promise<void> {
  const [statuses, slackUserIds, timeZone] = await Promise.all([
    projectStatuses(q.api, q.task.project_id).catch(() => undefined),
    slackUsersByMember(deps, q.teamId),
    deps.profiles.timeZone(client, q.teamId, q.userId),
  ]);
  const metadata = taskEntity({
    task: q.task,
    url: q.url,
    statuses,
    slackUserIds,
    editable: q.editable,
    timeZone,
  });
  await client.apiCall('entity.presentDetails', { trigger_id: q.triggerId, metadata });
}

export async function presentDetailsError(
  client: WebClient,
  triggerId: string,
  error: FlexpaneError,
): Promise<void> {
  await client.apiCall('entity.presentDetails', {
    trigger_id: triggerId,
    error: {
      status: 'custom',
      custom_title: error.title,
      custom_message: error.message,
      message_format: 'markdown',
    },
  });
}
