/**
 * The notifications' bursts in the store, on both engines, each opened twice as two instances
 * would: records per event listed oldest first whichever connection wrote them, a repeat writing
 * nothing new, the workspaces with bursts listed and forgotten once drained, and the lease held by
 * one connection at a time.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ProjectEvent } from '../../../src/notify/events/project-event.ts';
import { type BurstEntry, createNotifyBursts } from '../../../src/notify/store/notify-bursts.ts';
import { openStore } from '../../../src/store/open-store.ts';
import type { Store } from '../../../src/store/types.ts';
import { type RedisServer, redisTool, startRedisServer } from '../../support/redis-server.ts';

const event = (id: string, taskId: number, teamId = 'T1'): ProjectEvent => ({
  id,
  teamId,
  kind: 'task.status_changed',
  projectId: 1,
  taskId,
  occurredAt: '2026-04-01T10:00:00.000Z',
  source: 'webhook',
});

const entry = (id: string, taskId: number, at: number, teamId = 'T1'): BurstEntry => ({
  event: event(id, taskId, teamId),
  projectName: 'Website',
  broadcast: false,
  at,
});

function describeBursts(engine: string, open: () => Promise<[Store, Store]>) {
  describe(`notify bursts (${engine})`, () => {
    let one: Store;
    let two: Store;
    beforeEach(async () => {
      [one, two] = await open();
    });
    afterEach(async () => {
      await one.close();
      await two.close();
    });

    it('lists a burst oldest first whichever instance wrote it, and a repeat adds nothing', async () => {
      const a = createNotifyBursts(one);
      const b = createNotifyBursts(two);
      await a.add('T1', 'C1', 7, entry('evt-2', 7, 2_000));
      await b.add('T1', 'C1', 7, entry('evt-1', 7, 1_000));
      await b.add('T1', 'C1', 7, entry('evt-1', 7, 1_000));
      await b.add('T1', 'C1', 70, entry('evt-3', 70, 500));
      await a.add('T1', 'C2', 7, entry('evt-4', 7, 3_000));
      await a.add('T2', 'C1', 7, entry('evt-5', 7, 3_000, 'T2'));
      expect((await a.list('T1', 'C1', 7)).map((s) => s.entry.event.id)).toEqual(['evt-1', 'evt-2']);
      expect((await b.list('T1', 'C1', 70)).map((s) => s.entry.event.id)).toEqual(['evt-3']);
      expect((await b.teams()).sort()).toEqual(['T1', 'T2']);
      const open = (await a.open('T1')).map((p) => `${p.channelId}:${p.taskId}@${p.firstAt}`).sort();
      expect(open).toEqual(['C1:70@500', 'C1:7@1000', 'C2:7@3000']);
    });

    it('keeps the arrival order of two events gathered in the same millisecond', async () => {
      const a = createNotifyBursts(one);
      // The later arrival's id sorts first: only the arrival order can put it last.
      await a.add('T1', 'C1', 8, { ...entry('evt-b', 8, 5_000), order: 0 });
      await a.add('T1', 'C1', 8, { ...entry('evt-a', 8, 5_000), order: 1 });
      expect((await a.list('T1', 'C1', 8)).map((s) => s.entry.event.id)).toEqual(['evt-b', 'evt-a']);
    });

    it('keeps an update, removes what was sent, and forgets a workspace with nothing left', async () => {
      const a = createNotifyBursts(one);
      const b = createNotifyBursts(two);
      await a.add('T1', 'C1', 7, entry('evt-1', 7, 1_000));
      await a.add('T1', 'C1', 7, entry('evt-2', 7, 2_000));
      const [first, second] = await b.list('T1', 'C1', 7);
      await b.update({ ...first!, entry: { ...first!.entry, cardFailed: true } });
      expect((await a.list('T1', 'C1', 7))[0]!.entry.cardFailed).toBe(true);
      await b.remove([first!]);
      expect((await a.list('T1', 'C1', 7)).map((s) => s.entry.event.id)).toEqual(['evt-2']);
      expect(await a.teams()).toEqual(['T1']);
      await a.remove([second!]);
      expect(await b.open('T1')).toEqual([]);
      expect(await a.teams()).toEqual([]);
      // A later event lists the workspace again.
      await b.add('T1', 'C1', 7, entry('evt-3', 7, 4_000));
      expect(await a.teams()).toEqual(['T1']);
    });

    it('gives a task-channel lease to one instance at a time, per task and channel', async () => {
      const a = createNotifyBursts(one);
      const b = createNotifyBursts(two);
      const wins = await Promise.all(
        Array.from({ length: 10 }, (_, i) => (i % 2 === 0 ? a : b).lease('T1', 'C1', 7, 60_000)),
      );
      expect(wins.filter(Boolean)).toHaveLength(1);
      expect(await b.lease('T1', 'C1', 8, 60_000)).toBe(true);
      expect(await b.lease('T1', 'C2', 7, 60_000)).toBe(true);
      await a.releaseLease('T1', 'C1', 7);
      expect(await b.lease('T1', 'C1', 7, 60_000)).toBe(true);
      expect(await a.lease('T1', 'C1', 7, 60_000)).toBe(false);
    });
  });
}

describe('SQLite', () => {
  let dir: string;
  let n = 0;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'taskbridge-bursts-'));
  });
  afterAll(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });
  // Two connections to one file, as two processes on one machine would share it.
  describeBursts('sqlite', async () => {
    const url = `sqlite:${join(dir, `store-${n++}.db`)}`;
    return [await openStore(url), await openStore(url)];
  });
});

describe.skipIf(!redisTool.mustRun)('Redis', () => {
  let server: RedisServer;
  let db = 0;
  beforeAll(async () => {
    server = await startRedisServer();
  });
  afterAll(async () => {
    await server?.stop();
  });
  describeBursts('redis', async () => {
    const url = server.url.replace(/\/0$/, `/${db++ % 16}`);
    return [await openStore(url), await openStore(url)];
  });
});
