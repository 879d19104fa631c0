/**
 * One API client per service token, shared by every handler in the process: the service's budget
 * (60 general requests a minute) belongs to the token, so two clients for one token would each think
 * they had all of it.
 */
import { createHash } from 'node:crypto';
import { createWorkApiClient, type WorkApiClient, type WorkApiClientOptions } from '../../api/index.ts';
import type { Connections } from '../../store/repositories/connections.ts';

export interface WorkApiTarget {
  baseUrl: string;
  token: string;
}

export interface WorkApiRegistryOptions {
  connections: Connections;
  /** The deployment's default connection (WORK_API_URL + WORK_API_TOKEN), used by workspaces that did not connect their own. */
  fallback?: WorkApiTarget | undefined;
  /** Extra client options (timeouts, limiter store, logger); the base URL and token come from the connection. */
  clientOptions?: Omit<WorkApiClientOptions, 'baseUrl' | 'token'>;
}

export class WorkApiRegistry {
  readonly #clients = new Map<string, WorkApiClient>();
  readonly #opts: WorkApiRegistryOptions;

  constructor(opts: WorkApiRegistryOptions) {
    this.#opts = opts;
  }

  /** The deployment's default service address, when one is configured. */
  get fallbackBaseUrl(): string | undefined {
    return this.#opts.fallback?.baseUrl;
  }

  /** The client for a Slack workspace, or undefined when it is not connected to the service. */
  async clientFor(teamId: string): Promise<WorkApiClient | undefined> {
    const saved = await this.#opts.connections.get(teamId);
    const target = saved ? { baseUrl: saved.baseUrl, token: saved.token } : this.#opts.fallback;
    return target ? this.clientForTarget(target) : undefined;
  }

  clientForTarget(target: WorkApiTarget): WorkApiClient {
    const key = createHash('sha256').update(`${target.baseUrl}\n${target.token}`).digest('hex');
    let client = this.#clients.get(key);
    if (!client) {
      client = createWorkApiClient({
        ...this.#opts.clientOptions,
        baseUrl: target.baseUrl,
        token: target.token,
      });
      this.#clients.set(key, client);
    }
    return client;
  }
}
