/**
 * Prometheus metrics at `/metrics` (prom-client): Slack acknowledgements and their latency, the
 * service calls by rate class, its 429s and the client's retries, digests by outcome and the late
 * ones. Everything is observed from outside the code it measures, through diagnostics channels:
 * Node's HTTP server channels (a Slack request's arrival and its answer, which is the ack), the
 * Socket Mode channels (an envelope's arrival and its ack: `lib/socket-mode-channels.ts`), undici's
 * (every service request the client sends), and the digest runner's own (`digest-events.ts`). So
 * no handler and no client carries metrics code, and a process without `/metrics` pays nothing.
 *
 * Labels hold classes and outcomes only: never a token, a team or a URL.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { subscribe } from 'node:diagnostics_channel';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { CustomRoute } from '@slack/bolt';
import { Counter, collectDefaultMetrics, Histogram, Registry } from 'prom-client';
import { HELD_BACK, type HeldBack } from '../api/pipeline.ts';
import { classifyRequest } from '../contract/index.ts';
import { DIGEST_RECORDED, type DigestRecordedEvent } from '../digest/digest-events.ts';
import { SLACK_METADATA_WARNING, type SlackMetadataWarningEvent } from '../lib/slack-metadata-channels.ts';
import {
  SOCKET_ACK,
  SOCKET_ENVELOPE,
  type SocketAckEvent,
  type SocketEnvelopeEvent,
} from '../lib/socket-mode-channels.ts';
import { SERVICE_EVENT_REFUSED, type ServiceEventRefused } from '../notify/events/service-events-endpoint.ts';

/** The client's User-Agent: how the service's requests are told apart from any other undici request. */
const CLIENT_AGENT = 'taskbridge-work-api-client';
/** Request ids seen lately: a request id seen again is a retry (the client keeps one id per call). */
const RECENT_IDS = 5_000;
/**
 * Envelopes awaiting their ack: at most this many, none older than a minute (one never acked, which
 * Bolt could not type, is dropped oldest first).
 */
const PENDING_ENVELOPES = 10_000;
const PENDING_NS = 60_000_000_000n;

interface Metrics {
  registry: Registry;
  route: CustomRoute;
}

interface MetricsOptions {
  /** Where Slack's requests arrive. Default `/slack/events`. */
  eventsPath?: string;
  /**
   * The bearer token `/metrics` asks for (METRICS_TOKEN). Without one the route answers 404: the
   * metrics are not served on a port Slack and the service can reach unless the operator says so.
   */
  token?: string | undefined;
}

