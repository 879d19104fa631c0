/**
 * Slack's request signature (v0 HMAC-SHA256 of `v0:<timestamp>:<body>`) and its timestamp rule,
 * applied both ways: a request stamped more than five minutes before or after now is refused, so
 * a captured request cannot be replayed later by stamping it ahead (Bolt checks only the past).
 */
import { createHmac, type KeyObject, timingSafeEqual } from 'node:crypto';

/** Slack's rule: five minutes, either way. */
const MAX_CLOCK_SKEW_SECONDS = 5 * 60;

type SignatureCheck =
  | { ok: true }
  | { ok: false; reason: 'missing-headers' | 'bad-timestamp' | 'stale' | 'future' | 'bad-signature' };

interface SignedRequestParts {
  signature: string | string[] | undefined;
  timestamp: string | string[] | undefined;
  body: Buffer;
}

/**
 * @param signingSecret the app's signing secret, or the same as a key object made once
 *   (`createSecretKey`): a string is prepared as a key again on every request.
 */
export function checkSlackSignature(
  signingSecret: string | KeyObject,
  parts: SignedRequestParts,
  nowMs: number,
): SignatureCheck {
  const { signature, timestamp } = parts;
  if (typeof signature !== 'string' || typeof timestamp !== 'string') {
    return { ok: false, reason: 'missing-headers' };
  }
  if (!/^\d{1,12}$/.test(timestamp)) return { ok: false, reason: 'bad-timestamp' };
  const skew = Number(timestamp) - Math.floor(nowMs / 1000);
  if (skew < -MAX_CLOCK_SKEW_SECONDS) return { ok: false, reason: 'stale' };
  if (skew > MAX_CLOCK_SKEW_SECONDS) return { ok: false, reason: 'future' };
  const expected = Buffer.from(
    `v0=${createHmac('sha256', signingSecret).update(`v0:${timestamp}:`).update(parts.body).digest('hex')}`,
  );
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    return { ok: false, reason: 'bad-signature' };
  }
  return { ok: true };
}
