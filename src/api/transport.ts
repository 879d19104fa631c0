/**
 * One HTTP exchange over undici, nothing more: no retries, no rate limits, no parsing beyond text. It
 * tells a failed exchange apart by what it means for a retry: a timeout, or a connection failure
 * that did or did not possibly reach the server.
 */
import { Agent, type Dispatcher } from 'undici';

interface HttpRequest {
  method: string;
  /** Scheme, host and port. */
  origin: string;
  /** Path and query. */
  path: string;
  headers: Record<string, string>;
  body?: string | undefined;
  timeoutMs: number;
  /** The most body bytes taken from an answer; past it the connection is dropped. */
  maxBodyBytes: number;
  signal?: AbortSignal | undefined;
}

export interface HttpResponse {
  status: number;
  /** Lower-case names; repeated headers joined with ", ". */
  headers: Record<string, string>;
  text: string;
}

/**
 * `too_large`: the answer passed `maxBodyBytes` and was cut off; `refused`: the address policy
 * (guarded-dispatcher.ts) refused the connection before anything was sent.
 */
type TransportFailureKind = 'timeout' | 'connection' | 'aborted' | 'too_large' | 'refused';

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
  'ERR_ADDRESS_REFUSED',
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

/**
 * Sends one request through `dispatcher.dispatch` with a handler of our own: it learns whether the
 * request was fully written (`onRequestSent`), which is what makes a failed POST safe or unsafe to
 * send again, and it enforces one timeout over the whole exchange, queueing and connecting included.
 * The body is counted as it arrives: past `maxBodyBytes` the exchange is aborted (undici destroys
 * the socket) and what came is dropped, so a service cannot fill the process's memory.
 */
export function sendHttp(dispatcher: Dispatcher, req: HttpRequest): Promise<HttpResponse> {
  return new Promise<HttpResponse>((resolve, reject) => {
    let controller: Dispatcher.DispatchController | undefined;
    let sent = false;
    let done = false;
    let status = 0;
    let headers: Record<string, string> = {};
    const chunks: Buffer[] = [];
    let received = 0;
    const tooLarge = (what: string) =>
      finish({
        failure: new TransportFailure(
          'too_large',
          sent,
          new Error(`${what}, over the ${req.maxBodyBytes}-byte limit`),
        ),
      });

    const finish = (outcome: { response: HttpResponse } | { failure: TransportFailure }) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      req.signal?.removeEventListener('abort', onCallerAbort);
      if ('response' in outcome) resolve(outcome.response);
      else {
        controller?.abort(outcome.failure);
        reject(outcome.failure);
      }
    };
    // Real time: a deadline on a socket, which answers (or not) in the world's time, not the app's clock.
    const timer = setTimeout(
      () =>
        finish({
          failure: new TransportFailure('timeout', sent, new Error(`no answer within ${req.timeoutMs} ms`)),
        }),
      req.timeoutMs,
    );
    const onCallerAbort = () =>
      finish({ failure: new TransportFailure('aborted', sent, req.signal?.reason) });
    if (req.signal?.aborted) return onCallerAbort();
    req.signal?.addEventListener('abort', onCallerAbort, { once: true });

    const handler: Dispatcher.DispatchHandler = {
      onRequestStart(c) {
        controller = c;
        if (done) c.abort(new Error('request given up before it started'));
      },
      onRequestSent() {
        sent = true;
      },
      onResponseStart(_c, statusCode, responseHeaders) {
        status = statusCode;
        headers = flattenHeaders(responseHeaders);
        const declared = Number(headers['content-length']);
        if (declared > req.maxBodyBytes) tooLarge(`the answer declared ${declared} bytes`);
      },
      onResponseData(_c, chunk) {
        if (done) return;
        received += chunk.length;
        if (received > req.maxBodyBytes) {
          chunks.length = 0;
          tooLarge(`the answer passed ${received} bytes`);
          return;
        }
        chunks.push(chunk);
      },
      onResponseEnd() {
        if (done) return;
        const text =
          chunks.length === 1 ? chunks[0]!.toString('utf8') : Buffer.concat(chunks).toString('utf8');
        finish({ response: { status, headers, text } });
      },
      onResponseError(_c, error) {
        const code = errorCode(error);
        // Only a request that was fully written can have been acted on.
        const reached = sent && !(code && NOT_SENT_CODES.has(code));
        const kind = code === 'ERR_ADDRESS_REFUSED' ? 'refused' : 'connection';
        finish({ failure: new TransportFailure(kind, reached, error) });
      },
    };
    try {
      dispatcher.dispatch(
        {
          origin: req.origin,
          path: req.path,
          method: req.method as Dispatcher.HttpMethod,
          headers: req.headers,
          body: req.body ?? null,
        },
        handler,
      );
    } catch (error) {
      finish({ failure: new TransportFailure('connection', false, error) });
    }
  });
}

function errorCode(error: unknown): string | undefined {
  for (let e: unknown = error, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') return code;
  }
  return undefined;
}

/** undici already lower-cases names; only repeated headers need joining. */
function flattenHeaders(headers: Record<string, string | string[] | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name in headers) {
    const value = headers[name];
    if (typeof value === 'string') out[name] = value;
    else if (value !== undefined) out[name] = value.join(', ');
  }
  return out;
}
