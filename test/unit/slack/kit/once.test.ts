/** One `once` for every Slack origin: a redelivery of the same origin gets the first result, other origins run. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Origin, once, onceKey } from '../../../../src/slack/kit/once.ts';
import { openStore } from '../../../../src/store/open-store.ts';
import { createIdempotency, type Idempotency } from '../../../../src/store/repositories/idempotency.ts';
import type { Store } from '../../../../src/store/types.ts';

let store: Store;
let idempotency: Idempotency;

beforeEach(async () => {
  store = await openStore('sqlite::memory:');
  idempotency = createIdempotency(store);
});
afterEach(async () => {
  await store.close();
});

const submission: Origin = { purpose: 'edit-task', kind: 'view', teamId: 'T1', viewId: 'V1', revision: 'r1' };

describe('once', () => {
  it('runs the work for the first delivery and replays its result for a redelivery', async () => {
    let runs = 0;
    const first = await once(idempotency, submission, () => ++runs);
    const again = await once(idempotency, { ...submission }, () => ++runs);
    expect(first).toEqual({ state: 'ran', value: 1 });
    expect(again).toEqual({ state: 'replayed', value: 1 });
    expect(runs).toBe(1);
  });

  it('keeps apart what differs: workspace, purpose, revision, kind', async () => {
    const origins: Origin[] = [
      submission,
      { ...submission, teamId: 'T2' },
      { ...submission, purpose: 'delete-task' },
      { ...submission, revision: 'r2' },
      { purpose: 'edit-task', kind: 'trigger', teamId: 'T1', triggerId: 'V1' },
    ];
    expect(new Set(origins.map(onceKey)).size).toBe(origins.length);
    for (const origin of origins) expect((await once(idempotency, origin, () => 'x')).state).toBe('ran');
  });

  it('counts a confirm button once per message, and by its trigger when the message has no ts', () => {
    const click = {
      purpose: 'sprint-start',
      kind: 'message',
      teamId: 'T1',
      subject: '7',
      triggerId: 'tr1',
    } as const;
    expect(onceKey({ ...click, messageTs: '111.2' })).toBe(
      onceKey({ ...click, messageTs: '111.2', triggerId: 'tr2' }),
    );
    expect(onceKey({ ...click, messageTs: null })).not.toBe(
      onceKey({ ...click, messageTs: null, triggerId: 'tr2' }),
    );
  });

  it('lets a retry run again when the first attempt failed', async () => {
    await expect(
      once(idempotency, submission, () => {
        throw new Error('service down');
      }),
    ).rejects.toThrow('service down');
    expect(await once(idempotency, submission, () => 'saved')).toEqual({ state: 'ran', value: 'saved' });
  });
});
