import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, MEMBERS, startApi } from './helpers/api.ts';

// The seed's clock is 2026-11-21T09:30Z; seeded tasks fall due at 17:00 UTC on days around it.
let api: Api;
beforeAll(async () => {
  api = await startApi();
});
afterAll(() => api.sandbox.close());

async function taskIds(path: string, as: Api = api): Promise<number[]> {
  const res = await as.get(path);
  expect(res.status, path).toBe(200);
  return res.body.data.map((t: { id: number }) => t.id);
}

describe('GET /projects/{id}/tasks', () => {
  it("lists the project's tasks in id order with the spec's envelope", async () => {
    const res = await api.get('/projects/1/tasks');
    expect(res.body.data.map((t: { id: number }) => t.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(res.body.meta).toEqual({ total: 12, per_page: 15, current_page: 1, last_page: 1 });
  });

  it('filters by status name (any case) or id, and finds nothing for an unknown status', async () => {
    expect(await taskIds('/projects/1/tasks?status=in%20progress')).toEqual([1, 5]);
    expect(await taskIds('/projects/1/tasks?status=DONE')).toEqual([11, 12]);
    expect(await taskIds('/projects/1/tasks?status=3')).toEqual([11, 12]);
    expect(await taskIds('/projects/1/tasks?status=Blocked')).toEqual([]);
    expect(await taskIds('/projects/1/tasks?status=6')).toEqual([]);
  });

  it('takes the same filters as GET /tasks', async () => {
    expect(await taskIds('/projects/2/tasks?assignee_id=3')).toEqual([13, 14, 18]);
    expect(await taskIds('/projects/1/tasks?sprint_id=1')).toEqual([1, 3, 4, 12]);
    expect(await taskIds('/projects/1/tasks?done=false&due_before=2026-11-21')).toEqual([1, 2]);
  });

  it('answers 404 and 403 for the project itself', async () => {
    expect((await api.get('/projects/9/tasks')).status).toBe(404);
    expect((await api.asMember(MEMBERS.dev).get('/projects/2/tasks')).status).toBe(403);
  });
});

describe('GET /tasks filters for "my tasks" and digests', () => {
  it('by assignee', async () => {
    expect(await taskIds('/tasks?assignee_id=1')).toEqual([3, 7, 11, 15, 19, 21]);
  });

  it('by project', async () => {
    expect(await taskIds('/tasks?project_id=3')).toEqual([21, 22]);
  });

  it('due today: due_after (inclusive) and due_before (exclusive), with bare dates as UTC midnight', async () => {
    expect(await taskIds('/tasks?due_after=2026-11-21&due_before=2026-11-22')).toEqual([3, 4, 15]);
    expect(
      await taskIds('/tasks?due_after=2026-11-21T17:00:00Z&due_before=2026-11-21T17:00:00.001Z'),
    ).toEqual([3, 4, 15]);
    // An offset is honoured: 18:00 in Paris is 17:00 UTC.
    expect(await taskIds('/tasks?due_before=2026-11-21T18:00:00%2B01:00&due_after=2026-11-21')).toEqual([]);
  });

  it('overdue and still open', async () => {
    expect(await taskIds('/tasks?due_before=2026-11-21T09:30:00.000Z&done=false')).toEqual([1, 2, 13]);
    expect(await taskIds('/tasks?due_before=2026-11-21T09:30:00.000Z&done=1')).toEqual([11, 12, 19]);
  });

  it('by sprint, status and free text', async () => {
    expect(await taskIds('/tasks?sprint_id=1')).toEqual([1, 3, 4, 12]);
    expect(await taskIds('/tasks?status=In%20Progress')).toEqual([1, 5, 13, 18]);
    expect(await taskIds('/tasks?q=accessibility')).toEqual([4, 20]);
    expect(await taskIds('/tasks?q=changelog')).toEqual([3]);
    expect(await taskIds('/tasks?q=_')).toEqual([]);
  });

  it('shows only what the caller may see', async () => {
    const dev = api.asMember(MEMBERS.dev);
    expect((await dev.get('/tasks')).body.meta.total).toBe(12);
    expect(await taskIds('/tasks?project_id=2', dev)).toEqual([]);
    expect(await taskIds('/tasks?assignee_id=3', dev)).toEqual([2, 5, 7]);
  });

  it('rejects malformed filters, naming each', async () => {
    const res = await api.get('/tasks?due_before=tomorrow&assignee_id=-1&done=maybe&q=');
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors).sort()).toEqual(['assignee_id', 'done', 'due_before', 'q']);
  });
});

describe('dates the record form cannot print', () => {
  it('are a 422 in filters and bodies', async () => {
    const filter = await api.get('/tasks?due_before=0000-06-01');
    expect(filter.body.errors).toEqual({ due_before: ['Must fall between the years 0001 and 9999 in UTC.'] });
    const body = await api.post('/tasks', {
      project_id: 1,
      title: 'Late',
      due_date: '9999-12-31T23:00:00-05:00',
    });
    expect(body.body.errors).toEqual({ due_date: ['Must fall between the years 0001 and 9999 in UTC.'] });
  });
});
