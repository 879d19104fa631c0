/**
 * Builds and publishes a person's Home tab: connection state, their link, and their open tasks
 * (one service call). Called when the tab opens and after the person acts, so it stays current.
 */
import type { WebClient } from '@slack/web-api';
import type { Task } from '../../contract/index.ts';
import type { AppDeps } from '../deps.ts';
import { renderAppHome } from '../ui/home/app-home.ts';
import { describeFailure } from './failure-message.ts';
import { slackUsersByMember } from './resolve-people.ts';

/** The Home tab shows what is due soonest; the full list is `/task mine`. */
const HOME_TASKS = 50;

export async function publishHome(
  deps: AppDeps,
  client: WebClient,
  teamId: string,
  userId: string,
): Promise<void> {
  const [connection, link, profile] = await Promise.all([
    deps.connections.describe(teamId),
    deps.userLinks.get(teamId, userId),
    deps.profiles.get(client, teamId, userId),
  ]);
  const api = await deps.workApi.clientFor(teamId);
  let tasks: Task[] | undefined;
  let tasksProblem: string | null = null;
  if (api && link) {
    try {
      tasks = (await api.tasks.list({ assignee_id: link.memberId, done: 'false', per_page: HOME_TASKS }))
        .data as Task[];
    } catch (error) {
      tasksProblem = describeFailure(error).text;
    }
  }
  const view = renderAppHome(
    {
      connection: connection
        ? { baseUrl: connection.baseUrl, connectedAt: new Date(connection.connectedAt) }
        : deps.workApi.fallbackBaseUrl
          ? { baseUrl: deps.workApi.fallbackBaseUrl, connectedAt: deps.startedAt }
          : null,
      isAdmin: profile.isAdmin,
      link: link ? { memberName: link.memberName } : null,
      tasks,
      tasksProblem,
      timeZone: profile.timeZone,
      slackUserIds: await slackUsersByMember(deps, teamId),
      taskUrl: (task) => deps.taskLinks.urlFor(task),
    },
    deps.clock.now(),
  );
  await client.views.publish({ user_id: userId, view });
}
