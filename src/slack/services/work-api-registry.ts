/**
 * One API client per service token, shared by every handler in the process: the service's budget
 * (60 general requests a minute) belongs to the token, so two clients for one token would each think
 * they had all of it. A workspace gets its own saved connection, or the deployment's default one
 * only when that default belongs to it: a default connection has exactly one owning workspace.
 * A saved connection is a workspace admin's address, so its clients dial only what the address
 * policy allows, checked on every connection; the default is the operator's, and its host is
 * trusted for saved connections too (local mode's sandbox on loopback over http).
 */
import {
  type AddressPolicy,
  allowedHost,
  createGuardedDispatcher,
  createWorkApiClient,
  refusalOfUrl,
  STRICT_ADDRESS_POLICY,
  type WorkApiClient,
  type WorkApiClientOptions,
} from '../../api/index.ts';
import type { TaskChangeEvent } from '../../api/resources/tasks.ts';
import { shareTaskView } from '../../api/task-view.ts';
import type { TaskViewSharing } from '../../api/task-view-share.ts';
import type { Connections } from '../../store/repositories/connections.ts';
import { WAIT_BUDGETS } from '../kit/wait-budgets.ts';

interface WorkApiTarget {
  baseUrl: string;
  token: string;
}

/** The deployment's default connection and the one Slack workspace it belongs to. */
export interface DefaultWorkApi extends WorkApiTarget {
  /** WORK_API_TEAM_ID; without it the owner is the single workspace the app serves. */
  teamId?: string | undefined;
}

interface WorkApiRegistryOptions {
  connections: Connections;
  /** The deployment's default connection (WORK_API_URL + WORK_API_TOKEN), for its one workspace if it did not connect its own. */
  fallback?: DefaultWorkApi | undefined;
  /**
   * The single workspace the app serves (http and socket modes: the bot token's), which owns a
   * default connection that names no team. Absent in OAuth mode, where such a default is refused.
   */
  singleWorkspace?: () => Promise<string>;
  /** Extra client options (timeouts, limiter store, logger); the base URL and token come from the connection. */
  clientOptions?: Omit<WorkApiClientOptions, 'baseUrl' | 'token'>;
  /** Where a workspace's task view is shared with the other instances (the app's store). */
  taskViewSharing?: (teamId: string) => TaskViewSharing;
  /** What a saved (admin-given) address may reach. Default: https to public addresses only. */
  addressPolicy?: AddressPolicy | undefined;
  /** Hears every task the app's own writes change, with the workspace they were made for. */
  onTaskChange?: (teamId: string, change: TaskChangeEvent, client: WorkApiClient) => void;
}

/** A client check of an address a workspace admin gave, before anything is saved. */
interface ProbeOptions {
  timeoutMs: number;
}

export class WorkApiRegistry {
  readonly #clients = new Map<string, WorkApiClient>();
  readonly #opts: WorkApiRegistryOptions;
  readonly #heard = new WeakSet<WorkApiClient>();
  readonly #policy: AddressPolicy;
  #guarded: ReturnType<typeof createGuardedDispatcher> | undefined;

  constructor(opts: WorkApiRegistryOptions) {
    if (opts.fallback && !opts.fallback.teamId && !opts.singleWorkspace) {
      throw new Error(
        'A default service connection needs the one workspace it belongs to (WORK_API_TEAM_ID) when the app serves many workspaces',
      );
    }
    this.#opts = opts;
    const policy = opts.addressPolicy ?? STRICT_ADDRESS_POLICY;
    const fallbackHost = opts.fallback ? hostOf(opts.fallback.baseUrl) : undefined;
    this.#policy = fallbackHost
      ? { ...policy, allowedHosts: [...policy.allowedHosts, fallbackHost] }
      : policy;
  }

  /** Why the policy refuses an admin's address before any lookup (scheme, IP literal), or undefined. */
  refusalOf(baseUrl: string): string | undefined {
    let url: URL;
    try {
      url = new URL(baseUrl);
    } catch {
      return 'not a URL';
    }
    return refusalOfUrl(url, this.#policy);
  }

  /**
   * A one-off client for an address an admin is connecting: no cache, no retries, the address
   * policy on every dial, the size limit of every client.
   */
  probe(target: WorkApiTarget, opts: ProbeOptions): WorkApiClient {
    return createWorkApiClient({
      ...this.#opts.clientOptions,
      baseUrl: target.baseUrl,
      token: target.token,
      timeoutMs: opts.timeoutMs,
      retry: { maxRetries: 0 },
      cache: false,
      dispatcher: this.#guardedDispatcher(),
    });
  }

  #guardedDispatcher() {
    this.#guarded ??= createGuardedDispatcher(this.#policy);
    return this.#guarded;
  }

  /** The default connection when this workspace owns it. */
  async #defaultFor(teamId: string): Promise<DefaultWorkApi | undefined> {
    const fallback = this.#opts.fallback;
    if (!fallback) return undefined;
    const owner = fallback.teamId ?? (await this.#opts.singleWorkspace?.());
    return owner === teamId ? fallback : undefined;
  }

  /** The default service address a workspace uses, when it owns the default connection. */
  async fallbackBaseUrlFor(teamId: string): Promise<string | undefined> {
    return (await this.#defaultFor(teamId).catch(() => undefined))?.baseUrl;
  }

  /** The client for a Slack workspace, or undefined when it is not connected to the service. */
  async clientFor(teamId: string): Promise<WorkApiClient | undefined> {
    const saved = await this.#opts.connections.get(teamId);
    const target = saved
      ? { baseUrl: saved.baseUrl, token: saved.token, guarded: true }
      : await this.#defaultFor(teamId);
    if (!target) return undefined;
    const client = this.clientForTarget(target);
    if (this.#opts.taskViewSharing) shareTaskView(client, this.#opts.taskViewSharing(teamId));
    const onTaskChange = this.#opts.onTaskChange;
    // A client belongs to one token, and so to one workspace: it is heard once.
    if (onTaskChange && !this.#heard.has(client)) {
      this.#heard.add(client);
      client.tasks.onChange((change) => onTaskChange(teamId, change, client));
    }
    // The admin's done status travels with the saved connection (read here on every use, so a
    // change in the connect form applies at once, in every instance).
    client.doneChoice.set(saved?.doneStatusName ? [saved.doneStatusName] : []);
    return client;
  }

  /** `guarded`: an admin's saved address, held to the address policy on every connection. */
  clientForTarget(target: WorkApiTarget & { guarded?: boolean }): WorkApiClient {
    // Keyed by address and token as they are: the client holds the token anyway, and a hash per
    // command cost more than the map lookup it keyed.
    const key = `${target.guarded ? 'guarded' : 'default'}\n${target.baseUrl}\n${target.token}`;
    let client = this.#clients.get(key);
    if (!client) {
      client = createWorkApiClient({
        // A person waits on most calls; digests pass their own longer wait per call.
        maxWaitMs: WAIT_BUDGETS.interactive.maxWaitMs,
        ...this.#opts.clientOptions,
        ...(target.guarded ? { dispatcher: this.#guardedDispatcher() } : {}),
        baseUrl: target.baseUrl,
        token: target.token,
      });
      this.#clients.set(key, client);
    }
    return client;
  }
}

/** The default connection's `host:port`, as the policy names hosts. */
function hostOf(baseUrl: string): string | undefined {
  try {
    const url = new URL(baseUrl);
    return allowedHost(`${url.hostname}:${url.port || (url.protocol === 'https:' ? '443' : '80')}`);
  } catch {
    return undefined;
  }
}
