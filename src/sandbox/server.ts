import Fastify, {
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
} from 'fastify';
import type { SandboxDb } from './db/sandbox-db.ts';
import type { AnswerProfile } from './http/answer-profile.ts';
import { type ControlDeps, registerControlRoutes } from './http/control-routes.ts';
import { type InternalErrorReporter, registerErrorHandling } from './http/error-handler.ts';
import type { FaultController } from './http/fault-controller.ts';
import { registerJsonBodyParser } from './http/json-body-parser.ts';
import type { RateLimiter } from './http/rate-limiter.ts';
import { registerRequestGuards } from './http/request-guards.ts';
import type { ResponseCache } from './http/response-cache.ts';
import { registerWebhookControlRoutes } from './http/webhook-control-routes.ts';
import { buildOpenApiDocument } from './openapi/build-openapi.ts';
import { registerRoutes } from './routes/register-routes.ts';
import type { TokenUsage } from './store/tokens.ts';
import type { WebhookDispatcher } from './webhooks/dispatcher.ts';

export interface ServerDeps {
  db: SandboxDb;
  now: () => Date;
  limiter: RateLimiter | null;
  faults: FaultController;
  /** Waits out the injected latency (default: real time). */
  latencyWait?: ((ms: number) => Promise<void>) | undefined;
  tokenUsage: TokenUsage;
  /** Reuses task-list answers until the next write; null computes every answer. */
  responseCache: ResponseCache | null;
  /** The control routes' actions, or null to leave them out. */
  control: Omit<ControlDeps, 'faults'> | null;
  reportInternalError: InternalErrorReporter;
  /** The shapes of answers, errors and headers, and which endpoints and query parameters exist. */
  profile: AnswerProfile;
  /** Sends committed writes' events to the registered webhooks. */
  webhooks: WebhookDispatcher | null;
}

/** The sandbox's HTTP server: the API under /api, its OpenAPI document, and optionally /__control. */
export function buildServer(deps: ServerDeps): FastifyInstance {
  const app = Fastify({
    logger: false,
    // Close keep-alive sockets at once so that `close()` (every test's teardown) never waits.
    forceCloseConnections: true,
    routerOptions: { ignoreTrailingSlash: true },
    // Errors raised before routing (a malformed URL escape) skip the error handler; keep the envelope.
    frameworkErrors: (error: FastifyError, _request: FastifyRequest, reply: FastifyReply) => {
      const status = error.statusCode ?? 400;
      reply.code(status).send(deps.profile.error(status, error.message));
    },
  });
  registerErrorHandling(app, deps.reportInternalError, deps.profile);
  registerJsonBodyParser(app);
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('X-Request-Id', request.id);
    done();
  });

  // Built once: the document depends only on the contract.
  let openApiJson: string | undefined;
  app.get('/api/openapi.json', (_request, reply) => {
    openApiJson ??= JSON.stringify(buildOpenApiDocument(deps.profile));
    return reply.type('application/json; charset=utf-8').send(openApiJson);
  });

  app.register(
    async (api) => {
      registerRequestGuards(api, deps);
      registerRoutes(api, deps);
    },
    { prefix: '/api' },
  );

  if (deps.control) registerControlRoutes(app, { ...deps.control, faults: deps.faults });
  if (deps.control && deps.webhooks) {
    registerWebhookControlRoutes(app, { db: deps.db, now: deps.now, webhooks: deps.webhooks });
  }
  return app;
}
