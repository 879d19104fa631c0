import type { DatabaseSync } from 'node:sqlite';
import type { ProfileName } from './http/answer-profile.ts';
import type { DeliveryRow, WebhookRow } from './webhooks/webhook-store.ts';

export type { ProfileName } from './http/answer-profile.ts';

/** Failures the sandbox injects so that clients can be tested against a misbehaving service. */
export interface FaultOptions {
  /** Added delay before every API request is answered, in milliseconds. Default 0. */
  latencyMs?: number;
  /** Share (0..1) of authenticated API requests answered 500 before their handler runs. Default 0. */
  errorRate?: number;
  /** Share (0..1) of authenticated API requests answered 429 (with the real rate-limit headers). Default 0. */
  rateLimitRate?: number;
  /** When true, every API request is answered 503. Default false. */
  outage?: boolean;
}

/** Requests per minute for each rate-limit class, per token. */
export interface RateLimitOptions {
  general: number;
  search: number;
  upload: number;
}

export interface SandboxOptions {
  /** TCP port; 0 picks a free one. Default 4010 (the CLI reads `--port` or `SANDBOX_PORT`). */
  port?: number;
  /** Interface to listen on. Default '127.0.0.1'. */
  host?: string;
  /** SQLite file, or ':memory:'. Default ':memory:' (the CLI uses ./data/sandbox.db). */
  dbPath?: string;
  /** What a fresh database is filled with. Default 'demo'; 'empty' is one workspace and its owner. */
  seed?: 'demo' | 'empty';
  /** Fixes the value of the seeded member's token. Default: a random token. */
  token?: string;
  /** Per-minute limits per token and class; `false` turns limiting off. Default 60/30/10 (spec Part 8). */
  rateLimits?: RateLimitOptions | false;
  /** Faults injected from the start. Default none. */
  faults?: FaultOptions;
  /** Serves the control routes under /__control (faults, reset). Default false. */
  control?: boolean;
  /** The clock for timestamps, rate-limit windows and seed dates. Default `() => new Date()`. */
  now?: () => Date;
  /**
   * How the injected latency is waited out. Default: real time; a test passes its clock's `sleep`
   * so that a slow service is slow on the clock the test moves.
   */
  latencyWait?: (ms: number) => Promise<void>;
  /**
   * Reuses the serialised answers of the task lists until the next write to the database, so they
   * are never stale. Default true; false computes every answer (to measure what that costs).
   */
  responseCache?: boolean;
  /**
   * How answers look. 'full' (default): the contract, with the extras and filters of README.md.
   * 'spec-minimal': no more than the spec shows (bare records with the spec's fields or id and a
   * name, another error body, no rate-limit headers, 10 a page at most, only the spec's query
   * parameters, no extras), to test a client against a service that differs where the spec is silent.
   */
  profile?: ProfileName;
  /** spec-minimal only: ignore `page` as well, so every list answers its first page. Default false. */
  pagingIgnored?: boolean;
  /** Webhook delivery timing (retries, timeout). */
  webhooks?: WebhookOptions;
}

/** Webhook delivery (registrations: the CLI, the control routes or `Sandbox.webhooks.add`). */
export interface WebhookOptions {
  /** Waits before each retry, in ms (default 5 s, 30 s, 2 min, 10 min, 30 min). */
  retryDelaysMs?: readonly number[];
  /** An attempt not answered within this fails. Default 10 000. */
  timeoutMs?: number;
}

export interface SandboxWebhooks {
  /** Registers an address; the secret is made unless given (`whsec_…`). */
  add(url: string, secret?: string): WebhookRow;
  list(): WebhookRow[];
  remove(id: string): boolean;
  /** Every delivery, oldest first, with its attempts and last answer. */
  deliveries(): DeliveryRow[];
  /** Resolves when no delivery attempt is running or waiting for its retry. */
  idle(): Promise<void>;
}

export interface Sandbox {
  /** Base URL including '/api', e.g. http://127.0.0.1:4010/api. */
  url: string;
  /** The seeded member's token (member 1, owner of workspace 1, admin of every seeded project). */
  token: string;
  close(): Promise<void>;
  /** In-process fault control for tests. */
  faults: { set(f: FaultOptions): void; clear(): void };
  /** Mints another "API device" token for a member (per-token tests, acting as other members). */
  createToken(memberId: number, name?: string): string;
  /** The database itself, for tests that check it is unchanged. */
  db: DatabaseSync;
  /** The answer profile in force. */
  profile: ProfileName;
  webhooks: SandboxWebhooks;
}

export const DEFAULT_PORT = 4010;
export const DEFAULT_HOST = '127.0.0.1';
