import type { Installation, InstallationQuery, InstallationStore } from '@slack/bolt';
import type { Cipher } from '../cipher.ts';
import { storeKeys } from '../keys.ts';
import { openedValues } from '../opened-values.ts';
import type { Store } from '../types.ts';

export type AnyInstallation = Installation<'v1' | 'v2', boolean>;

/**
 * The reads of the request being served, by store key (slack/receiver/request-memo.ts), or
 * undefined outside one: each record is then read and decrypted once per request.
 */
type InstallationReads = () => Map<string, Promise<AnyInstallation | undefined>> | undefined;

/** The stored form: the installation as Bolt gave it, with every token sealed under the record's key. */
interface StoredInstallation {
  format: 1;
  installation: AnyInstallation;
}

/** A workspace an org-wide install serves. */
interface OrgWorkspace {
  teamId: string;
  name?: string;
}

/** Bolt's InstallationStore on our store, plus clean-up for `app_uninstalled` / `tokens_revoked`. */
export interface TaskbridgeInstallationStore extends InstallationStore {
  fetchInstallation(query: InstallationQuery<boolean>): Promise<AnyInstallation>;
  deleteInstallation(query: InstallationQuery<boolean>): Promise<void>;
  /** Removes everything stored for a workspace: installation, connection, user links, channel defaults. */
  deleteTeam(teamId: string): Promise<void>;
  /** Removes an org-wide installation and its users' tokens. */
  deleteEnterprise(enterpriseId: string): Promise<void>;
  /** Notes that a workspace belongs to an org whose org-wide install serves it. */
  noteOrgWorkspace(enterpriseId: string, teamId: string, name?: string): Promise<void>;
  /** The workspaces noted for an org, with their names when known. */
  orgWorkspaces(enterpriseId: string): Promise<Array<{ teamId: string; name?: string }>>;
  /**
   * The installation whose bot serves a workspace outside any request: its org's org-wide install
   * when the workspace was noted for one, else its own. `key` is the record's store key.
   */
  forTeam(teamId: string): Promise<{ installation: AnyInstallation; key: string } | undefined>;
  /** Reads one installation record by its store key (as `forTeam` named it), from the store itself. */
  byKey(key: string): Promise<AnyInstallation | undefined>;
  /** Replaces the bot's token pair of a stored record (after a refresh), keeping the rest. */
  storeBotTokens(key: string, bot: { token: string; refreshToken: string; expiresAt: number }): Promise<void>;
}

/** Thrown when no installation matches a query; Bolt turns it into an authorization failure. */
export class InstallationNotFoundError extends Error {
  override readonly name = 'InstallationNotFoundError';
}

/**
 * Keyed by team, or by enterprise for org-wide installs. Like Bolt's own stores it keeps the latest
 * install for the workspace plus one record per installing user, so a user token is found for its
 * owner while the bot token is shared.
 */
