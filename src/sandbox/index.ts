/**
 * The sandbox: a local implementation of the work-management service's whole API over SQLite, for
 * tests, demos and `npm start`'s embedded default. `createSandbox` starts one; see README.md here.
 */
import type { AddressInfo } from 'node:net';
import { RATE_LIMITS } from '../contract/index.ts';
import { SandboxDb } from './db/sandbox-db.ts';
import { answerProfile } from './http/answer-profile.ts';
import { FaultController } from './http/fault-controller.ts';
import { RateLimiter } from './http/rate-limiter.ts';
import { ResponseCache } from './http/response-cache.ts';
import { DEFAULT_HOST, DEFAULT_PORT, type Sandbox, type SandboxOptions } from './options.ts';
import { seedDatabase } from './seed/seed-database.ts';
import { buildServer } from './server.ts';
import { createToken, TokenUsage } from './store/tokens.ts';
import { WebhookDispatcher } from './webhooks/dispatcher.ts';
import { addWebhook, listDeliveries, listWebhooks, removeWebhook } from './webhooks/webhook-store.ts';

export type {
  FaultOptions,
  ProfileName,
  RateLimitOptions,
  Sandbox,
  SandboxOptions,
  SandboxWebhooks,
  WebhookOptions,
} from './options.ts';
export { DEFAULT_HOST, DEFAULT_PORT } from './options.ts';
export type { DeliveryRow, WebhookRow } from './webhooks/webhook-store.ts';

/** Prints a sandbox bug to stderr: the error and the route, never a request's headers or token. */
function reportToStderr(error: unknown, route: string): void {
  const detail = error instanceof Error ? (error.stack ?? error.message) : String(error);
  process.stderr.write(`sandbox: unexpected error in ${route}: ${detail}\n`);
}

export async function createSandbox(opts: SandboxOptions = {}): Promise<Sandbox> {
  if (opts.pagingIgnored && opts.profile !== 'spec-minimal') {
    throw new Error(
      "createSandbox: pagingIgnored needs profile 'spec-minimal' (the full profile always pages)",
    );
  }
  const now = opts.now ?? (() => new Date());
  const seedKind = opts.seed ?? 'demo';
  const db = new SandboxDb(opts.dbPath ?? ':memory:');
  let token: string;
  try {
    // A file that already holds a workspace keeps its data; it only gets a token to print.
    token = db.isEmpty()
      ? seedDatabase(db, seedKind, { now: now(), token: opts.token })
      : createToken(db, 1, { name: 'sandbox start', value: opts.token, now: now() });
  } catch (err) {
    db.close();
    throw err;
  }
  const limiter = opts.rateLimits === false ? null : new RateLimiter(opts.rateLimits ?? RATE_LIMITS, now);
  const faults = new FaultController(opts.faults ?? {});
  const tokenUsage = new TokenUsage();
  const profile = answerProfile(opts.profile ?? 'full', { pagingIgnored: opts.pagingIgnored ?? false });
  const webhooks = new WebhookDispatcher(db, { ...opts.webhooks, now });
  const app = buildServer({
    profile,
    webhooks,
    db,
    now,
    limiter,
    faults,
    latencyWait: opts.latencyWait,
    tokenUsage,
    responseCache: opts.responseCache === false ? null : new ResponseCache(db),
    reportInternalError: reportToStderr,
    control: opts.control
      ? {
          reset: () => {
            db.clear();
            limiter?.clear();
            tokenUsage.clear();
            seedDatabase(db, seedKind, { now: now(), token });
          },
        }
      : null,
  });

  const host = opts.host ?? DEFAULT_HOST;
  try {
    await app.listen({ port: opts.port ?? DEFAULT_PORT, host });
  } catch (err) {
    webhooks.close();
    db.close();
    throw err;
  }
  const { port } = app.server.address() as AddressInfo;
  const urlHost = host.includes(':') ? `[${host}]` : host;
  let closed = false;

  return {
    url: `http://${urlHost}:${port}/api`,
    token,
    db: db.raw,
    profile: profile.name,
    faults: { set: (f) => faults.set(f), clear: () => faults.clear() },
    createToken: (memberId, name) => createToken(db, memberId, { name, now: now() }),
    webhooks: {
      add: (url, secret) => addWebhook(db, { url, secret, now: now() }),
      list: () => listWebhooks(db),
      remove: (id) => removeWebhook(db, id),
      deliveries: () => listDeliveries(db),
      idle: () => webhooks.idle(),
    },
    close: async () => {
      if (closed) return;
      closed = true;
      webhooks.close();
      await app.close();
      db.close();
    },
  };
}
