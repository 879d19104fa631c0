import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openStore } from '../../../../src/store/open-store.ts';
import { createIdempotency } from '../../../../src/store/repositories/idempotency.ts';
import type { Store } from '../../../../src/store/types.ts';

describe('idempotency.once', () => {
  let store: Store;
  beforeEach(async () => {
    store = await openStore('sqlite::memory:');
  });
  afterEach(async () => {
    vi.useRealTimers();
    await store.close();
  });

  it('runs fn for the first caller and replays its result to a retry', async () => {
    const { once } = createIdempotency(store);
    let created = 0;
    const createTask = async () => ({ taskId: ++created });
    expect(await once('event:Ev1', 60_000, createTask)).toEqual({ state: 'ran', value: { taskId: 1 } });
    expect(await once('event:Ev1', 60_000, createTask)).toEqual({ state: 'replayed', value: { taskId: 1 } });
    expect(created).toBe(1);
    expect(await once('event:Ev2', 60_000, createTask)).toEqual({ state: 'ran', value: { taskId: 2 } });
  });

  it('creates one task from many simultaneous submits and tells the others it is pending', async () => {
    const { once } = createIdempotency(store);
    let created = 0;
    let finish!: () => void;
    const gate = new Promise<void>((resolve) => {
      finish = resolve;
    });
    const slowCreate = async () => {
      created++;
      await gate;
      return 'task-1';
    };
    const first = once('view:hash-abc', 60_000, slowCreate);
    const others = await Promise.all(
      Array.from({ length: 5 }, () => once('view:hash-abc', 60_000, slowCreate)),
    );
    expect(others.every((outcome) => outcome.state === 'pending')).toBe(true);
    finish();
    expect(await first).toEqual({ state: 'ran', value: 'task-1' });
    expect(await once('view:hash-abc', 60_000, slowCreate)).toEqual({ state: 'replayed', value: 'task-1' });
    expect(created).toBe(1);
  });

  it('releases the claim when fn fails, so a retry runs it again', async () => {
    const { once } = createIdempotency(store);
    let attempts = 0;
    const flaky = async () => {
      attempts++;
      if (attempts === 1) throw new Error('service down');
      return 'ok';
    };
    await expect(once('event:Ev3', 60_000, flaky)).rejects.toThrow('service down');
    expect(await once('event:Ev3', 60_000, flaky)).toEqual({ state: 'ran', value: 'ok' });
  });

  it('forgets after the TTL', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-04-01T00:00:00Z') });
    const { once } = createIdempotency(store);
    let runs = 0;
    await once('k', 1000, () => ++runs);
    vi.setSystemTime(Date.now() + 1001);
    expect(await once('k', 1000, () => ++runs)).toEqual({ state: 'ran', value: 2 });
  });

  it('accepts long keys and refuses an empty one', async () => {
    const { once } = createIdempotency(store);
    const longKey = `view:${'x'.repeat(5000)}`;
    expect((await once(longKey, 60_000, () => 1)).state).toBe('ran');
    expect((await once(longKey, 60_000, () => 2)).state).toBe('replayed');
    await expect(once('', 60_000, () => 1)).rejects.toThrow(/non-empty key/);
  });
});
