/** The automation list as the reader may act on it: toggles only on projects they administer. */
import type { WebClient } from '@slack/web-api';
import type { WorkApiClient } from '../../../api/index.ts';
import type { AppDeps } from '../../deps.ts';
import { actorFor, projectRoleOf } from '../../services/permissions.ts';
import { projectNames } from '../../services/team-projects.ts';
import type { RenderedMessage } from '../../ui/block-types.ts';
import { renderAutomationList } from './automation-message-blocks.ts';

/** Rules in one message (one block each, under Slack's 50 with the header and notes). */
const RULES_PER_MESSAGE = 40;

export async function automationListMessage(
  deps: AppDeps,
  api: WorkApiClient,
  q: { client: WebClient; teamId: string; userId: string; projectId: number | null; notice?: string },
): Promise<RenderedMessage> {
  const [page, names, actor] = await Promise.all([
    api.automations.list({
      per_page: RULES_PER_MESSAGE,
      ...(q.projectId ? { project_id: q.projectId } : {}),
    }),
    projectNames(api),
    actorFor(deps, q.client, q.teamId, q.userId),
  ]);
  const projects = [...new Set(page.data.flatMap((a) => (a.project_id === null ? [] : [a.project_id])))];
  const canToggle = new Set<number>();
  for (const projectId of projects) {
    if (actor.isSlackAdmin || (await projectRoleOf(api, actor, projectId)) === 'admin')
      canToggle.add(projectId);
  }
  const total = page.meta.total ?? page.data.length;
  return renderAutomationList({
    automations: page.data,
    projectNames: names,
    canToggle,
    scope: q.projectId ?? 0,
    more: Math.max(0, total - page.data.length),
    notice: q.notice ?? null,
  });
}
