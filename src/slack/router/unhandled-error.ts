/**
 * The last word on anything a listener did not answer itself. Most importantly a request from a
 * workspace Taskbridge is not installed in (uninstalled, or never installed in OAuth mode): Bolt
 * refuses to authorize it and would say nothing, so the person who typed the command is told
 * what happened through the request's own response_url, which needs no token.
 */
import type { ExtendedErrorHandlerArgs } from '@slack/bolt/dist/App.js';
import type { AppDeps } from '../deps.ts';

export async function answerUnhandledError(deps: AppDeps, args: ExtendedErrorHandlerArgs): Promise<void> {
  const { error, body } = args;
  const isAuthorization = error.code === 'slack_bolt_authorization_error';
  deps.logger.warn(
    { code: error.code, type: (body as { type?: string } | undefined)?.type },
    'unhandled Slack request error',
  );
  const responseUrl = responseUrlOf(body);
  if (!responseUrl) return;
  const text = isAuthorization
    ? ':electric_plug: Taskbridge is not installed in this Slack workspace (or was removed). A workspace admin can install it again.'
    : ':warning: Something went wrong on Taskbridge’s side. It has been logged; please try again.';
  try {
    await fetch(responseUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ response_type: 'ephemeral', replace_original: false, text }),
      signal: AbortSignal.timeout(3_000),
    });
  } catch (replyError) {
    deps.logger.warn({ err: replyError }, 'could not answer an unhandled request');
  }
}

function responseUrlOf(body: unknown): string | undefined {
  if (!body || typeof body !== 'object') return undefined;
  const b = body as { response_url?: unknown; response_urls?: Array<{ response_url?: unknown }> };
  const url = typeof b.response_url === 'string' ? b.response_url : undefined;
  // Only answer where Slack (or the local emulator) would have sent the request from.
  return url && /^https?:\/\//.test(url) ? url : undefined;
}
