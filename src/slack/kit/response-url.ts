/**
 * Posts to a response_url with undici over one shared keep-alive Agent. Bolt's own `respond` goes
 * through the global WHATWG `fetch`, whose Request/Response/stream objects cost about a quarter of
 * a millisecond of CPU per reply; every command answers this way, so the plain request is used.
 * Failures behave as Bolt's: a non-2xx answer throws a `RespondError` carrying the status.
 */
import { type RespondArguments, RespondError, type RespondFn } from '@slack/bolt';
import { Agent, request } from 'undici';

/** How long a post may wait for headers, and for the body after them, before it counts as failed. */
const POST_TIMEOUT_MS = 5_000;

const agent = new Agent({ headersTimeout: POST_TIMEOUT_MS, bodyTimeout: POST_TIMEOUT_MS });

export async function postToResponseUrl(url: string, message: string | RespondArguments): Promise<void> {
  const payload = typeof message === 'string' ? { text: message } : message;
  const { statusCode, body } = await request(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(payload),
    dispatcher: agent,
  });
  // Read to the end so the connection goes back to the pool.
  const text = await body.text();
  if (statusCode < 200 || statusCode >= 300) {
    throw new RespondError(
      `Failed to respond to the response_url: ${statusCode} ${text.slice(0, 200)}`,
      statusCode,
    );
  }
}

/**
 * A `respond` for one response_url. Bolt's resolves to the fetch Response; this one to nothing,
 * since no handler reads it (the cast says so).
 */
export function respondVia(url: string): RespondFn {
  const respond = (message: string | RespondArguments): Promise<void> => postToResponseUrl(url, message);
  return respond as unknown as RespondFn;
}
