import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fixedClock } from '../../../../src/lib/clock.ts';
import { pickedDue } from '../../../../src/slack/features/tasks/due-action.ts';
import {
  tooManyLinks,
  UNFURL_QUIET_MS,
  unfurlGuard,
} from '../../../../src/slack/features/unfurls/task-unfurls.ts';
import { openStore } from '../../../../src/store/open-store.ts';
import type { Store } from '../../../../src/store/types.ts';
import { task } from '../support/fixtures.ts';

describe('unfurl guard', () => {
  let store: Store;
  const clock = fixedClock('2026-11-20T12:00:00.000Z');
  beforeEach(async () => {
    store = await openStore('sqlite::memory:');
  });
  afterEach(async () => {
    await store.close();
  });

  it('lets a task unfurl once per channel per 30 minutes, by the app’s clock', async () => {
    const guard = unfurlGuard(store, clock, 'T1');
    expect(await guard.begin('C1', 7)).toBe(true);
    // A second delivery while the first is still at work gets nothing.
    expect(await guard.begin('C1', 7)).toBe(false);
    await guard.done('C1', 7, true);
    expect(await guard.begin('C1', 7)).toBe(false);
    expect(await guard.begin('C2', 7)).toBe(true);
    await guard.done('C2', 7, true);
    clock.advance(UNFURL_QUIET_MS + 1);
    expect(await guard.begin('C1', 7)).toBe(true);
  });

  it('does not count an unfurl that did not happen', async () => {
    const guard = unfurlGuard(store, clock, 'T1');
    expect(await guard.begin('C1', 8)).toBe(true);
    await guard.done('C1', 8, false);
    expect(await guard.begin('C1', 8)).toBe(true);
  });

  it('refuses messages with 3 or more links', () => {
    expect(tooManyLinks(2)).toBe(false);
    expect(tooManyLinks(3)).toBe(true);
  });
});

describe('a day picked on a card', () => {
  it('is due by the end of that day in the person’s zone, or at the task’s own time of day', () => {
    const endOfDay = task({ due_date: '2026-11-21T04:59:59.999Z' });
    expect(pickedDue('2026-12-01', endOfDay, 'America/New_York')?.toISOString()).toBe(
      '2026-12-02T04:59:59.999Z',
    );
    const timed = task({ due_date: '2026-11-20T14:30:00.000Z' });
    expect(pickedDue('2026-12-01', timed, 'America/New_York')?.toISOString()).toBe(
      '2026-12-01T14:30:00.000Z',
    );
    expect(pickedDue('2026-02-30', timed, 'UTC')).toBeNull();
  });
});
