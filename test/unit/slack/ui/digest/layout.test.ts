import { describe, expect, it } from 'vitest';
import {
  countPerPerson,
  fitRows,
  fullCost,
  layoutSections,
} from '../../../../../src/slack/ui/digest/layout.ts';
import { makeTask } from '../../../digest/fixtures.ts';

const p = (id: number, name: string) => ({ id, name });
const due = '2026-03-03T20:00:00.000Z';

describe('digest layout', () => {
  it('groups rows by assignee in natural name order, unassigned last, due order kept', () => {
    const selection = {
      overdue: [],
      dueToday: [
        makeTask(1, due, { assignees: [p(10, 'Person 10')] }),
        makeTask(2, due),
        makeTask(3, due, { assignees: [p(2, 'Person 2')] }),
        makeTask(4, due, { assignees: [p(10, 'Person 10')] }),
      ],
      upcoming: [],
    };
    const [section] = layoutSections(selection, new Set());
    expect(section?.key).toBe('dueToday');
    expect(section?.rows.map((r) => [r.task.id, r.groupName, r.startsGroup])).toEqual([
      [3, 'Person 2', true],
      [1, 'Person 10', true],
      [4, 'Person 10', false],
      [2, 'Unassigned', true],
    ]);
  });

  it("lists a shared task under the digest's own assignee when it filters on one", () => {
    const selection = {
      overdue: [makeTask(1, due, { assignees: [p(1, 'Ana'), p(2, 'Bo')] })],
      dueToday: [],
      upcoming: [],
    };
    expect(layoutSections(selection, new Set([2]))[0]?.rows[0]?.groupName).toBe('Bo');
    expect(layoutSections(selection, new Set())[0]?.rows[0]?.groupName).toBe('Ana');
  });

  it('counts every assignee of every task', () => {
    const ana = p(1, 'Ana');
    const bo = p(2, 'Bo');
    const selection = {
      overdue: [makeTask(1, due, { assignees: [ana, bo] })],
      dueToday: [makeTask(2, due, { assignees: [ana] }), makeTask(3, due)],
      upcoming: [makeTask(4, due, { assignees: [bo] })],
    };
    expect(countPerPerson(selection)).toEqual([
      { memberId: 1, name: 'Ana', due: 1, overdue: 1 },
      { memberId: 2, name: 'Bo', due: 1, overdue: 1 },
      { memberId: 0, name: 'Unassigned', due: 1, overdue: 0 },
    ]);
  });

  it('hands out rows in turns within the block budget, paying for titles and group headings', () => {
    const many = (from: number, n: number, who: number) =>
      Array.from({ length: n }, (_, i) => makeTask(from + i, due, { assignees: [p(who, `P${who}`)] }));
    const sections = layoutSections(
      { overdue: many(1, 30, 1), dueToday: many(100, 3, 2), upcoming: many(200, 30, 3) },
      new Set(),
    );
    expect(fullCost(sections)).toBe(3 * 2 + 63);
    // 20 blocks: each section pays 2 (title + heading) with its first row; the rest go in turns.
    const shown = fitRows(sections, 20);
    expect(shown).toEqual([6, 3, 5]);
    expect(shown.reduce((a, b) => a + b, 0) + 3 * 2).toBe(20);
    expect(fitRows(sections, 2)).toEqual([0, 0, 0]);
    expect(fitRows(sections, 100)).toEqual([30, 3, 30]);
  });
});
