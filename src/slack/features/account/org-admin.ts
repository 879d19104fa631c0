/**
 * Whether a person may connect the service for a whole Enterprise Grid org: the workspace is served
 * by its org's org-wide install, and Slack says the person is an admin or owner of that org
 * (`users.info` → `enterprise_user`, docs.slack.dev/reference/methods/users.info).
 */
import type { WebClient } from '@slack/web-api';
import type { AppDeps } from '../../deps.ts';

export async function orgAdminOf(
  deps: AppDeps,
  client: WebClient,
  teamId: string,
  userId: string,
): Promise<{ ok: true; enterpriseId: string } | { ok: false; why: string }> {
  const installed = await deps.installations.forTeam(teamId).catch(() => undefined);
  const enterpriseId = installed?.installation.isEnterpriseInstall
    ? installed.installation.enterprise?.id
    : undefined;
  if (!enterpriseId)
    return { ok: false, why: 'Taskbridge is not installed for an org here: connect this workspace.' };
  const info = await client.users.info({ user: userId }).catch(() => undefined);
  const orgUser = (
    info?.user as { enterprise_user?: { enterprise_id?: string; is_admin?: boolean; is_owner?: boolean } }
  )?.enterprise_user;
  if (orgUser?.enterprise_id !== enterpriseId || !(orgUser.is_admin || orgUser.is_owner)) {
    return { ok: false, why: 'Only an admin of the whole org can connect every workspace.' };
  }
  return { ok: true, enterpriseId };
}
