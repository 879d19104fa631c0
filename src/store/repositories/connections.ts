import { type Clock, systemClock } from '../../lib/clock.ts';
import type { Cipher } from '../cipher.ts';
import { storeKeys } from '../keys.ts';
import { openedValues } from '../opened-values.ts';
import type { Store } from '../types.ts';
import { requireHttpUrl, requireText } from './validate.ts';

interface ServiceConnectionInput {
  baseUrl: string;
  token: string;
  /** Slack user id of who connected the workspace. */
  connectedBy: string;
  /**
   * The name of the status that means done, as an admin gave it, for a service whose status names
   * do not say (src/api/done-status.ts). Saved with the connection: another service, another choice.
   */
  doneStatusName?: string | undefined;
}

/** The decrypted connection: for calling the service only, never for showing. */
interface ServiceConnection extends ServiceConnectionInput {
  /** ISO 8601. */
  connectedAt: string;
}

/** What may be shown to people: no token, at most its last four characters. */
interface ServiceConnectionSummary {
  baseUrl: string;
  connectedBy: string;
  connectedAt: string;
  /** `…a9f2` for tokens of 16+ characters, `…` for shorter ones (four characters would give too much away). */
  tokenHint: string;
  doneStatusName?: string | undefined;
  /** `org`: the org's connection, serving every workspace of it without one of its own. */
  scope?: 'org';
}

interface StoredConnection {
  baseUrl: string;
  sealedToken: string;
  tokenHint: string;
  connectedBy: string;
  connectedAt: string;
  doneStatusName?: string;
}

/** Options for {@link createConnections}. */
interface ConnectionsOptions {
  /** Clock for `connectedAt`. Default: the system clock. */
  clock?: Clock;
}

export interface Connections {
  save(teamId: string, input: ServiceConnectionInput): Promise<ServiceConnectionSummary>;
  /**
   * A connection for every workspace of an Enterprise Grid org (an org admin's choice). A
   * workspace's own connection comes first; a workspace without one uses its org's, once it is
   * known to belong to the org (`team:<id>:org`, noted with the org-wide install).
   */
  saveForOrg(enterpriseId: string, input: ServiceConnectionInput): Promise<ServiceConnectionSummary>;
  deleteForOrg(enterpriseId: string): Promise<boolean>;
  get(teamId: string): Promise<ServiceConnection | undefined>;
  describe(teamId: string): Promise<ServiceConnectionSummary | undefined>;
  delete(teamId: string): Promise<boolean>;
}

/** A workspace's connection to the work-management service, its token sealed at rest. */
export function createConnections(
  store: Store,
  cipher: Cipher,
  options: ConnectionsOptions = {},
): Connections {
  const clock = options.clock ?? systemClock;
  const now = () => clock.now();
  // Every command reads its workspace's connection; its token is opened once (store/opened-values.ts).
  const open = openedValues(cipher);
  const summarize = (stored: StoredConnection): ServiceConnectionSummary => ({
    baseUrl: stored.baseUrl,
    connectedBy: stored.connectedBy,
    connectedAt: stored.connectedAt,
    tokenHint: stored.tokenHint,
    ...(stored.doneStatusName ? { doneStatusName: stored.doneStatusName } : {}),
  });
  /** The key of the connection a workspace uses: its own, else its org's; undefined for none. */
  const keyFor = async (teamId: string): Promise<string | undefined> => {
    const own = storeKeys.connection(teamId);
    if (await store.get<StoredConnection>(own)) return own;
    const enterpriseId = await store.get<string>(storeKeys.teamOrg(teamId));
    return enterpriseId ? storeKeys.orgConnection(enterpriseId) : undefined;
  };
  const saveAt = async (key: string, input: ServiceConnectionInput) => {
    const baseUrl = requireHttpUrl('baseUrl', input.baseUrl);
    const token = requireText('token', input.token, 4096);
    const connectedBy = requireText('connectedBy', input.connectedBy, 64);
    const doneStatusName = input.doneStatusName?.trim()
      ? requireText('doneStatusName', input.doneStatusName.trim(), 100)
      : undefined;
    const stored: StoredConnection = {
      baseUrl,
      sealedToken: cipher.encrypt(token, key),
      tokenHint: tokenHint(token),
      connectedBy,
      connectedAt: now().toISOString(),
      ...(doneStatusName ? { doneStatusName } : {}),
    };
    await store.set(key, stored);
    return summarize(stored);
  };
  return {
    // Async, so a bad id is a rejection like every other refusal.
    save: async (teamId, input) => saveAt(storeKeys.connection(teamId), input),
    saveForOrg: async (enterpriseId, input) => saveAt(storeKeys.orgConnection(enterpriseId), input),
    deleteForOrg: async (enterpriseId) => store.delete(storeKeys.orgConnection(enterpriseId)),
    async get(teamId) {
      const key = await keyFor(teamId);
      const stored = key ? await store.get<StoredConnection>(key) : undefined;
      if (!key || !stored) return undefined;
      return {
        baseUrl: stored.baseUrl,
        token: open(stored.sealedToken, key),
        connectedBy: stored.connectedBy,
        connectedAt: stored.connectedAt,
        ...(stored.doneStatusName ? { doneStatusName: stored.doneStatusName } : {}),
      };
    },
    async describe(teamId) {
      const key = await keyFor(teamId);
      const stored = key ? await store.get<StoredConnection>(key) : undefined;
      if (!stored) return undefined;
      return {
        ...summarize(stored),
        ...(key !== storeKeys.connection(teamId) ? { scope: 'org' as const } : {}),
      };
    },
    async delete(teamId) {
      return store.delete(storeKeys.connection(teamId));
    },
  };
}

/** The masked form of a token shown after saving. */
export function tokenHint(token: string): string {
  return token.length >= 16 ? `…${token.slice(-4)}` : '…';
}
