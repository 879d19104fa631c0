/**
 * What `/task list` and `/task mine` share: one page of tasks, fetched together with the person's
 * zone and the Slack users linked to members, in the shape the task-list renderers take.
 */
import type { WebClient } from '@slack/web-api';
import type { Page, TaskRecord } from '../../../api/index.ts';
import type { Task } from '../../../contract/index.ts';
import type { AppDeps } from '../../deps.ts';
import { hasNextPage } from '../../services/has-next-page.ts';
import { slackUsersByMember } from '../../services/resolve-people.ts';
import type { TaskListBase } from '../../ui/messages/task-list.ts';

/** `fetchPage` asks the service for the page; it is called alongside the other look-ups. */
export async function loadTaskListPage(
  deps: AppDeps,
  client: WebClient,
  q: { teamId: string; userId: string; status: string | null },
  fetchPage: () => Promise<Page<TaskRecord>>,
): Promise<TaskListBase> {
  const [timeZone, page, slackUserIds] = await Promise.all([
    deps.profiles.timeZone(client, q.teamId, q.userId),
    fetchPage(),
    slackUsersByMember(deps, q.teamId),
  ]);
  return {
    tasks: page.data as Task[],
    page: page.meta.current_page,
    hasNext: hasNextPage(page.meta, page.data.length),
    total: page.meta.total ?? page.data.length,
    status: q.status,
    timeZone,
    slackUserIds,
    taskUrl: (task) => deps.taskLinks.urlFor(task),
  };
}
