/**
 * Answers through a response_url kept from an earlier interaction (in a form's sealed metadata),
 * where Bolt's `respond` is no longer at hand. Slack allows 5 uses within 30 minutes; a use that
 * fails is reported to the caller, who decides what else to do.
 */
import type { RespondArguments } from '@slack/bolt';

/** How long a post may take before it counts as failed. */
const POST_TIMEOUT_MS = 5_000;

export async function postToResponseUrl(url: string, message: RespondArguments): Promise<void> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(message),
    signal: AbortSignal.timeout(POST_TIMEOUT_MS),
  });
  // Drain the body so the connection can be reused.
  const text = await response.text();
  if (!response.ok) {
    throw new Error(`response_url answered HTTP ${response.status}: ${text.slice(0, 200)}`);
  }
}
