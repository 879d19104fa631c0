import { afterEach, describe, expect, it } from 'vitest';
import { createSandbox } from '../../../src/sandbox/index.ts';
import { type Api, databaseDigest, startApi } from './helpers/api.ts';

let api: Api;
afterEach(() => api.sandbox.close());

describe('fault injection through Sandbox.faults', () => {
  it('simulates an outage: every API request is a 503, with or without a token', async () => {
    api = await startApi();
    api.sandbox.faults.set({ outage: true });
    const res = await api.get('/projects');
    expect(res.status).toBe(503);
    expect(res.body.message).toMatch(/outage/);
    expect((await api.get('/projects', { token: null })).status).toBe(503);
    api.sandbox.faults.clear();
    expect((await api.get('/projects')).status).toBe(200);
  });

  it('answers 500s before the handler runs, so a write never lands', async () => {
    api = await startApi();
    const before = databaseDigest(api.sandbox.db);
    api.sandbox.faults.set({ errorRate: 1 });
    const res = await api.post('/tasks', { project_id: 1, title: 'Lost' });
    expect(res.status).toBe(500);
    expect(res.body).toEqual({ message: 'Server Error (injected by the sandbox).' });
    // Faults come after authentication: a bad token is still a 401.
    expect((await api.get('/projects', { token: 'unknown-token' })).status).toBe(401);
    api.sandbox.faults.clear();
    expect(databaseDigest(api.sandbox.db)).toBe(before);
  });

  it('answers 429s with the same headers as a real refusal', async () => {
    api = await startApi({ rateLimits: { general: 60, search: 30, upload: 10 } });
    api.sandbox.faults.set({ rateLimitRate: 1 });
    const res = await api.get('/projects');
    expect(res.status).toBe(429);
    expect(res.body).toEqual({ message: 'Too Many Attempts.' });
    expect(res.headers.get('x-ratelimit-limit')).toBe('60');
    expect(res.headers.get('x-ratelimit-remaining')).toBe('0');
    expect(res.headers.get('retry-after')).toBe('60');
    expect(Number(res.headers.get('x-ratelimit-reset'))).toBe(Date.parse('2026-11-21T09:31:00.000Z') / 1000);
  });

  it('keeps the 429 headers when rate limiting is off', async () => {
    api = await startApi({ rateLimits: false });
    api.sandbox.faults.set({ rateLimitRate: 1 });
    const res = await api.get('/tasks?q=x');
    expect(res.status).toBe(429);
    expect(res.headers.get('x-ratelimit-limit')).toBe('30');
    expect(res.headers.get('retry-after')).toBe('60');
  });

  it('fails about the share asked for', async () => {
    api = await startApi();
    api.sandbox.faults.set({ errorRate: 0.5 });
    let failures = 0;
    for (let i = 0; i < 200; i++) if ((await api.get('/projects/1')).status === 500) failures++;
    // Binomial(200, 0.5): outside 60..140 has a probability below 1e-8.
    expect(failures).toBeGreaterThan(60);
    expect(failures).toBeLessThan(140);
  });

  it('adds latency', async () => {
    api = await startApi();
    api.sandbox.faults.set({ latencyMs: 120 });
    const started = performance.now();
    expect((await api.get('/projects')).status).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(115);
  });

  it('takes faults at start and refuses nonsense', async () => {
    api = await startApi({ faults: { outage: true } });
    expect((await api.get('/projects')).status).toBe(503);
    expect(() => api.sandbox.faults.set({ errorRate: 2 })).toThrow();
    await expect(createSandbox({ port: 0, faults: { latencyMs: -1 } })).rejects.toThrow();
  });
});

describe('control routes', () => {
  const control = (path: string, init?: RequestInit) =>
    fetch(`${api.sandbox.url.replace(/\/api$/, '')}/__control${path}`, init);
  const json = { 'content-type': 'application/json' };

  it('are absent unless enabled', async () => {
    api = await startApi();
    const res = await control('/faults', { method: 'POST', headers: json, body: '{"outage":true}' });
    expect(res.status).toBe(404);
    expect((await api.get('/projects')).status).toBe(200);
  });

  it('set and clear faults, validating what they are given', async () => {
    api = await startApi({ control: true });
    const set = await control('/faults', { method: 'POST', headers: json, body: '{"outage":true}' });
    expect(set.status).toBe(200);
    expect(await set.json()).toEqual({ data: { outage: true } });
    expect((await api.get('/projects')).status).toBe(503);
    expect((await control('/faults', { method: 'DELETE' })).status).toBe(204);
    expect((await api.get('/projects')).status).toBe(200);

    const bad = await control('/faults', {
      method: 'POST',
      headers: json,
      body: '{"errorRate":1.5,"boom":1}',
    });
    expect(bad.status).toBe(422);
    expect(Object.keys(((await bad.json()) as { errors: object }).errors).sort()).toEqual([
      'boom',
      'errorRate',
    ]);
  });

  it('reset re-seeds the database and keeps the token working', async () => {
    api = await startApi({ control: true });
    const seeded = databaseDigest(api.sandbox.db);
    await api.post('/tasks', { project_id: 1, title: 'Scratch' });
    expect(databaseDigest(api.sandbox.db)).not.toBe(seeded);
    expect((await control('/reset', { method: 'POST' })).status).toBe(204);
    expect((await api.get('/projects/1/tasks')).body.meta.total).toBe(12);
    expect((await api.get('/tasks/23')).status).toBe(404);
  });
});
