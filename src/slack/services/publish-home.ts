/**
 * Builds and publishes a person's Home tab: connection state, their link, their personal digest,
 * the channels whose default project they set, and their open tasks with each one's actions (from
 * the connection's task view while it is fresh, plus the cached statuses of the projects they are in). Called when the tab opens and
 * after each of the person's actions, so it stays current; an action taken on the tab itself adds a
 * notice on top.
 */
import type { WebClient } from '@slack/web-api';
import type { TaskRecord, WorkApiClient } from '../../api/index.ts';
import type { ProjectStatusDef } from '../../contract/index.ts';
import type { AppDeps } from '../deps.ts';
import { describeFailure } from '../kit/failure-message.ts';
import { renderAppHome } from '../ui/home/app-home.ts';
import type { TaskNotice } from '../ui/messages/task-notice.ts';
import { personalDigest, personalDigestModel } from './digest-personal.ts';
import { slackUsersByMember } from './resolve-people.ts';
import { serviceEventsHomeModel } from './service-events-home.ts';
import { projectStatuses } from './task-changes.ts';
import { myTasks } from './task-list-source.ts';
import { viewFreshnessOf } from './view-freshness.ts';

/** The Home tab shows what is due soonest; the full list is `/task mine`. */
const HOME_TASKS = 50;

interface PublishHomeOptions {
  /** A line on top about what was just done there. Default: none. */
  notice?: TaskNotice | null | undefined;
}

export async function publishHome(
  deps: AppDeps,
  client: WebClient,
  teamId: string,
  userId: string,
  options: PublishHomeOptions = {},
): Promise<void> {
  const [connection, link, profile, channelDefaults, digest, notificationPrefs, reminders] =
    await Promise.all([
      deps.connections.describe(teamId),
      deps.userLinks.get(teamId, userId),
      deps.profiles.get(client, teamId, userId),
      deps.channelDefaults.listSetBy(teamId, userId),
      personalDigest(deps, teamId, userId),
      deps.notifications.prefs.get(teamId, userId),
      deps.reminders.reminders.listFor(teamId, userId),
    ]);
  const api = await deps.workApi.clientFor(teamId);
  const orgWorkspaces = profile.isOrgAdmin ? await orgWorkspacesOf(deps, teamId) : null;
  const fallbackBaseUrl = connection ? undefined : await deps.workApi.fallbackBaseUrlFor(teamId);
  let tasks: TaskRecord[] | undefined;
  let statuses: Map<number, ProjectStatusDef[]> | undefined;
  let tasksProblem: string | null = null;
  if (api && link) {
    try {
      const ask = () =>
        myTasks(api, {
          memberId: link.memberId,
          status: null,
          page: 1,
          perPage: HOME_TASKS,
          now: deps.clock.now().getTime(),
          freshness: viewFreshnessOf(deps, teamId),
        });
      let mine = await ask();
      // Home is published after Slack's event is acknowledged: it can wait for the full list.
      if (mine.pending) {
        await mine.pending;
        mine = await ask();
      }
      tasks = mine.page.data;
      statuses = await statusesOf(api, tasks);
    } catch (error) {
      tasksProblem = describeFailure(error).text;
    }
  }
  const view = renderAppHome(
    {
      connection: connection
        ? { baseUrl: connection.baseUrl, connectedAt: new Date(connection.connectedAt) }
        : fallbackBaseUrl
          ? { baseUrl: fallbackBaseUrl, connectedAt: deps.startedAt }
          : null,
      isAdmin: profile.isAdmin,
      orgWorkspaces,
      link: link ? { memberName: link.memberName } : null,
      tasks,
      tasksProblem,
      timeZone: profile.timeZone,
      slackUserIds: await slackUsersByMember(deps, teamId),
      taskUrl: (task) => deps.taskLinks.urlFor(task),
      statuses,
      channelDefaults: channelDefaults.map((d) => ({ channelId: d.channelId, projectName: d.projectName })),
      notice: options.notice ?? null,
      personalDigest: personalDigestModel(digest, deps.clock.now()),
      serviceEvents: api ? await serviceEventsHomeModel(deps, teamId, profile.isAdmin) : null,
      notificationPrefs,
      reminders: reminders.map((r) => ({ id: r.id, taskId: r.taskId, title: r.title, at: new Date(r.at) })),
    },
    deps.clock.now(),
  );
  await client.views.publish({ user_id: userId, view });
}

/** The org-wide install serving the workspace, and the workspaces it was added to; null for none. */
async function orgWorkspacesOf(deps: AppDeps, teamId: string) {
  const installed = await deps.installations.forTeam(teamId).catch(() => undefined);
  const enterprise = installed?.installation.isEnterpriseInstall
    ? installed.installation.enterprise
    : undefined;
  if (!enterprise?.id) return null;
  const teams = await deps.installations.orgWorkspaces(enterprise.id);
  return { orgName: enterprise.name ?? enterprise.id, names: teams.map((team) => team.name ?? team.teamId) };
}

/** Each project's statuses (for the status menus); a project whose statuses fail just has no menu. */
async function statusesOf(
  api: WorkApiClient,
  tasks: readonly TaskRecord[],
): Promise<Map<number, ProjectStatusDef[]>> {
  const projectIds = [...new Set(tasks.flatMap((t) => (t.project_id === null ? [] : [t.project_id])))];
  const found = await Promise.all(
    projectIds.map(async (id) => [id, await projectStatuses(api, id).catch(() => undefined)] as const),
  );
  return new Map(
    found.filter((entry): entry is readonly [number, ProjectStatusDef[]] => entry[1] !== undefined),
  );
}
