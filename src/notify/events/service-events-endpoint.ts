/**
 * The app's endpoint for the service's webhooks: `POST /service/events/<path key>`, one opaque path
 * per workspace. A delivery is checked before anything is read from it (Standard Webhooks: the
 * `webhook-signature` over id, timestamp and raw body, and the timestamp within the library's five
 * minutes), and known by its `webhook-id` so a retry or a replay is answered but never acted on twice.
 *
 * It is answered 2xx only once its events are durable: the sink has written them to the store (the
 * notifications' bursts), from which any instance sends them, even after this one is killed. While
 * one instance takes a delivery it holds a short claim on its id (a copy meanwhile hears 409); the
 * id is remembered for a day once taken. A failure gives the claim back and answers 503, so the
 * service's own retry (same `webhook-id`) is taken rather than refused as a repeat.
 */
import { channel } from 'node:diagnostics_channel';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Webhook, WebhookVerificationError } from 'standardwebhooks';
import type { TaskView } from '../../api/task-view.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Logger } from '../../lib/logger.ts';
import { storeKeys } from '../../store/keys.ts';
import type { Store } from '../../store/types.ts';
import type { ServiceEventsSettings } from '../store/service-events.ts';
import type { ProjectEvent, ProjectEventSink, WatchedProjects } from './project-event.ts';
import { eventBodyProblem, readDelivery } from './webhook-body.ts';

export const SERVICE_EVENTS_PREFIX = '/service/events/';
/** Bolt's custom-route pattern (path-to-regexp) for the endpoint. */
export const SERVICE_EVENTS_ROUTE = `${SERVICE_EVENTS_PREFIX}:key`;
/** A delivery's id is remembered this long: far beyond any sender's retry schedule. */
const DELIVERY_ID_TTL_MS = 24 * 60 * 60_000;
/**
 * How long one instance's hold on a delivery it is taking lasts: longer than any sender waits for
 * an answer, so a crash mid-way leaves the delivery to the sender's next retry, not to a repeat check.
 */
const DELIVERY_TAKING_TTL_MS = 60_000;
const MAX_BODY_BYTES = 256 * 1024;
/** A signed delivery refused for its body, published for `/metrics` (src/ops/metrics.ts). */
export const SERVICE_EVENT_REFUSED = 'taskbridge:service-event-refused';
export interface ServiceEventRefused {
  reason: 'not_json' | 'not_an_event';
}
const refusedChannel = channel(SERVICE_EVENT_REFUSED);

interface ServiceEventsDeps {
  store: Store;
  settings: ServiceEventsSettings;
  /** The workspace's task view, when it has a service connection. */
  viewOf(teamId: string): Promise<TaskView | undefined>;
  sink(): ProjectEventSink;
  /** The projects each workspace follows: where a task the view has not seen is looked for. */
  watched(): WatchedProjects;
  clock: Clock;
  logger: Logger;
}

export interface ServiceEventsEndpoint {
  handle(req: IncomingMessage & { params?: Record<string, string | string[]> }, res: ServerResponse): void;
  /** Resolves when the work of every accepted delivery so far is done (tests, shutdown). */
  settled(): Promise<void>;
}

class BodyTooLarge extends Error {}

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        reject(new BodyTooLarge());
        req.resume();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

const answer = (res: ServerResponse, status: number, message: string) => {
  if (res.headersSent) return;
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify({ message }));
};

const duplicate = (res: ServerResponse) => {
  res.writeHead(200, { 'content-type': 'application/json' }).end('{"duplicate":true}');
};

const header = (req: IncomingMessage, name: string): string => {
  const value = req.headers[name];
  return (Array.isArray(value) ? value[0] : value) ?? '';
};

const placeless = (e: ProjectEvent) => e.projectId === null && e.taskId !== undefined;

/** Fills in each event's project from the view, where the view knows the task. */
function placeFromView(events: ProjectEvent[], view: TaskView): void {
  for (const event of events) {
    const known = event.taskId === undefined ? undefined : view.peek(event.taskId)?.project_id;
    if (event.projectId !== null || known == null) continue;
    event.projectId = known;
    if (event.task && event.task.project_id == null) event.task = { ...event.task, project_id: known };
  }
}

function parseJson(raw: Buffer): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(raw.toString('utf8')) };
  } catch {
    return { ok: false };
  }
}

