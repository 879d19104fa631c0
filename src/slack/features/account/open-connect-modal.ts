/** Opens the connect form for workspace admins; others are told who can. */
import type { WebClient } from '@slack/web-api';
import type { AppDeps } from '../../deps.ts';
import { VIEWS } from '../../ui/ids.ts';
import { renderProblemView } from '../../ui/modals/loading.ts';
import { renderConnectView } from './connect.ts';

export async function openConnectModal(
  deps: AppDeps,
  client: WebClient,
  q: { triggerId: string; teamId: string; userId: string },
): Promise<void> {
  const [profile, current] = await Promise.all([
    deps.profiles.get(client, q.teamId, q.userId),
    deps.connections.describe(q.teamId),
  ]);
  const fallbackBaseUrl = current ? undefined : await deps.workApi.fallbackBaseUrlFor(q.teamId);
  const installed = await deps.installations.forTeam(q.teamId).catch(() => undefined);
  const orgName = installed?.installation.isEnterpriseInstall
    ? (installed.installation.enterprise?.name ?? installed.installation.enterprise?.id)
    : undefined;
  const view = profile.isAdmin
    ? renderConnectView({
        // The same answer as Home: a workspace without its own connection uses the deployment's default.
        current: current
          ? {
              baseUrl: current.baseUrl,
              connectedAt: new Date(current.connectedAt),
              connectedBySlackUserId: current.connectedBy,
              doneStatusName: current.doneStatusName,
            }
          : fallbackBaseUrl
            ? { baseUrl: fallbackBaseUrl, connectedAt: deps.startedAt, isDefault: true }
            : null,
        privateMetadata: deps.metadata.seal({ t: q.teamId, u: q.userId }),
        orgName,
      })
    : renderProblemView(
        'Connect the service',
        ':lock: Only a Slack workspace admin can connect Taskbridge to the work-management service. Ask one of your admins to run `/task connect`.',
        VIEWS.connect,
      );
  await client.views.open({ trigger_id: q.triggerId, view });
}
