import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { classifyRequest, RATE_LIMITS } from '../../contract/index.ts';
import type { SandboxDb } from '../db/sandbox-db.ts';
import { findTokenOwner, type TokenOwner, type TokenUsage } from '../store/tokens.ts';
import type { AnswerProfile } from './answer-profile.ts';
import type { FaultController } from './fault-controller.ts';
import type { RateDecision, RateLimiter } from './rate-limiter.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The member whose token authenticated the request (set by the auth guard). */
    tokenOwner: TokenOwner | null;
  }
}

export interface GuardDeps {
  db: SandboxDb;
  now: () => Date;
  /** `null` when rate limiting is off. */
  limiter: RateLimiter | null;
  faults: FaultController;
  tokenUsage: TokenUsage;
  profile: AnswerProfile;
  /** Waits out the injected latency (default: real time). */
  latencyWait?: ((ms: number) => Promise<void>) | undefined;
}

const BEARER = /^Bearer\s+(\S+)\s*$/i;

function rateHeaders(reply: FastifyReply, decision: RateDecision, refused: boolean): void {
  reply.header('X-RateLimit-Limit', String(decision.limit));
  reply.header('X-RateLimit-Remaining', String(refused ? 0 : decision.remaining));
  if (refused) {
    reply.header('Retry-After', String(decision.retryAfterSeconds));
    reply.header('X-RateLimit-Reset', String(Math.ceil(decision.resetAtMs / 1000)));
  }
}

function tooManyAttempts(reply: FastifyReply, decision: RateDecision, profile: AnswerProfile): FastifyReply {
  if (profile.rateLimitHeaders) rateHeaders(reply, decision, true);
  return reply.code(429).send(profile.error(429, 'Too Many Attempts.'));
}

/**
 * What stands before every API handler, in order: injected latency and outage (the service is
 * unreachable for everyone), the bearer token (a 401 counts against no one), the rate limit of the
 * token's class, then the injected 500s and 429s. All of it is decided before a handler runs, so a
 * refused request never writes.
 */
export function registerRequestGuards(app: FastifyInstance, deps: GuardDeps): void {
  app.decorateRequest('tokenOwner', null);
  const { profile } = deps;

  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    const latency = deps.faults.latencyMs;
    if (latency > 0) await (deps.latencyWait ?? sleep)(latency);
    if (deps.faults.outage) {
      return reply
        .code(503)
        .send(profile.error(503, 'Service Unavailable (the sandbox is simulating an outage).'));
    }

    const match = BEARER.exec(request.headers.authorization ?? '');
    const owner = match?.[1] ? findTokenOwner(deps.db, match[1]) : undefined;
    if (!owner) {
      reply.header('WWW-Authenticate', 'Bearer');
      return reply.code(401).send(profile.error(401, 'Unauthenticated.'));
    }
    request.tokenOwner = owner;
    const now = deps.now();
    deps.tokenUsage.touch(deps.db, owner.tokenId, now);

    const rateClass = classifyRequest({
      method: request.method,
      query: request.query as Record<string, unknown>,
      contentType: request.headers['content-type'],
    });
    if (deps.limiter) {
      const decision = deps.limiter.hit(owner.tokenId, rateClass);
      if (!decision.allowed) return tooManyAttempts(reply, decision, profile);
      if (profile.rateLimitHeaders) rateHeaders(reply, decision, false);
    }

    const verdict = deps.faults.drawAfterAuth();
    if (verdict === 'server_error') {
      return reply.code(500).send(profile.error(500, 'Server Error (injected by the sandbox).'));
    }
    if (verdict === 'rate_limited') {
      // Same headers as a real refusal; with limiting off, as if the spec's limit were in force.
      const decision: RateDecision = deps.limiter?.peek(owner.tokenId, rateClass) ?? {
        allowed: false,
        limit: RATE_LIMITS[rateClass],
        remaining: 0,
        resetAtMs: now.getTime() + 60_000,
        retryAfterSeconds: 60,
      };
      return tooManyAttempts(reply, decision, profile);
    }
    return undefined;
  });
}
