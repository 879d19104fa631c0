import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSandbox } from '../../../src/sandbox/index.ts';
import { seedBulkTasks } from '../../../src/sandbox/seed/bulk-tasks.ts';
import { Api, startApi } from './helpers/api.ts';

// List totals are remembered until the database changes; these tests change it every way there is.
let api: Api;
beforeAll(async () => {
  api = await startApi();
});
afterAll(() => api.sandbox.close());

const total = async (path: string) => (await api.get(path)).body.meta.total as number;

describe('list totals follow every write', () => {
  it('through the API: create, move, reassign, delete', async () => {
    expect(await total('/projects/2/tasks')).toBe(8);
    expect(await total('/projects/2/tasks?status=done')).toBe(1);
    const id = (await api.post('/tasks', { project_id: 2, title: 'New' })).body.data.id;
    expect(await total('/projects/2/tasks')).toBe(9);
    await api.put(`/tasks/${id}`, { status_id: 6 });
    expect(await total('/projects/2/tasks?status=done')).toBe(2);
    expect(await total('/tasks?assignee_id=4')).toBe(3);
    await api.put(`/tasks/${id}`, { assignee_ids: [4] });
    expect(await total('/tasks?assignee_id=4')).toBe(4);
    await api.delete(`/tasks/${id}`);
    expect(await total('/projects/2/tasks')).toBe(8);
    expect(await total('/tasks?assignee_id=4')).toBe(3);
  });

  it('after a permission change, for the member concerned', async () => {
    const dev = api.asMember(4);
    expect((await dev.get('/tasks')).body.meta.total).toBe(12);
    await api.post('/projects/2/members/invite', { email: 'dev@example.com' });
    expect((await dev.get('/tasks')).body.meta.total).toBe(20);
  });

  it('through the database handle itself', async () => {
    const before = await total('/projects/3/tasks');
    seedBulkTasks(api.sandbox.db, {
      projectId: 3,
      count: 250,
      assigneeIds: [1],
      creatorId: 1,
      now: new Date(),
    });
    expect(await total('/projects/3/tasks')).toBe(before + 250);
    // The bulk tasks conform to the contract like any other (the client checks every record).
    const page = await api.get('/projects/3/tasks?per_page=100&page=2');
    expect(page.body.data).toHaveLength(100);
  });
});

describe('list totals follow another process writing to the same file', () => {
  it('sees rows committed by another connection', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sandbox-totals-'));
    try {
      const dbPath = join(dir, 'sandbox.db');
      const sandbox = await createSandbox({ port: 0, dbPath, rateLimits: false });
      const fileApi = new Api(sandbox);
      expect((await fileApi.get('/projects/3/tasks')).body.meta.total).toBe(2);
      const other = new DatabaseSync(dbPath);
      other
        .prepare(
          `INSERT INTO tasks (project_id, title, status_id, priority, created_at, updated_at)
           VALUES (3, 'From elsewhere', 7, 'none', '2026-11-21T00:00:00.000Z', '2026-11-21T00:00:00.000Z')`,
        )
        .run();
      other.close();
      expect((await fileApi.get('/projects/3/tasks')).body.meta.total).toBe(3);
      await sandbox.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
