/**
 * What `/task list` and `/task mine` share: one page of tasks, fetched together with the person's
 * zone and the Slack users linked to members, in the shape the task-list renderers take.
 */
import type { WebClient } from '@slack/web-api';
import type { AppDeps } from '../../deps.ts';
import { slackUsersByMember } from '../../services/resolve-people.ts';
import type { TaskListAnswer } from '../../services/task-list-source.ts';
import { hasNextPage } from './has-next-page.ts';
import type { TaskListBase } from './task-list.ts';

/** `fetchPage` asks the service for the page; it is called alongside the other look-ups. */
export async function loadTaskListPage(
  deps: AppDeps,
  client: WebClient,
  q: { teamId: string; userId: string; status: string | null },
  fetchPage: () => Promise<TaskListAnswer>,
): Promise<TaskListBase & { pending?: Promise<void> | undefined }> {
  const [timeZone, answer, slackUserIds] = await Promise.all([
    deps.profiles.timeZone(client, q.teamId, q.userId),
    fetchPage(),
    slackUsersByMember(deps, q.teamId),
  ]);
  const { page } = answer;
  return {
    notes: answer.notes,
    pending: answer.pending,
    interim: answer.pending !== undefined,
    tasks: page.data,
    page: page.meta.current_page,
    hasNext: hasNextPage(page.meta, page.data.length),
    total: page.meta.total ?? page.data.length,
    status: q.status,
    timeZone,
    slackUserIds,
    taskUrl: (task) => deps.taskLinks.urlFor(task),
  };
}
