import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINTS } from '../../../src/contract/index.ts';
import { type Api, databaseDigest, startApi } from './helpers/api.ts';

let api: Api;
beforeAll(async () => {
  api = await startApi();
});
afterAll(() => api.sandbox.close());

describe('401: a missing or unknown token', () => {
  it('answers JSON with a challenge header, and never echoes the token', async () => {
    const attempts: Array<Record<string, string>> = [
      {},
      { authorization: 'Basic YW5hOnNlY3JldA==' },
      { authorization: 'Bearer' },
      { authorization: 'Bearer not-a-real-token-value' },
      { authorization: `Bearer ${api.token}x` },
    ];
    for (const headers of attempts) {
      const res = await api.call('GET', '/projects', { token: null, headers });
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ message: 'Unauthenticated.' });
      expect(res.headers.get('www-authenticate')).toBe('Bearer');
      expect(res.text).not.toContain('not-a-real-token-value');
    }
  });

  it('guards every endpoint, before looking at ids or bodies', async () => {
    const before = databaseDigest(api.sandbox.db);
    for (const ep of ENDPOINTS) {
      const path = ep.path.replace('{id}', '1').replace('{uid}', '3');
      const res = await api.call(ep.method, path, {
        token: null,
        ...(ep.method === 'GET' ? {} : { body: { x: 1 } }),
      });
      expect(res.status, `${ep.method} ${ep.path}`).toBe(401);
    }
    expect(databaseDigest(api.sandbox.db)).toBe(before);
  });

  it('accepts the scheme in any case', async () => {
    const res = await api.call('GET', '/projects', {
      token: null,
      headers: { authorization: `bearer ${api.token}` },
    });
    expect(res.status).toBe(200);
  });
});

describe('400: malformed JSON', () => {
  it('answers 400 in the envelope and changes nothing', async () => {
    const before = databaseDigest(api.sandbox.db);
    for (const rawBody of ['{"project_id": 1, "title": ', "{'single': 'quotes'}", '{"a":1}}', 'NaN']) {
      const res = await api.call('POST', '/tasks', {
        rawBody,
        headers: { 'content-type': 'application/json' },
      });
      expect(res.status, rawBody).toBe(400);
      expect(res.body.message).toMatch(/^Malformed JSON in the request body/);
    }
    expect(databaseDigest(api.sandbox.db)).toBe(before);
  });
});

describe('bodies that are not objects', () => {
  it('are a 422 on "body"', async () => {
    for (const body of [[], 'text', 42, null, true]) {
      const res = await api.post('/tasks', body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(Object.keys(res.body.errors)).toEqual(['body']);
    }
  });

  it('a missing body is a 422 naming each required field', async () => {
    const res = await api.post('/tasks');
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({
      project_id: ['This field is required.'],
      title: ['This field is required.'],
    });
  });
});

describe('404: unknown routes and methods', () => {
  it('answers JSON, never HTML, even when HTML is asked for', async () => {
    for (const [method, path] of [
      ['GET', '/nothing-here'],
      ['DELETE', '/projects/1'],
      ['PATCH', '/tasks/1'],
      ['GET', '/projects/1/unknown'],
    ] as const) {
      const res = await api.call(method, path, { headers: { accept: 'text/html' } });
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      expect(res.body.message).toBe(`No route for ${method} /api${path}.`);
    }
    const outside = await fetch(api.sandbox.url.replace(/\/api$/, '/'), { headers: { accept: 'text/html' } });
    expect(outside.status).toBe(404);
    expect(await outside.json()).toEqual({ message: 'No route for GET /.' });
  });

  it('tolerates a trailing slash', async () => {
    expect((await api.get('/projects/')).status).toBe(200);
  });
});

describe('other client errors keep the envelope', () => {
  it('415 for a body that is not JSON', async () => {
    const res = await api.call('POST', '/tasks', {
      rawBody: 'title=x',
      headers: { 'content-type': 'text/plain' },
    });
    expect(res.status).toBe(415);
    expect(res.body.message).toMatch(/application\/json/);
  });

  it('413 for a body over 1 MB', async () => {
    const res = await api.post('/tasks', { project_id: 1, title: 'x', description: 'y'.repeat(1_100_000) });
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ message: 'The request body is too large.' });
  });

  it('400 for a malformed URL escape', async () => {
    const res = await api.get('/tasks/%E0%A4%A');
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
  });
});

describe('every answer', () => {
  it('carries a request id', async () => {
    const a = await api.get('/projects');
    const b = await api.get('/nowhere');
    expect(a.headers.get('x-request-id')).toBeTruthy();
    expect(b.headers.get('x-request-id')).not.toBe(a.headers.get('x-request-id'));
  });
});
