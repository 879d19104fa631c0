/**
 * Which app and workspaces this deployment serves, so a correctly signed request for another app
 * (a shared signing secret) or another workspace is refused before any listener runs:
 * - one workspace (HTTP mode): the bot token's own workspace (auth.test) and app (bots.info);
 * - many workspaces (OAuth): a workspace (or org) with an installation, for the app it installed.
 */
import type { Logger } from '../../lib/logger.ts';
import {
  InstallationNotFoundError,
  type TaskbridgeInstallationStore,
} from '../../store/repositories/installation-store.ts';
import type { BotIdentity } from './bot-identity.ts';
import type { RequestIdentity } from './request-shape.ts';

/** Why a request is not served, or null when it is. */
type ServedCheck =
  | { served: true }
  | {
      served: false;
      why: string;
      status: 403 | 503;
      /** The workspace has no installation (removed, or never installed): its people can be told so. */
      notInstalled?: boolean;
      /** Its org has an org-wide install, but the app was not added to this workspace. */
      notAdded?: boolean;
    };

export interface ServedWorkspaces {
  check(identity: RequestIdentity): Promise<ServedCheck>;
}

/** One workspace: the bot token's. The identity is looked up once and shared with the start-up check. */
export function singleWorkspace(identity: () => Promise<BotIdentity>): ServedWorkspaces {
  return {
    async check(request) {
      let bot: BotIdentity;
      try {
        bot = await identity();
      } catch {
        return { served: false, why: 'the bot token could not be checked with Slack', status: 503 };
      }
      if (request.teamId !== bot.teamId) return { served: false, why: 'another workspace', status: 403 };
      if (bot.appId && request.apiAppId !== undefined && request.apiAppId !== bot.appId) {
        return { served: false, why: 'another app', status: 403 };
      }
      return { served: true };
    },
  };
}

/**
 * Many workspaces: the ones that installed the app, and those an org-wide install (Enterprise Grid)
 * was added to; `orgServes` says which those are.
 */
export function installedWorkspaces(
  installations: TaskbridgeInstallationStore,
  logger: Logger,
  orgServes?: (enterpriseId: string, teamId: string) => Promise<boolean>,
): ServedWorkspaces {
  const find = async (request: RequestIdentity) => {
    const queries = [
      ...(request.teamId
        ? [{ teamId: request.teamId, enterpriseId: request.enterpriseId, isEnterpriseInstall: false }]
        : []),
      ...(request.enterpriseId
        ? [{ teamId: undefined, enterpriseId: request.enterpriseId, isEnterpriseInstall: true }]
        : []),
    ];
    for (const query of queries) {
      try {
        const installation = await installations.fetchInstallation(query);
        if (query.isEnterpriseInstall && request.teamId && orgServes) {
          if (!(await orgServes(query.enterpriseId!, request.teamId))) return 'not added' as const;
        }
        return installation;
      } catch (error) {
        // Not installed there: try the org-wide install next. Anything else is the store failing.
        if (!(error instanceof InstallationNotFoundError)) throw error;
      }
    }
    return undefined;
  };
  return {
    async check(request) {
      let installation: Awaited<ReturnType<typeof find>>;
      try {
        installation = await find(request);
      } catch (error) {
        logger.error({ err: error }, 'could not read installations');
        return { served: false, why: 'installations unreadable', status: 503 };
      }
      if (installation === 'not added') {
        return {
          served: false,
          why: 'a workspace of the org the app was not added to',
          status: 403,
          notInstalled: true,
          notAdded: true,
        };
      }
      if (!installation) {
        return { served: false, why: 'a workspace without an installation', status: 403, notInstalled: true };
      }
      if (installation.appId && request.apiAppId !== undefined && installation.appId !== request.apiAppId) {
        return { served: false, why: 'another app', status: 403 };
      }
      return { served: true };
    },
  };
}
