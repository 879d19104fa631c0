/**
 * Everything a task card shows besides the task: its project's name and statuses (cached reads),
 * the Slack people behind its members, its web address, and the reader's zone. A card redrawn
 * after an action keeps all of it, whichever message it started in.
 */
import type { WebClient } from '@slack/web-api';
import type { TaskRecord, WorkApiClient } from '../../api/index.ts';
import type { AppDeps } from '../deps.ts';
import type { TaskCardModel } from '../ui/messages/task-card.ts';
import { slackUsersByMember } from './resolve-people.ts';
import { projectStatuses } from './task-changes.ts';
import { originLine } from './task-origin.ts';

export async function taskCardModel(
  deps: AppDeps,
  client: WebClient,
  api: WorkApiClient,
  q: { teamId: string; userId: string; task: TaskRecord },
): Promise<TaskCardModel> {
  const { task } = q;
  const [statuses, project, slackUserIds, timeZone, origin] = await Promise.all([
    // A card without its status menu or project name still works: neither read may fail it.
    projectStatuses(api, task.project_id).catch((error: unknown) => {
      deps.logger.info({ err: error }, 'project statuses unavailable for a card');
      return undefined;
    }),
    task.project_id === null ? undefined : api.projects.get(task.project_id).catch(() => undefined),
    slackUsersByMember(deps, q.teamId),
    deps.profiles.timeZone(client, q.teamId, q.userId),
    originLine(deps, q.teamId, task),
  ]);
  return {
    task,
    url: deps.taskLinks.urlFor(task),
    projectName: project?.name ?? null,
    statuses,
    slackUserIds,
    timeZone,
    origin,
  };
}
