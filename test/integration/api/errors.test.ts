import { createServer } from 'node:net';
import { inspect } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AuthenticationError,
  ConflictError,
  ConnectionError,
  createRateLimiter,
  createWorkApiClient,
  InvalidResponseError,
  NotFoundError,
  PermissionError,
  RateLimitedError,
  ServerError,
  TimeoutError,
  UnexpectedStatusError,
  ValidationError,
  type WorkApiClientOptions,
  WorkApiError,
} from '../../../src/api/index.ts';
import { ManualClock } from '../../../src/lib/manual-clock.ts';
import type { Sandbox } from '../../../src/sandbox/index.ts';
import { startTestSandbox, testSandboxProfile } from '../../support/sandbox-profile.ts';
import { type FaultProxy, startFaultProxy } from './support/fault-proxy.ts';
import { startScriptedServer } from './support/scripted-server.ts';

let sb: Sandbox;
let proxy: FaultProxy;

beforeAll(async () => {
  sb = await startTestSandbox({ port: 0, seed: 'demo', rateLimits: false });
  proxy = await startFaultProxy(sb.url);
});

afterAll(async () => {
  await proxy?.close();
  await sb?.close();
});

/** A client whose backoff runs on a fake clock: retries happen at once, nothing sleeps for real. */
const client = (opts: Partial<WorkApiClientOptions> = {}) =>
  createWorkApiClient({
    baseUrl: sb.url,
    token: sb.token,
    clock: new ManualClock(Date.now(), { auto: true }),
    ...opts,
  });

async function failure(promise: Promise<unknown>): Promise<WorkApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof WorkApiError) return error;
    throw error;
  }
  throw new Error('expected the call to fail');
}

/** Everything an error could show: the token must be in none of it. */
function everyText(error: WorkApiError): string[] {
  return [
    error.message,
    error.userMessage,
    error.stack ?? '',
    JSON.stringify(error),
    inspect(error, { depth: 5 }),
  ];
}

