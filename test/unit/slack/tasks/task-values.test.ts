import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  decodeListRowDone,
  decodeTaskActionBlockId,
  decodeTaskBlockId,
  decodeUndoStatus,
  encodeListRowDone,
  encodeUndoStatus,
  isTaskCardBlock,
  taskBarBlockId,
  taskBlockId,
  taskCardBlockId,
} from '../../../../src/slack/ui/values.ts';

const ref = { taskId: 42, projectId: 7 };

describe('undo values', () => {
  it('round-trip the task, both statuses and the deadline (to the second, rounded up)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 2 ** 40 }),
        fc.integer({ min: 1, max: 2 ** 40 }),
        fc.integer({ min: 1, max: 2 ** 40 }),
        fc.integer({ min: 1, max: 2 ** 40 }),
        fc.integer({ min: 1_000_000_000_000, max: 4_000_000_000_000 }),
        (taskId, projectId, from, to, until) => {
          const value = encodeUndoStatus({ ref: { taskId, projectId }, from, to, until });
          expect(value.length).toBeLessThanOrEqual(2000);
          const back = decodeUndoStatus(value);
          expect(back).toMatchObject({ ref: { taskId, projectId }, from, to });
          expect(back!.until).toBeGreaterThanOrEqual(until);
          expect(back!.until - until).toBeLessThan(1000);
        },
      ),
    );
  });

  it('reject anything else', () => {
    for (const bad of [
      '',
      '42.7',
      '42.7:1>2',
      '42.7:1>2:x',
      '42.7:1-2:100',
      '42.7:1>2:100:9',
      '0.7:1>2:100',
      '42.7:1>2>3:100',
    ]) {
      expect(decodeUndoStatus(bad)).toBeNull();
    }
  });
});

describe('list row Done values', () => {
  it('carry the task and the page of the list', () => {
    const page = { view: 'project' as const, page: 3, status: 'In | progress', projectId: 7 };
    expect(decodeListRowDone(encodeListRowDone(ref, page))).toEqual({ ref, page });
  });

  it('reject a value without a page or without a task', () => {
    expect(decodeListRowDone('42.7')).toBeNull();
    expect(decodeListRowDone('x|{"v":"mine","p":1}')).toBeNull();
    expect(decodeListRowDone('42.7|{"v":"nope","p":1}')).toBeNull();
  });
});

describe('block ids', () => {
  it('tell the task of a Home action bar, a card action row and a list row', () => {
    const bar = taskBarBlockId(ref, '2026-11-19T10:00:00.000Z');
    expect(bar).not.toBe(taskBlockId(ref, '2026-11-19T10:00:00.000Z'));
    expect(decodeTaskActionBlockId(bar)).toEqual(ref);
    expect(decodeTaskBlockId(bar)).toBeNull();
    expect(decodeTaskActionBlockId(taskBlockId(ref, 'v1'))).toEqual(ref);
    expect(decodeTaskActionBlockId('home_actions')).toBeNull();
  });

  it('recognise every block of one task’s card and nothing else', () => {
    expect(isTaskCardBlock(taskCardBlockId(ref, 'title'), 42)).toBe(true);
    expect(isTaskCardBlock(taskBlockId(ref, 'v1'), 42)).toBe(true);
    expect(isTaskCardBlock(taskCardBlockId(ref, 'title'), 43)).toBe(false);
    expect(isTaskCardBlock(taskBarBlockId(ref, 'v1'), 42)).toBe(false);
    expect(isTaskCardBlock(undefined, 42)).toBe(false);
    expect(isTaskCardBlock('card:nonsense:title', 42)).toBe(false);
  });
});
