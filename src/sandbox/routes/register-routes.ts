import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ENDPOINTS, type EndpointDef, type EndpointName } from '../../contract/index.ts';
import type { SandboxDb } from '../db/sandbox-db.ts';
import type { AnswerProfile } from '../http/answer-profile.ts';
import { notFound } from '../http/api-error.ts';
import type { ResponseCache } from '../http/response-cache.ts';
import type { WebhookDispatcher } from '../webhooks/dispatcher.ts';
import { shapeEvent } from '../webhooks/task-events.ts';
import { HANDLERS } from './all-handlers.ts';
import { HandlerContext } from './handler-context.ts';

/** What a path id names, for the 404 of an id that is not even a number. */
const RESOURCE_OF_PREFIX: Record<string, string> = {
  workspaces: 'Workspace',
  projects: 'Project',
  tasks: 'Task',
  sprints: 'Sprint',
  'mind-maps': 'Mind map',
  goals: 'Goal',
  automations: 'Automation',
};

const PATH_ID = /^[1-9][0-9]{0,15}$/;

/**
 * Reads whose answers are reused until the next write (see ResponseCache): the task lists, large
 * and polled ("my tasks", digests), which depend on nothing but the database and the caller. (Not
 * the sprint report, for one: it also depends on today's date.)
 */
const CACHED_READS: ReadonlySet<string> = new Set(['tasks.list', 'tasks.listByProject']);

const JSON_TYPE = 'application/json; charset=utf-8';

/** A path id as a number; anything but a positive safe integer names no record, so 404. */
function pathId(raw: string | undefined, resource: string): number | undefined {
  if (raw === undefined) return undefined;
  const value = PATH_ID.test(raw) ? Number(raw) : Number.NaN;
  if (!Number.isSafeInteger(value)) throw notFound(resource, raw.slice(0, 40));
  return value;
}

/** `/projects/{id}/members/{uid}` → `/projects/:id/members/:uid` */
function fastifyPath(path: string): string {
  return path.replace(/\{(\w+)\}/g, ':$1');
}

/**
 * Registers every endpoint of the contract's table that the profile serves on its handler. Reads run
 * as they are; writes run in a transaction, so a request that fails half way leaves the database as
 * it found it. The profile picks the query parameters a handler sees and shapes its answer.
 */
export function registerRoutes(
  app: FastifyInstance,
  deps: {
    db: SandboxDb;
    now: () => Date;
    responseCache: ResponseCache | null;
    profile: AnswerProfile;
    /** Where a committed write's events go; null sends none. */
    webhooks: WebhookDispatcher | null;
  },
): void {
  const { profile } = deps;
  for (const endpoint of ENDPOINTS as readonly EndpointDef[]) {
    if (!profile.serves(endpoint)) continue;
    const handler = HANDLERS[endpoint.name as EndpointName];
    if (!handler) throw new Error(`no handler for endpoint ${endpoint.name}`);
    const resource = RESOURCE_OF_PREFIX[endpoint.path.split('/')[1] ?? ''] ?? 'Record';
    const isWrite = endpoint.method !== 'GET';
    const cache = CACHED_READS.has(endpoint.name) ? deps.responseCache : null;
    app.route({
      method: endpoint.method,
      url: fastifyPath(endpoint.path),
      handler: (request: FastifyRequest, reply: FastifyReply) => {
        const params = request.params as { id?: string; uid?: string };
        const owner = request.tokenOwner!;
        const cacheKey = `${owner.memberId} ${request.url}`;
        const cached = cache?.get(cacheKey);
        if (cached) return reply.type(JSON_TYPE).send(cached);
        const ctx = new HandlerContext({
          db: deps.db,
          viewer: { id: owner.memberId, name: owner.memberName },
          now: deps.now(),
          id: pathId(params.id, resource),
          uid: pathId(params.uid, 'Member'),
          rawQuery: profile.query(endpoint, request.query as Record<string, unknown>),
          rawBody: endpoint.body ? request.body : undefined,
        });
        const result = isWrite ? deps.db.transaction(() => handler(ctx)) : handler(ctx);
        // After the commit: a write that failed tells nobody, and sending never delays the answer.
        if (ctx.events.length > 0) {
          deps.webhooks?.publish(ctx.events.map((event) => shapeEvent(profile.name, event)));
        }
        reply.code(result.status);
        if (result.status === 204) return reply.send();
        const answer = profile.body(endpoint, result);
        const text = typeof answer === 'string' ? answer : undefined;
        if (!cache) return text === undefined ? reply.send(answer) : reply.type(JSON_TYPE).send(text);
        const body = Buffer.from(text ?? JSON.stringify(answer));
        cache.set(cacheKey, body);
        return reply.type(JSON_TYPE).send(body);
      },
    });
  }
}