export function createServiceEventsEndpoint(deps: ServiceEventsDeps): ServiceEventsEndpoint {
  const log = deps.logger.child({ component: 'service-events' });
  const working = new Set<Promise<void>>();

  const work = async (teamId: string, webhookId: string, body: unknown) => {
    const view = await deps.viewOf(teamId);
    const read = readDelivery(body, {
      webhookId,
      teamId,
      receivedAt: deps.clock.now(),
      previous: (taskId) => view?.peek(taskId),
    });
    if (read.skipped) log.info({ teamId, webhookId, why: read.skipped }, 'service event skipped');
    // A service that sends a task's spec fields only does not say its project; the view's scan
    // (each project's list) does. Read it once if it has not been; a task made since the scan is
    // looked for in the projects the workspace follows, each read once for the delivery.
    if (view && read.events.some(placeless)) {
      if (!view.warm)
        await view
          .refresh()
          .catch((error: unknown) => log.warn({ teamId, err: error }, 'task view scan failed'));
      placeFromView(read.events, view);
      if (read.events.some(placeless)) {
        const followed = await deps.watched().projectsOf(teamId);
        for (const projectId of followed) {
          if (!read.events.some(placeless)) break;
          await view
            .readProject(projectId)
            .catch((error: unknown) => log.warn({ teamId, projectId, err: error }, 'project list not read'));
          placeFromView(read.events, view);
        }
      }
      const change = read.viewChange;
      if (change?.kind === 'upsert' && change.task.project_id == null) {
        const known = view.peek(change.task.id)?.project_id;
        if (known != null) read.viewChange = { kind: 'upsert', task: { ...change.task, project_id: known } };
      }
      for (const event of read.events.filter(placeless)) {
        log.warn(
          { teamId, webhookId, taskId: event.taskId, kind: event.kind },
          'service event names no project the workspace follows; no channel hears it',
        );
      }
    }
    // The view first: a list opened because of the notification already shows the change.
    if (read.viewChange) view?.apply(read.viewChange);
    await deps.settings.markDelivery(teamId, deps.clock.now());
    // Each event is durable once `deliver` resolves; one that fails fails the delivery, and the
    // retry writes only the events not yet written (the sink knows each event's id).
    for (const event of read.events) await deps.sink().deliver(event);
  };

  const accept = async (
    req: IncomingMessage & { params?: Record<string, string | string[]> },
    res: ServerResponse,
  ) => {
    if (req.method !== 'POST') {
      res.setHeader('allow', 'POST');
      return answer(res, 405, 'POST only');
    }
    const param = req.params?.key;
    const key =
      typeof param === 'string' ? param : (req.url ?? '').split('?')[0]!.slice(SERVICE_EVENTS_PREFIX.length);
    const teamId = await deps.settings.teamOf(key);
    if (!teamId) return answer(res, 404, 'No such endpoint.');
    let raw: Buffer;
    try {
      raw = await readBody(req);
    } catch (error) {
      if (error instanceof BodyTooLarge) return answer(res, 413, 'Body over 256 KB.');
      throw error;
    }
    const secret = await deps.settings.secretOf(teamId);
    if (!secret) return answer(res, 401, 'No signing secret is saved for this endpoint.');
    const headers = {
      'webhook-id': header(req, 'webhook-id'),
      'webhook-timestamp': header(req, 'webhook-timestamp'),
      'webhook-signature': header(req, 'webhook-signature'),
    };
    try {
      // The library checks the signature in constant time and the timestamp within five minutes;
      // the body is parsed here, so a signed body that is not an event is told apart from a forgery.
      new Webhook(secret).verify(raw, headers, { jsonParse: false });
    } catch (error) {
      if (!(error instanceof WebhookVerificationError)) throw error;
      log.warn({ teamId, why: error.message }, 'service event refused');
      return answer(res, 401, 'Signature or timestamp not valid.');
    }
    const webhookId = headers['webhook-id'].slice(0, 200);
    // A signed body that is no event is refused with a 400, not retried (500) nor hidden (204):
    // the service's retry would send the same bytes.
    const body = parseJson(raw);
    const problem = body.ok ? eventBodyProblem(body.value) : 'not JSON';
    if (!body.ok || problem !== undefined) {
      const reason = body.ok ? 'not_an_event' : 'not_json';
      if (refusedChannel.hasSubscribers) refusedChannel.publish({ reason } satisfies ServiceEventRefused);
      log.warn({ teamId, webhookId, why: problem }, 'service event refused: the body is not an event');
      return answer(res, 400, `The body is ${problem}: expected a JSON object with an "event" name.`);
    }
    const done = storeKeys.serviceEventDone(teamId, webhookId);
    if ((await deps.store.get(done)) !== undefined) return duplicate(res);
    // Atomic across instances: of two copies of one delivery arriving together, one takes it.
    const taking = storeKeys.serviceEventTaking(teamId, webhookId);
    if (!(await deps.store.claim(taking, DELIVERY_TAKING_TTL_MS))) {
      // Taken just now, or being taken: a later retry hears "duplicate" once it is done.
      if ((await deps.store.get(done)) !== undefined) return duplicate(res);
      return answer(res, 409, 'This delivery is being taken now; send it again later.');
    }
    const job = work(teamId, webhookId, body.value)
      .then(() => deps.store.set(done, true, DELIVERY_ID_TTL_MS))
      .then(
        () => {
          res.writeHead(204).end();
        },
        async (error: unknown) => {
          log.error({ teamId, webhookId, err: error }, 'service event not taken; the service will retry');
          await deps.store.release(taking).catch(() => undefined);
          answer(res, 503, 'Could not take the event; send it again.');
        },
      )
      .finally(() => working.delete(job));
    working.add(job);
    await job;
  };

  return {
    handle(req, res) {
      accept(req, res).catch((error: unknown) => {
        log.error({ err: error }, 'service event endpoint failed');
        answer(res, 500, 'Could not take the event; send it again.');
      });
    },
    async settled() {
      while (working.size > 0) await Promise.allSettled([...working]);
    },
  };
}
