/** Which open tasks of an active sprint may miss it. */
import { describe, expect, it } from 'vitest';
import { riskReasons } from '../../../../src/slack/features/sprints/team-sprint-risk.ts';

const NOW = new Date('2026-11-21T10:00:00.000Z');
const someone = [{ id: 1, name: 'Ana' }];

describe('riskReasons', () => {
  it('flags overdue tasks, tasks due after the sprint, and tasks nobody is assigned to', () => {
    expect(
      riskReasons({ due_date: '2026-11-20T17:00:00.000Z', assignees: someone }, '2026-12-04', 'UTC', NOW),
    ).toEqual(['overdue']);
    expect(
      riskReasons({ due_date: '2026-12-05T17:00:00.000Z', assignees: someone }, '2026-12-04', 'UTC', NOW),
    ).toEqual(['due after the sprint ends']);
    expect(riskReasons({ due_date: null, assignees: [] }, '2026-12-04', 'UTC', NOW)).toEqual(['no assignee']);
    expect(
      riskReasons({ due_date: '2026-12-01T17:00:00.000Z', assignees: someone }, '2026-12-04', 'UTC', NOW),
    ).toEqual([]);
  });

  it('reads "after the sprint" on the reader’s calendar', () => {
    // 04:00 UTC on 5 Dec is still 4 Dec in New York.
    const due = { due_date: '2026-12-05T04:00:00.000Z', assignees: someone };
    expect(riskReasons(due, '2026-12-04', 'America/New_York', NOW)).toEqual([]);
    expect(riskReasons(due, '2026-12-04', 'Europe/London', NOW)).toEqual(['due after the sprint ends']);
  });
});