describe('errors by status, over real HTTP', () => {
  it('401: AuthenticationError, without the token anywhere', async () => {
    const wrong = 'tb_wrong_token_123456';
    const error = await failure(client({ token: wrong }).tasks.get(1));
    expect(error).toBeInstanceOf(AuthenticationError);
    expect(error.status).toBe(401);
    for (const text of everyText(error)) expect(text).not.toContain(wrong);
  });

  it('403: PermissionError with what the service said', async () => {
    const eve = client({ token: sb.createToken(5) }); // a viewer of project 1
    const error = await failure(eve.tasks.create({ project_id: 1, title: 'Not allowed' }));
    expect(error).toBeInstanceOf(PermissionError);
    expect(error.userMessage).toContain('Viewers cannot change project 1.');
  });

  it('404: NotFoundError with both request ids', async () => {
    const error = await failure(client().tasks.get(99_999));
    expect(error).toBeInstanceOf(NotFoundError);
    expect(error.requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(error.serverRequestId).toBeTruthy();
    expect(error.message).toContain('GET /tasks/99999');
  });

  it('409: ConflictError carrying the reason', async () => {
    const api = client();
    const sprint = await api.sprints.create({
      project_id: 2,
      name: 'Conflict sprint',
      end_date: '2026-12-31',
    });
    // The caller names the sprint's project: a service may not echo it (spec-minimal does not).
    const inProject = { projectId: sprint.project_id };
    await api.sprints.start(sprint.id, undefined, inProject);
    const error = await failure(api.sprints.start(sprint.id, undefined, inProject));
    expect(error).toBeInstanceOf(ConflictError);
    expect(error.userMessage).toMatch(/only a planned sprint can start/);
  });

  it('422 from the server: ValidationError with field messages', async () => {
    const api = client();
    const sprint = await api.sprints.create({ project_id: 3, name: 'No dates' });
    const error = await failure(api.sprints.start(sprint.id));
    expect(error).toBeInstanceOf(ValidationError);
    // spec-minimal's error body is `{error: {code, message}}`: no field messages to read.
    if (testSandboxProfile() === 'full') {
      expect(Object.keys((error as ValidationError).fields)).toContain('end_date');
    } else {
      expect((error as ValidationError).fields).toEqual({});
    }
  });

  it('bad input is refused before any request, naming the field', async () => {
    const api = createWorkApiClient({ baseUrl: proxy.url, token: sb.token });
    const before = proxy.requests.length;
    const error = await failure(api.tasks.create({ project_id: 1, title: '   ', colour: 'red' } as never));
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).fields).toEqual({
      title: ['Too small: expected string to have >=1 characters'],
      colour: ['is not a known field'],
    });
    const badId = await failure(api.tasks.get(-3));
    expect((badId as ValidationError).fields).toEqual({ id: ['must be a positive integer, got -3'] });
    const badQuery = await failure(api.tasks.list({ per_page: 0 }));
    expect(Object.keys((badQuery as ValidationError).fields)).toEqual(['per_page']);
    expect(proxy.requests.length).toBe(before);
  });

  it('429: RateLimitedError with the wait, and the window pushed for everyone of the token', async () => {
    const limited = await startTestSandbox({
      port: 0,
      seed: 'demo',
      rateLimits: { general: 2, search: 2, upload: 2 },
    });
    try {
      const clock = new ManualClock(Date.now(), { auto: true });
      // Told a bigger budget than the server's, so the server's 429 is what stops it.
      const limiter = createRateLimiter({ limits: { general: 100 }, clock });
      const api = createWorkApiClient({
        baseUrl: limited.url,
        token: limited.token,
        clock,
        limiter,
        maxWaitMs: 5_000,
      });
      // One request each in both profiles (a task read may also locate its project).
      const probe = () => api.tasks.listByProject(1, { per_page: 1 });
      await probe();
      await probe();
      const error = await failure(probe());
      expect(error).toBeInstanceOf(RateLimitedError);
      const wait = (error as RateLimitedError).retryAfterMs;
      expect(wait).toBeGreaterThan(50_000);
      expect(wait).toBeLessThanOrEqual(61_000);
      expect(await api.limiter.estimateWait('general')).toBeGreaterThan(50_000);
      expect(await api.limiter.estimateWait('search')).toBe(0);
    } finally {
      await limited.close();
    }
  });

  it('5xx: ServerError after the retries', async () => {
    sb.faults.set({ outage: true });
    try {
      const error = await failure(client().projects.get(1));
      expect(error).toBeInstanceOf(ServerError);
      expect(error.status).toBe(503);
    } finally {
      sb.faults.clear();
    }
  });

  it('timeout: TimeoutError naming the limit', async () => {
    sb.faults.set({ latencyMs: 400 });
    try {
      const error = await failure(client({ timeoutMs: 100, retry: { maxRetries: 0 } }).tasks.get(1));
      expect(error).toBeInstanceOf(TimeoutError);
      expect((error as TimeoutError).timeoutMs).toBe(100);
    } finally {
      sb.faults.clear();
    }
  });

  it('connection refused: ConnectionError that never reached the server', async () => {
    const port = await new Promise<number>((resolve) => {
      const s = createServer().listen(0, '127.0.0.1', () => {
        const p = (s.address() as { port: number }).port;
        s.close(() => resolve(p));
      });
    });
    const error = await failure(client({ baseUrl: `http://127.0.0.1:${port}/api` }).tasks.get(1));
    expect(error).toBeInstanceOf(ConnectionError);
    expect((error as ConnectionError).mayHaveReachedServer).toBe(false);
    expect(error.userMessage).toMatch(/could not reach/);
  });
});

