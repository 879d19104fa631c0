import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createRateLimiter, createWorkApiClient, type WorkApiClient } from '../../../src/api/index.ts';
import { createClientTaskSource } from '../../../src/digest/task-source.ts';
import { createSandbox, type Sandbox } from '../../../src/sandbox/index.ts';

const NOW = new Date('2026-03-04T12:00:00.000Z');

describe('createClientTaskSource against the sandbox', () => {
  let sandbox: Sandbox;
  let api: WorkApiClient;
  const paths: string[] = [];
  beforeEach(async () => {
    sandbox = await createSandbox({ port: 0, seed: 'demo', rateLimits: false, now: () => NOW });
    paths.length = 0;
    api = createWorkApiClient({
      baseUrl: sandbox.url,
      token: sandbox.token,
      cache: false,
      limiter: createRateLimiter({ limits: { general: 10_000 } }),
      logger: {
        debug: (details) => paths.push(String((details as { path?: string }).path)),
        info() {},
        warn() {},
        error() {},
      },
    });
  });
  afterEach(async () => {
    await sandbox.close();
  });

  it('lists open tasks due before the horizon, page after page, keeping only what a digest reads', async () => {
    const source = createClientTaskSource(api, { perPage: 2 });
    // Website: open tasks due −7, −1, 0, 0, +2, +3, +8, +9 days (17:00 UTC); the horizon takes the first six.
    const tasks = await source.listOpenTasks(1, new Date('2026-03-08T00:00:00.000Z'));
    expect(tasks.map((t) => t.title).sort()).toEqual(
      [
        'Compress hero images',
        'Fix login redirect loop',
        'Publish release notes',
        'Review accessibility audit',
        'Set up uptime monitoring',
        'Update pricing page copy',
      ].sort(),
    );
    expect(paths).toHaveLength(3);
    // What the read cost, for the read-ahead's lead.
    expect(source.requests).toBe(3);
    expect(paths.every((p) => p.includes('done=false') && p.includes('per_page=2'))).toBe(true);
    expect(Object.keys(tasks[0]!).sort()).toEqual([
      'assignees',
      'due_date',
      'id',
      'project_id',
      'status',
      'title',
    ]);
    expect(tasks.every((t) => t.project_id === 1)).toBe(true);
  });

  it('stops at maxPages', async () => {
    const source = createClientTaskSource(api, { perPage: 1, maxPages: 2 });
    const tasks = await source.listOpenTasks(1, new Date('2026-04-01T00:00:00.000Z'));
    expect(tasks).toHaveLength(2);
    expect(paths).toHaveLength(2);
    await source.listOpenTasks(2, new Date('2026-04-01T00:00:00.000Z'));
    expect(source.requests).toBe(4);
  });

  it('passes the service failure on', async () => {
    sandbox.faults.set({ outage: true });
    const source = createClientTaskSource(
      createWorkApiClient({ baseUrl: sandbox.url, token: sandbox.token, retry: { maxRetries: 0 } }),
    );
    await expect(source.listOpenTasks(1, new Date('2026-04-01T00:00:00.000Z'))).rejects.toMatchObject({
      status: 503,
    });
  });
});
