/**
 * Posts to a response_url with undici over one shared keep-alive Agent. Bolt's own `respond` goes
 * through the global WHATWG `fetch`, whose Request/Response/stream objects cost about a quarter of
 * a millisecond of CPU per reply; every command answers this way, so the plain request is used,
 * dispatched with a handler of our own: undici's `request` would build a readable stream for an
 * answer that is only read to its end (a few bytes, `ok`). Failures behave as Bolt's: a non-2xx
 * answer throws a `RespondError` carrying the status.
 */
import { type RespondArguments, RespondError, type RespondFn } from '@slack/bolt';
import { Agent, type Dispatcher } from 'undici';

/** How long a post may wait for headers, and for the body after them, before it counts as failed. */
const POST_TIMEOUT_MS = 5_000;

/** How much of a refused answer's body the error quotes. */
const QUOTED_CHARS = 200;

const agent = new Agent({ headersTimeout: POST_TIMEOUT_MS, bodyTimeout: POST_TIMEOUT_MS });

const HEADERS = { 'content-type': 'application/json' };

export async function postToResponseUrl(url: string, message: string | RespondArguments): Promise<void> {
  const payload = typeof message === 'string' ? { text: message } : message;
  const target = new URL(url);
  const { statusCode, text } = await post(
    target.origin,
    `${target.pathname}${target.search}`,
    JSON.stringify(payload),
  );
  if (statusCode < 200 || statusCode >= 300) {
    throw new RespondError(
      `Failed to respond to the response_url: ${statusCode} ${text.slice(0, QUOTED_CHARS)}`,
      statusCode,
    );
  }
}

/** One POST, its answer read to the end (so the connection goes back to the pool). */
function post(origin: string, path: string, body: string): Promise<{ statusCode: number; text: string }> {
  return new Promise((resolve, reject) => {
    let statusCode = 0;
    const chunks: Buffer[] = [];
    const handler: Dispatcher.DispatchHandler = {
      onRequestStart() {},
      onResponseStart(_controller, status) {
        statusCode = status;
      },
      onResponseData(_controller, chunk) {
        // A 2xx answer's body is never read; a refusal's is quoted, in part.
        if (statusCode < 200 || statusCode >= 300) chunks.push(chunk);
      },
      onResponseEnd() {
        resolve({ statusCode, text: Buffer.concat(chunks).toString('utf8') });
      },
      onResponseError(_controller, error) {
        reject(error);
      },
    };
    try {
      agent.dispatch({ origin, path, method: 'POST', headers: HEADERS, body }, handler);
    } catch (error) {
      reject(error);
    }
  });
}

/**
 * A `respond` for one response_url. Bolt's resolves to the fetch Response; this one to nothing,
 * since no handler reads it (the cast says so).
 */
export function respondVia(url: string): RespondFn {
  const respond = (message: string | RespondArguments): Promise<void> => postToResponseUrl(url, message);
  return respond as unknown as RespondFn;
}
