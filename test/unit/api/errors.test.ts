import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import {
  AuthenticationError,
  ConflictError,
  errorFromStatus,
  NotFoundError,
  PermissionError,
  RateLimitedError,
  ServerError,
  TimeoutError,
  UnexpectedStatusError,
  ValidationError,
  WorkApiError,
} from '../../../src/api/errors.ts';
import { safePath, scrub } from '../../../src/api/redact.ts';

const ctx = { method: 'POST', path: '/tasks', requestId: 'req-1', serverRequestId: 'srv-9' };

describe('errorFromStatus', () => {
  it('picks the class from the status', () => {
    const cases: [number, new (...args: never[]) => WorkApiError, string][] = [
      [401, AuthenticationError, 'authentication'],
      [403, PermissionError, 'permission'],
      [404, NotFoundError, 'not_found'],
      [408, TimeoutError, 'timeout'],
      [409, ConflictError, 'conflict'],
      [422, ValidationError, 'validation'],
      [429, RateLimitedError, 'rate_limited'],
      [500, ServerError, 'server'],
      [503, ServerError, 'server'],
      [400, UnexpectedStatusError, 'unexpected_status'],
      [418, UnexpectedStatusError, 'unexpected_status'],
    ];
    for (const [status, cls, code] of cases) {
      const error = errorFromStatus({ ...ctx, status, fields: {} });
      expect(error, String(status)).toBeInstanceOf(cls);
      expect(error).toBeInstanceOf(WorkApiError);
      expect(error.code).toBe(code);
      expect(error.status).toBe(status);
      expect(error.name).toBe(cls.name);
    }
  });

  it('treats a 400 with field messages as a validation error', () => {
    const error = errorFromStatus({ ...ctx, status: 400, fields: { title: ['Required'] } });
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).fields).toEqual({ title: ['Required'] });
  });

  it('carries the request ids, method and path into the message', () => {
    const error = errorFromStatus({ ...ctx, status: 404, fields: {}, detail: 'Task 9 not found.' });
    expect(error.message).toBe(
      'Not found: Task 9 not found. (POST /tasks, HTTP 404, request req-1, server request srv-9)',
    );
    expect(error.requestId).toBe('req-1');
    expect(error.serverRequestId).toBe('srv-9');
  });

  it('gives each error a message a person can act on', () => {
    const validation = errorFromStatus({
      ...ctx,
      status: 422,
      fields: { title: ['The title field is required.'] },
    });
    expect(validation.userMessage).toBe('Please fix: title: The title field is required.');
    const conflict = errorFromStatus({
      ...ctx,
      status: 409,
      fields: {},
      detail: 'Sprint 2 is already active',
    });
    expect(conflict.userMessage).toBe('Sprint 2 is already active. Refresh and try again.');
    const limited = errorFromStatus({ ...ctx, status: 429, fields: {}, retryAfterMs: 12_300 });
    expect((limited as RateLimitedError).retryAfterMs).toBe(12_300);
    expect(limited.userMessage).toMatch(/Try again in 13 seconds\./);
    expect(errorFromStatus({ ...ctx, status: 401, fields: {} }).userMessage).toMatch(/reconnect Taskbridge/);
    expect(new TimeoutError({ ...ctx, timeoutMs: 2_500 }).userMessage).toMatch(/within 2.5 s/);
  });

  it('serialises to plain data, the cause reduced to name and message', () => {
    const error = new ServerError({
      ...ctx,
      status: 502,
      cause: Object.assign(new Error('socket hang up'), { extra: 1 }),
    });
    const json = JSON.parse(JSON.stringify(error));
    expect(json).toMatchObject({ name: 'ServerError', code: 'server', status: 502, requestId: 'req-1' });
    expect(json.cause).toEqual({ name: 'Error', message: 'socket hang up' });
  });
});

describe('redaction', () => {
  const token = 'tb_live_9f8e7d6c5b4a';

  it('scrubs a token, raw and URL-encoded, from any text', () => {
    expect(scrub(`bad token ${token} and again ${token}`, [token])).toBe(
      'bad token [redacted] and again [redacted]',
    );
    expect(scrub(`q=${encodeURIComponent('a b+c/d')}`, ['a b+c/d'])).toBe('q=[redacted]');
  });

  it('keeps a scrubbed detail out of message, userMessage, stack, JSON and inspect', () => {
    const error = errorFromStatus({
      ...ctx,
      status: 403,
      fields: {},
      detail: scrub(`token ${token} lacks scope`, [token]),
    });
    for (const text of [
      error.message,
      error.userMessage,
      error.stack ?? '',
      JSON.stringify(error),
      inspect(error),
    ]) {
      expect(text).not.toContain(token);
    }
  });

  it('hides secret-looking query values in reported paths', () => {
    expect(safePath('/tasks?q=login&access_token=abc&api_key=x&page=2')).toBe(
      '/tasks?q=login&access_token=%5Bredacted%5D&api_key=%5Bredacted%5D&page=2',
    );
    expect(safePath('/tasks/1')).toBe('/tasks/1');
  });
});
