import { webApi } from '@slack/bolt';
import { describe, expect, it } from 'vitest';
import { describeSlackFailure } from '../../../src/digest/slack-failure.ts';
import { classifySlackFailure } from '../../../src/lib/slack-failure.ts';

const { WebAPIPlatformError, WebAPIRateLimitedError, WebAPIHTTPError, WebAPIRequestError } = webApi;

const platform = (error: string) => new WebAPIPlatformError({ ok: false, error });

describe('classifySlackFailure', () => {
  it.each(['not_in_channel', 'channel_not_found', 'is_archived', 'team_access_not_granted'])(
    '%s means the channel is gone for the bot',
    (code) => {
      expect(classifySlackFailure(platform(code))).toEqual({ kind: 'channel-gone', code });
    },
  );

  it("reads a 429's Retry-After, from the rate-limited error or a bare HTTP 429", () => {
    expect(classifySlackFailure(new WebAPIRateLimitedError(7))).toEqual({
      kind: 'rate-limited',
      code: 'ratelimited',
      retryAfterMs: 7000,
    });
    expect(
      classifySlackFailure(new WebAPIHTTPError(429, 'Too Many Requests', { 'Retry-After': '2' })),
    ).toMatchObject({
      kind: 'rate-limited',
      retryAfterMs: 2000,
    });
    expect(classifySlackFailure(new WebAPIHTTPError(429, 'Too Many Requests', {}))).toMatchObject({
      retryAfterMs: 1000,
    });
  });

  it('retries what Slack may take a minute later, not what it refuses for good', () => {
    expect(classifySlackFailure(platform('internal_error')).kind).toBe('transient');
    expect(classifySlackFailure(new WebAPIHTTPError(503, 'Unavailable', {})).kind).toBe('transient');
    expect(classifySlackFailure(new WebAPIRequestError(new Error('ECONNRESET'))).kind).toBe('transient');
    expect(classifySlackFailure(platform('invalid_blocks'))).toEqual({
      kind: 'permanent',
      code: 'invalid_blocks',
    });
    expect(classifySlackFailure(platform('token_revoked')).kind).toBe('permanent');
    expect(classifySlackFailure(new WebAPIHTTPError(400, 'Bad Request', {})).kind).toBe('permanent');
    expect(classifySlackFailure(new TypeError('a bug')).kind).toBe('permanent');
    expect(classifySlackFailure(undefined).kind).toBe('permanent');
  });

  it('explains each kind in a sentence for the person who asked', () => {
    expect(describeSlackFailure({ kind: 'channel-gone', code: 'not_in_channel' })).toMatch(/invite/);
    expect(describeSlackFailure({ kind: 'channel-gone', code: 'is_archived' })).toMatch(/archived/);
    expect(describeSlackFailure({ kind: 'permanent', code: 'msg_too_long' })).toContain('msg_too_long');
  });
});