export function createMetrics(options: MetricsOptions = {}): Metrics {
  const eventsPath = options.eventsPath ?? '/slack/events';
  const registry = new Registry();
  // The event-loop lag histogram samples once a second, not prom-client's every 10 ms: its timer
  // wakes the process whatever it is doing, and at 100 ms it alone cost 0.75 ms of CPU a second at
  // rest (bench/idle-cpu.ts). A stall long enough to matter to a 3-second ack still shows; the ack
  // latency histogram above measures what people wait for directly.
  collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 1000 });

  const ackSeconds = new Histogram({
    name: 'taskbridge_slack_ack_seconds',
    help: "From a Slack request's arrival to the app's ack (Slack waits 3 s for it): the HTTP answer, by status, or the Socket Mode ack",
    labelNames: ['transport', 'status'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2, 3],
    registers: [registry],
  });
  const apiRequests = new Counter({
    name: 'taskbridge_work_api_requests_total',
    help: 'Requests sent to the work-management service, by rate class and answer status (0: no answer)',
    labelNames: ['class', 'status'],
    registers: [registry],
  });
  const apiRateLimited = new Counter({
    name: 'taskbridge_work_api_rate_limited_total',
    help: "The service's 429 answers, by rate class",
    labelNames: ['class'],
    registers: [registry],
  });
  const apiRetries = new Counter({
    name: 'taskbridge_work_api_retries_total',
    help: 'Requests that repeat an earlier attempt of the same call, by rate class',
    labelNames: ['class'],
    registers: [registry],
  });
  const digests = new Counter({
    name: 'taskbridge_digests_total',
    help: 'Digest firings recorded, by outcome (posted, empty, failed)',
    labelNames: ['outcome'],
    registers: [registry],
  });
  const digestsLate = new Counter({
    name: 'taskbridge_digests_late_total',
    help: 'Digests posted after their grace period (an instance was down, or the service was slow)',
    registers: [registry],
  });

  const serviceEventsRefused = new Counter({
    name: 'taskbridge_service_events_refused_total',
    help: 'Correctly signed service webhooks refused with a 400 for their body, by reason (not_json, not_an_event)',
    labelNames: ['reason'],
    registers: [registry],
  });
  subscribe(SERVICE_EVENT_REFUSED, (message) => {
    serviceEventsRefused.inc({ reason: (message as ServiceEventRefused).reason });
  });

  const heldBack = new Counter({
    name: 'taskbridge_work_api_held_back_total',
    help: "Service requests the client's own rate limiter held back (the person told to try again), by rate class and budget lane",
    labelNames: ['class', 'lane'],
    registers: [registry],
  });
  subscribe(HELD_BACK, (message) => {
    const held = message as HeldBack;
    heldBack.inc({ class: held.rateClass, lane: held.lane });
  });

  const metadataWarnings = new Counter({
    name: 'taskbridge_slack_metadata_warnings_total',
    help: 'Posts whose Work Object metadata Slack dropped with a warning (invalid_metadata_format), by method',
    labelNames: ['method'],
    registers: [registry],
  });
  subscribe(SLACK_METADATA_WARNING, (message) => {
    metadataWarnings.inc({ method: (message as SlackMetadataWarningEvent).method });
  });

  const started = new WeakMap<IncomingMessage, bigint>();
  subscribe('http.server.request.start', (message) => {
    const { request } = message as { request: IncomingMessage };
    if (request.method === 'POST' && request.url?.split('?')[0] === eventsPath) {
      started.set(request, process.hrtime.bigint());
    }
  });
  subscribe('http.server.response.finish', (message) => {
    const { request, response } = message as { request: IncomingMessage; response: ServerResponse };
    const at = started.get(request);
    if (at === undefined) return;
    started.delete(request);
    const seconds = Number(process.hrtime.bigint() - at) / 1e9;
    ackSeconds.observe({ transport: 'http', status: String(response.statusCode) }, seconds);
  });

  const envelopes = new Map<string, bigint>();
  subscribe(SOCKET_ENVELOPE, (message) => {
    const { envelopeId } = message as SocketEnvelopeEvent;
    const now = process.hrtime.bigint();
    envelopes.set(envelopeId, now);
    // Oldest first out: a Map iterates in insertion order.
    for (const [id, at] of envelopes) {
      if (envelopes.size <= PENDING_ENVELOPES && now - at < PENDING_NS) break;
      envelopes.delete(id);
    }
  });
  subscribe(SOCKET_ACK, (message) => {
    const { envelopeId } = message as SocketAckEvent;
    const at = envelopes.get(envelopeId);
    if (at === undefined) return;
    envelopes.delete(envelopeId);
    const seconds = Number(process.hrtime.bigint() - at) / 1e9;
    ackSeconds.observe({ transport: 'socket', status: 'acked' }, seconds);
  });

  const recentIds = new Set<string>();
  const classes = new WeakMap<object, string>();
  subscribe('undici:request:create', (message) => {
    const { request } = message as { request: UndiciRequest };
    const headers = headerMap(request.headers);
    if (!headers['user-agent']?.startsWith(CLIENT_AGENT)) return;
    const rateClass = classOf(request.method, request.path);
    classes.set(request, rateClass);
    const id = headers['x-request-id'];
    if (id === undefined) return;
    if (recentIds.has(id)) {
      apiRetries.inc({ class: rateClass });
      return;
    }
    recentIds.add(id);
    // Oldest first out: a Set iterates in insertion order.
    if (recentIds.size > RECENT_IDS) recentIds.delete(recentIds.values().next().value as string);
  });
  subscribe('undici:request:headers', (message) => {
    const { request, response } = message as { request: object; response: { statusCode: number } };
    const rateClass = classes.get(request);
    if (rateClass === undefined) return;
    classes.delete(request);
    apiRequests.inc({ class: rateClass, status: String(response.statusCode) });
    if (response.statusCode === 429) apiRateLimited.inc({ class: rateClass });
  });
  subscribe('undici:request:error', (message) => {
    const { request } = message as { request: object };
    const rateClass = classes.get(request);
    if (rateClass === undefined) return;
    classes.delete(request);
    apiRequests.inc({ class: rateClass, status: '0' });
  });

  subscribe(DIGEST_RECORDED, (message) => {
    const event = message as DigestRecordedEvent;
    digests.inc({ outcome: event.outcome });
    if (event.outcome === 'posted' && event.late) digestsLate.inc();
  });

  const allowed = bearerCheck(options.token);
  return {
    registry,
    route: {
      path: '/metrics',
      method: ['GET'],
      handler: (req: IncomingMessage, res: ServerResponse) => {
        if (!allowed(req)) {
          const status = options.token ? 401 : 404;
          res.writeHead(status, { 'content-type': 'application/json' });
          res.end(status === 401 ? '{"error":"bearer token required"}' : '{"error":"not found"}');
          return;
        }
        void registry.metrics().then(
          (text) => res.writeHead(200, { 'content-type': registry.contentType }).end(text),
          () => res.writeHead(500).end(),
        );
      },
    },
  };
}

/** Whether a request carries `Authorization: Bearer <token>`, compared in constant time (by digest, so lengths leak nothing). */
function bearerCheck(token: string | undefined): (req: IncomingMessage) => boolean {
  if (!token) return () => false;
  const want = createHash('sha256').update(token).digest();
  return (req) => {
    const header = req.headers.authorization ?? '';
    const given = header.startsWith('Bearer ') ? header.slice('Bearer '.length) : '';
    return timingSafeEqual(createHash('sha256').update(given).digest(), want);
  };
}

interface UndiciRequest {
  method: string;
  path: string;
  headers: unknown;
}

/** undici keeps a request's headers as a flat [name, value, name, value, …] array. */
function headerMap(headers: unknown): Record<string, string> {
  const map: Record<string, string> = {};
  if (Array.isArray(headers)) {
    for (let i = 0; i + 1 < headers.length; i += 2)
      map[String(headers[i]).toLowerCase()] = String(headers[i + 1]);
  }
  return map;
}

function classOf(method: string, path: string): string {
  const query = new URL(path, 'http://service.invalid').searchParams;
  try {
    return classifyRequest({ method, query });
  } catch {
    return 'general';
  }
}
