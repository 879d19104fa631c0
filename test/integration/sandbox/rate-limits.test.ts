import { afterEach, describe, expect, it } from 'vitest';
import { type Api, startApi, testClock } from './helpers/api.ts';

// Windows follow the sandbox's injected clock, so the minute passes without waiting for it.
let api: Api;
afterEach(() => api.sandbox.close());

async function start(limits?: { general: number; search: number; upload: number }) {
  const clock = testClock();
  api = await startApi({ now: clock.now, ...(limits ? { rateLimits: limits } : { rateLimits: undefined }) });
  return clock;
}

describe('general class: 60 a minute per token (spec Part 8)', () => {
  it('refuses the 61st request in a minute from one token, not from another', async () => {
    const clock = await start();
    const windowStart = clock.now().getTime();
    for (let i = 1; i <= 60; i++) {
      const res = await api.get('/projects/1');
      expect(res.status).toBe(200);
      expect(res.headers.get('x-ratelimit-limit')).toBe('60');
      expect(res.headers.get('x-ratelimit-remaining')).toBe(String(60 - i));
    }
    clock.advance(30_000);
    const refused = await api.get('/projects/1');
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ message: 'Too Many Attempts.' });
    expect(refused.headers.get('retry-after')).toBe('30');
    expect(refused.headers.get('x-ratelimit-limit')).toBe('60');
    expect(refused.headers.get('x-ratelimit-remaining')).toBe('0');
    expect(refused.headers.get('x-ratelimit-reset')).toBe(String((windowStart + 60_000) / 1000));

    // Another token (even of the same member) has its own budget.
    const other = api.as(api.sandbox.createToken(1, 'second device'));
    expect((await other.get('/projects/1')).status).toBe(200);

    clock.advance(29_000);
    expect((await api.get('/projects/1')).headers.get('retry-after')).toBe('1');
    clock.advance(1_000);
    const fresh = await api.get('/projects/1');
    expect(fresh.status).toBe(200);
    expect(fresh.headers.get('x-ratelimit-remaining')).toBe('59');
  });

  it('counts writes as general and refusals change nothing', async () => {
    await start({ general: 2, search: 30, upload: 10 });
    expect((await api.post('/tasks', { project_id: 1, title: 'one' })).status).toBe(201);
    expect((await api.post('/tasks', { project_id: 1, title: 'two' })).status).toBe(201);
    const refused = await api.post('/tasks', { project_id: 1, title: 'three' });
    expect(refused.status).toBe(429);
    const other = api.as(api.sandbox.createToken(1));
    expect(
      (await other.get('/tasks?per_page=100')).body.data.map((t: { title: string }) => t.title),
    ).not.toContain('three');
  });

  it('does not count requests that fail authentication', async () => {
    await start({ general: 3, search: 30, upload: 10 });
    for (let i = 0; i < 5; i++)
      expect((await api.get('/projects', { token: 'wrong-token-123' })).status).toBe(401);
    for (let i = 0; i < 3; i++) expect((await api.get('/projects')).status).toBe(200);
    expect((await api.get('/projects')).status).toBe(429);
  });
});

describe('search and upload classes', () => {
  it('counts free-text lists as search (30), apart from general', async () => {
    await start();
    for (let i = 1; i <= 30; i++) {
      const res = await api.get(`/tasks?q=release`);
      expect(res.status).toBe(200);
      expect(res.headers.get('x-ratelimit-limit')).toBe('30');
    }
    expect((await api.get('/tasks?q=release')).status).toBe(429);
    expect((await api.get('/projects?q=web')).status).toBe(429);
    const general = await api.get('/tasks');
    expect(general.status).toBe(200);
    expect(general.headers.get('x-ratelimit-remaining')).toBe('59');
  });

  it('counts multipart requests as upload (10)', async () => {
    await start();
    const multipart = { 'content-type': 'multipart/form-data; boundary=x' };
    for (let i = 1; i <= 10; i++) {
      const res = await api.call('POST', '/tasks', { rawBody: '--x--', headers: multipart });
      expect(res.status).toBe(415);
      expect(res.headers.get('x-ratelimit-limit')).toBe('10');
    }
    expect((await api.call('POST', '/tasks', { rawBody: '--x--', headers: multipart })).status).toBe(429);
    expect((await api.get('/projects')).status).toBe(200);
  });
});

describe('configuration', () => {
  it('takes other limits, and can be off (no headers, no refusals)', async () => {
    await start({ general: 1, search: 1, upload: 1 });
    expect((await api.get('/projects')).headers.get('x-ratelimit-limit')).toBe('1');
    expect((await api.get('/projects')).status).toBe(429);
    await api.sandbox.close();

    api = await startApi({ rateLimits: false });
    for (let i = 0; i < 70; i++) {
      const res = await api.get('/projects');
      expect(res.status).toBe(200);
      expect(res.headers.get('x-ratelimit-limit')).toBeNull();
    }
  });
});