describe('answers that break the shapes, and other services', () => {
  it('InvalidResponseError names the field that breaks the shape', async () => {
    const server = await startScriptedServer([{ status: 200, body: { data: { id: 'seven', title: 'x' } } }]);
    try {
      const error = await failure(client({ baseUrl: server.url }).tasks.get(7));
      expect(error).toBeInstanceOf(InvalidResponseError);
      expect(error.message).toMatch(/id: Invalid input: expected number, received string/);
    } finally {
      await server.close();
    }
  });

  it('InvalidResponseError for a body that is not JSON', async () => {
    const server = await startScriptedServer([{ status: 200, body: '<html>maintenance</html>' }]);
    try {
      const error = await failure(client({ baseUrl: server.url }).projects.get(1));
      expect(error).toBeInstanceOf(InvalidResponseError);
      expect(error.message).toMatch(/not JSON/);
    } finally {
      await server.close();
    }
  });

  it('a status of no known meaning is an UnexpectedStatusError, not retried', async () => {
    const server = await startScriptedServer([
      { status: 418, body: { error: { code: 'teapot', message: "I'm a teapot" } } },
    ]);
    try {
      const error = await failure(client({ baseUrl: server.url }).projects.get(1));
      expect(error).toBeInstanceOf(UnexpectedStatusError);
      expect(error.userMessage).toContain("I'm a teapot");
      expect(server.requests).toHaveLength(1);
    } finally {
      await server.close();
    }
  });

  it('reads field messages from another error shape', async () => {
    const server = await startScriptedServer([
      { status: 422, body: { errors: [{ field: 'title', message: 'Title is too long' }] } },
    ]);
    try {
      const error = await failure(client({ baseUrl: server.url }).tasks.update(1, { title: 'x' }));
      expect((error as ValidationError).fields).toEqual({ title: ['Title is too long'] });
    } finally {
      await server.close();
    }
  });

  it('never lets the token out, even when the server echoes it in errors and bodies', async () => {
    const token = 'tb_secret_abcdef123456';
    const server = await startScriptedServer((req, n) => {
      const echo = `your header was ${req.headers.authorization}; token=${encodeURIComponent(token)}`;
      if (n === 0) return { status: 403, body: { message: echo } };
      if (n === 1) return { status: 422, body: { message: echo, errors: { title: [echo] } } };
      if (n === 2) return { status: 200, body: `not json ${echo}` };
      return { status: 500, headers: { 'x-request-id': echo }, body: { message: echo } };
    });
    const lines: string[] = [];
    const logger = {
      debug: (o: object, m?: string) => lines.push(JSON.stringify(o), m ?? ''),
      info: (o: object, m?: string) => lines.push(JSON.stringify(o), m ?? ''),
      warn: (o: object, m?: string) => lines.push(JSON.stringify(o), m ?? ''),
      error: (o: object, m?: string) => lines.push(JSON.stringify(o), m ?? ''),
    };
    try {
      const api = client({ baseUrl: server.url, token, logger, retry: { maxRetries: 1 } });
      const errors = [
        await failure(api.tasks.get(1)),
        await failure(api.tasks.update(1, { title: 'x' })),
        await failure(api.tasks.get(1)),
        await failure(api.tasks.get(1)),
      ];
      expect(errors.map((e) => e.constructor)).toEqual([
        PermissionError,
        ValidationError,
        InvalidResponseError,
        ServerError,
      ]);
      expect(errors[0]!.message).toContain('Bearer [redacted]');
      for (const error of errors) for (const text of everyText(error)) expect(text).not.toContain(token);
      expect(lines.length).toBeGreaterThan(0);
      expect(lines.join('\n')).not.toContain(token);
    } finally {
      await server.close();
    }
  });
});

describe('options', () => {
  it('refuses bad options with a message that names them and never repeats the token', () => {
    const token = 'tb_has space_123456';
    expect(() => createWorkApiClient({ baseUrl: 'ftp://x/api', token: 'ok' })).toThrow(
      /baseUrl must be an http\(s\) URL/,
    );
    expect(() => createWorkApiClient({ baseUrl: 'http://x/api', token: '' })).toThrow(/token is required/);
    let message = '';
    try {
      createWorkApiClient({ baseUrl: 'http://x/api', token });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/token must not contain spaces/);
    expect(message).not.toContain(token);
    expect(() => createWorkApiClient({ baseUrl: 'http://x/api', token: 't', timeoutMs: 0 })).toThrow(
      /timeoutMs/,
    );
  });
});