export function createInstallationStore(
  store: Store,
  cipher: Cipher,
  opts: { reads?: InstallationReads } = {},
): TaskbridgeInstallationStore {
  const seal = (installation: AnyInstallation, key: string): StoredInstallation => {
    const copy = structuredClone(installation);
    if (copy.bot) {
      copy.bot.token = cipher.encrypt(copy.bot.token, `${key}#bot.token`);
      if (copy.bot.refreshToken)
        copy.bot.refreshToken = cipher.encrypt(copy.bot.refreshToken, `${key}#bot.refresh`);
    }
    if (copy.user.token) copy.user.token = cipher.encrypt(copy.user.token, `${key}#user.token`);
    if (copy.user.refreshToken) {
      copy.user.refreshToken = cipher.encrypt(copy.user.refreshToken, `${key}#user.refresh`);
    }
    return { format: 1, installation: copy };
  };

  // In OAuth mode every request reads its installation; its tokens are opened once (opened-values.ts).
  const decrypt = openedValues(cipher);
  const open = (stored: StoredInstallation, key: string): AnyInstallation => {
    const copy = structuredClone(stored.installation);
    if (copy.bot) {
      copy.bot.token = decrypt(copy.bot.token, `${key}#bot.token`);
      if (copy.bot.refreshToken) copy.bot.refreshToken = decrypt(copy.bot.refreshToken, `${key}#bot.refresh`);
    }
    if (copy.user.token) copy.user.token = decrypt(copy.user.token, `${key}#user.token`);
    if (copy.user.refreshToken) {
      copy.user.refreshToken = decrypt(copy.user.refreshToken, `${key}#user.refresh`);
    }
    return copy;
  };

  const readNow = async (key: string): Promise<AnyInstallation | undefined> => {
    const stored = await store.get<StoredInstallation>(key);
    return stored ? open(stored, key) : undefined;
  };

  /** Once per request where there is one; each caller gets its own copy, as callers change it. */
  const read = async (key: string): Promise<AnyInstallation | undefined> => {
    const reads = opts.reads?.();
    if (!reads) return readNow(key);
    let pending = reads.get(key);
    if (!pending) {
      pending = readNow(key);
      reads.set(key, pending);
      // A failed read is not remembered: the next caller tries the store again.
      pending.catch(() => reads.delete(key));
    }
    const installation = await pending;
    return installation && structuredClone(installation);
  };

  /** Any change makes the request's reads stale, those begun while it ran included. */
  const forgetReads = () => opts.reads?.()?.clear();

  const write = async (key: string, installation: AnyInstallation): Promise<void> => {
    forgetReads();
    await store.set(key, seal(installation, key));
    forgetReads();
  };

  const remove = async (key: string): Promise<void> => {
    forgetReads();
    await store.delete(key);
    forgetReads();
  };

  const keysFor = (query: { isEnterpriseInstall?: boolean; enterpriseId?: string; teamId?: string }) => {
    if (query.isEnterpriseInstall) {
      if (!query.enterpriseId) throw new TypeError('An org-wide installation query needs enterpriseId');
      return {
        app: storeKeys.enterpriseInstallation(query.enterpriseId),
        users: storeKeys.enterpriseUserInstallations(query.enterpriseId),
        user: (userId: string) => storeKeys.enterpriseUserInstallation(query.enterpriseId!, userId),
      };
    }
    if (!query.teamId)
      throw new TypeError('An installation query needs teamId (or enterpriseId for org-wide installs)');
    return {
      app: storeKeys.installation(query.teamId),
      users: storeKeys.userInstallations(query.teamId),
      user: (userId: string) => storeKeys.userInstallation(query.teamId!, userId),
    };
  };

  const deletePrefix = async (prefix: string): Promise<void> => {
    const doomed: string[] = [];
    for await (const [key] of store.entries(prefix)) doomed.push(key);
    for (const key of doomed) await remove(key);
  };

  return {
    async storeInstallation(installation) {
      const keys = keysFor({
        isEnterpriseInstall: installation.isEnterpriseInstall === true,
        enterpriseId: installation.enterprise?.id,
        teamId: installation.team?.id,
      });
      const latest = installation as AnyInstallation;
      const existing = await read(keys.app);
      // A user-token-only install must not wipe the workspace's bot token.
      const app = !latest.bot && existing?.bot ? { ...latest, bot: existing.bot } : latest;
      await write(keys.app, app);
      await write(keys.user(latest.user.id), latest);
    },

    async fetchInstallation(query) {
      const keys = keysFor(query);
      const installation = await read(keys.app);
      if (!installation) {
        const where = query.isEnterpriseInstall ? `enterprise ${query.enterpriseId}` : `team ${query.teamId}`;
        throw new InstallationNotFoundError(`No installation stored for ${where}`);
      }
      if (query.userId && installation.user.id !== query.userId) {
        const own = await read(keys.user(query.userId));
        if (own) installation.user = own.user;
        else installation.user = { id: installation.user.id, token: undefined, scopes: undefined };
      }
      return installation;
    },

    async deleteInstallation(query) {
      const keys = keysFor(query);
      if (!query.userId) {
        await remove(keys.app);
        await deletePrefix(keys.users);
        return;
      }
      await remove(keys.user(query.userId));
      const app = await read(keys.app);
      // The workspace record may carry this user's token from the latest install: drop it, keep the bot.
      if (app && app.user.id === query.userId && app.user.token) {
        await write(keys.app, { ...app, user: { id: app.user.id, token: undefined, scopes: undefined } });
      }
    },

    async deleteTeam(teamId) {
      await deletePrefix(storeKeys.team(teamId));
    },

    async deleteEnterprise(enterpriseId) {
      const teams: string[] = [];
      for await (const [, value] of store.entries<OrgWorkspace>(storeKeys.orgTeams(enterpriseId))) {
        teams.push(value.teamId);
      }
      await deletePrefix(storeKeys.enterprise(enterpriseId));
      for (const teamId of teams) await store.delete(storeKeys.teamOrg(teamId));
    },

    async noteOrgWorkspace(enterpriseId, teamId, name) {
      const record: OrgWorkspace = { teamId, ...(name ? { name } : {}) };
      await store.set(storeKeys.orgTeam(enterpriseId, teamId), record);
      await store.set(storeKeys.teamOrg(teamId), enterpriseId);
    },

    async orgWorkspaces(enterpriseId) {
      const teams: Array<{ teamId: string; name?: string }> = [];
      for await (const [, value] of store.entries<OrgWorkspace>(storeKeys.orgTeams(enterpriseId))) {
        teams.push(value);
      }
      return teams.sort((a, b) => (a.name ?? a.teamId).localeCompare(b.name ?? b.teamId));
    },

    async forTeam(teamId) {
      const enterpriseId = await store.get<string>(storeKeys.teamOrg(teamId));
      if (enterpriseId) {
        const key = storeKeys.enterpriseInstallation(enterpriseId);
        const installation = await read(key);
        if (installation) return { installation, key };
      }
      const key = storeKeys.installation(teamId);
      const installation = await read(key);
      return installation ? { installation, key } : undefined;
    },

    // Past the request's reads: a token refresh must see another instance's write at once.
    byKey: (key) => readNow(key),

    async storeBotTokens(key, bot) {
      const installation = await readNow(key);
      if (!installation?.bot) return;
      installation.bot = { ...installation.bot, ...bot };
      await write(key, installation);
    },
  };
}
