/**
 * The installation store as Bolt's OAuth receiver sees it. Reads: a rotating token is refreshed by
 * fresh-tokens.ts (one instance, under a lock) before Bolt gets the installation, and Bolt gets it
 * without refresh tokens, so its own unlocked refresh never runs. Writes: an org-wide install
 * (Enterprise Grid) notes the workspaces it was added to, for App Home and the gate.
 */
import { storeKeys } from '../../../store/keys.ts';
import type {
  AnyInstallation,
  TaskbridgeInstallationStore,
} from '../../../store/repositories/installation-store.ts';
import type { FreshTokens } from './fresh-tokens.ts';
import type { OrgWorkspaces } from './org-workspaces.ts';

export function boltInstallations(
  installations: TaskbridgeInstallationStore,
  fresh: FreshTokens,
  org: OrgWorkspaces,
  onNoteFailed: (error: unknown) => void,
): TaskbridgeInstallationStore {
  return {
    ...installations,
    async storeInstallation(installation) {
      await installations.storeInstallation(installation);
      if (installation.isEnterpriseInstall) {
        // The install stands even when Slack cannot list its workspaces now: the gate asks again.
        await org.note(installation as AnyInstallation).catch(onNoteFailed);
      }
    },
    async fetchInstallation(query) {
      const installation = await installations.fetchInstallation(query);
      const key = query.isEnterpriseInstall
        ? storeKeys.enterpriseInstallation(query.enterpriseId!)
        : storeKeys.installation(query.teamId!);
      const current = await fresh.fresh(key, installation);
      return withoutRefreshTokens(current);
    },
  };
}

function withoutRefreshTokens(installation: AnyInstallation): AnyInstallation {
  const copy = { ...installation };
  if (copy.bot) {
    const { refreshToken: _r, expiresAt: _e, ...bot } = copy.bot;
    copy.bot = bot;
  }
  const { refreshToken: _r, expiresAt: _e, ...user } = copy.user;
  copy.user = user;
  return copy;
}
