import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Slack's request signature: `v0=` + hex HMAC-SHA256 of `v0:{timestamp}:{raw body}` under the
 * signing secret (https://api.slack.com/authentication/verifying-requests-from-slack).
 */
export function signSlackRequest(signingSecret: string, timestampSeconds: number, rawBody: string): string {
  const hmac = createHmac('sha256', signingSecret).update(`v0:${timestampSeconds}:${rawBody}`).digest('hex');
  return `v0=${hmac}`;
}

/** Checks a signature as Slack's rule says: right HMAC and a timestamp no more than 5 minutes away. */
export function verifySlackSignature(input: {
  signingSecret: string;
  signature: string | undefined;
  timestamp: string | undefined;
  rawBody: string;
  nowSeconds: number;
}): boolean {
  const timestamp = Number(input.timestamp);
  if (!Number.isInteger(timestamp) || Math.abs(input.nowSeconds - timestamp) > 300) return false;
  const expected = Buffer.from(signSlackRequest(input.signingSecret, timestamp, input.rawBody));
  const given = Buffer.from(input.signature ?? '');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
