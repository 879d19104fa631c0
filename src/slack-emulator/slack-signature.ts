import { createHmac } from 'node:crypto';

/**
 * Slack's request signature: `v0=` + hex HMAC-SHA256 of `v0:{timestamp}:{raw body}` under the
 * signing secret (https://api.slack.com/authentication/verifying-requests-from-slack).
 */
export function signSlackRequest(signingSecret: string, timestampSeconds: number, rawBody: string): string {
  const hmac = createHmac('sha256', signingSecret).update(`v0:${timestampSeconds}:${rawBody}`).digest('hex');
  return `v0=${hmac}`;
}
