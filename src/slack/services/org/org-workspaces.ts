/**
 * Which workspaces of an Enterprise Grid org an org-wide install serves. Slack delivers nothing from
 * a workspace the app was not added to (docs.slack.dev/enterprise-grid), and `auth.teams.list`
 * with the org token lists those it was (docs.slack.dev/reference/methods/auth.teams.list). The
 * list is noted in the store at install and read again, at most once a minute per org, when a
 * workspace not yet noted shows up.
 */
import { webApi } from '@slack/bolt';
import type { Clock } from '../../../lib/clock.ts';
import type { Logger } from '../../../lib/logger.ts';
import type {
  AnyInstallation,
  TaskbridgeInstallationStore,
} from '../../../store/repositories/installation-store.ts';

export interface OrgWorkspaces {
  /** Notes every workspace the org-wide install has been added to; returns them. */
  note(installation: AnyInstallation): Promise<Array<{ teamId: string; name?: string }>>;
  /** Whether the org-wide install of enterpriseId has been added to teamId. */
  serves(enterpriseId: string, teamId: string): Promise<boolean>;
}

const RECHECK_MS = 60_000;

export function createOrgWorkspaces(options: {
  installations: TaskbridgeInstallationStore;
  slackApiUrl?: string | undefined;
  clock: Clock;
  logger: Logger;
}): OrgWorkspaces {
  const { installations, clock } = options;
  const lastCheck = new Map<string, number>();
  const note: OrgWorkspaces['note'] = async (installation) => {
    const enterpriseId = installation.enterprise?.id;
    const token = installation.bot?.token;
    if (!installation.isEnterpriseInstall || !enterpriseId || !token) return [];
    const client = new webApi.WebClient(token, {
      ...(options.slackApiUrl ? { slackApiUrl: options.slackApiUrl } : {}),
      retryConfig: { retries: 1 },
    });
    const teams: Array<{ teamId: string; name?: string }> = [];
    for await (const page of client.paginate('auth.teams.list', { limit: 100 })) {
      for (const team of (page as { teams?: Array<{ id?: string; name?: string }> }).teams ?? []) {
        if (!team.id) continue;
        teams.push({ teamId: team.id, ...(team.name ? { name: team.name } : {}) });
        await installations.noteOrgWorkspace(enterpriseId, team.id, team.name);
      }
    }
    return teams;
  };
  return {
    note,
    async serves(enterpriseId, teamId) {
      const noted = await installations.orgWorkspaces(enterpriseId);
      if (noted.some((team) => team.teamId === teamId)) return true;
      const now = clock.now().getTime();
      if (now - (lastCheck.get(enterpriseId) ?? Number.NEGATIVE_INFINITY) < RECHECK_MS) return false;
      lastCheck.set(enterpriseId, now);
      try {
        const installation = await installations.fetchInstallation({
          teamId: undefined,
          enterpriseId,
          isEnterpriseInstall: true,
        });
        return (await note(installation)).some((team) => team.teamId === teamId);
      } catch (error) {
        options.logger.warn(
          { enterpriseId, err: { message: (error as Error).message } },
          'org workspaces unread',
        );
        return false;
      }
    },
  };
}
