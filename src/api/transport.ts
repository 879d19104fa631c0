/**
 * One HTTP exchange over undici, nothing more: no retries, no limits, no parsing beyond text. It
 * tells a failed exchange apart by what it means for a retry: a timeout, or a connection failure
 * that did or did not possibly reach the server.
 */
import { Agent, type Dispatcher } from 'undici';

export interface HttpRequest {
  method: string;
  /** Scheme, host and port. */
  origin: string;
  /** Path and query. */
  path: string;
  headers: Record<string, string>;
  body?: string | undefined;
  timeoutMs: number;
  signal?: AbortSignal | undefined;
}

export interface HttpResponse {
  status: number;
  /** Lower-case names; repeated headers joined with ", ". */
  headers: Record<string, string>;
  text: string;
}

export type TransportFailureKind = 'timeout' | 'connection' | 'aborted';

/** An exchange that produced no HTTP answer. */
export class TransportFailure extends Error {
  readonly kind: TransportFailureKind;
  readonly mayHaveReachedServer: boolean;
  constructor(kind: TransportFailureKind, mayHaveReachedServer: boolean, cause: unknown) {
    super(`${kind}: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    this.name = 'TransportFailure';
    this.kind = kind;
    this.mayHaveReachedServer = mayHaveReachedServer;
  }
}

/** Socket errors that happen before a byte of the request is written: safe to send again. */
const NOT_SENT_CODES = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EADDRNOTAVAIL',
  'UND_ERR_CONNECT_TIMEOUT',
]);

let sharedAgent: Agent | undefined;

/**
 * The process-wide keep-alive pool used when no dispatcher is given. Sockets idle for 10 s are
 * closed by us before a typical server's own keep-alive timeout closes them under a request.
 */
export function defaultDispatcher(): Dispatcher {
  sharedAgent ??= new Agent({ keepAliveTimeout: 10_000, keepAliveMaxTimeout: 60_000, connections: 64 });
  return sharedAgent;
}

export async function sendHttp(dispatcher: Dispatcher, req: HttpRequest): Promise<HttpResponse> {
  const timeout = AbortSignal.timeout(req.timeoutMs);
  const signal = req.signal ? AbortSignal.any([timeout, req.signal]) : timeout;
  try {
    const res = await dispatcher.request({
      origin: req.origin,
      path: req.path,
      method: req.method as Dispatcher.HttpMethod,
      headers: req.headers,
      body: req.body ?? null,
      signal,
    });
    const text = await res.body.text();
    return { status: res.statusCode, headers: flattenHeaders(res.headers), text };
  } catch (error) {
    if (req.signal?.aborted) throw new TransportFailure('aborted', true, req.signal.reason);
    if (timeout.aborted) throw new TransportFailure('timeout', true, error);
    const code = errorCode(error);
    throw new TransportFailure('connection', !(code && NOT_SENT_CODES.has(code)), error);
  }
}

function errorCode(error: unknown): string | undefined {
  for (let e: unknown = error, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') return code;
  }
  return undefined;
}

function flattenHeaders(headers: Record<string, string | string[] | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined) out[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  }
  return out;
}
