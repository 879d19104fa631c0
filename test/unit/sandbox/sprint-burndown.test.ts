import { describe, expect, it } from 'vitest';
import { sprintBurndown } from '../../../src/sandbox/domain/sprint-burndown.ts';

describe('sprintBurndown', () => {
  it('counts tasks still open at the end of each day so far, beside the ideal line', () => {
    const result = sprintBurndown({
      startDate: '2026-11-02',
      endDate: '2026-11-06',
      today: '2026-11-04',
      completions: ['2026-11-02T10:00:00.000Z', '2026-11-04T23:59:59.999Z', null, null],
    });
    expect(result).toEqual({
      total_tasks: 4,
      completed_tasks: 2,
      days: [
        { date: '2026-11-02', remaining: 3, ideal: 4 },
        { date: '2026-11-03', remaining: 3, ideal: 3 },
        { date: '2026-11-04', remaining: 2, ideal: 2 },
      ],
    });
  });

  it('stops at the end date once it has passed', () => {
    const result = sprintBurndown({
      startDate: '2026-11-02',
      endDate: '2026-11-03',
      today: '2027-01-01',
      completions: [null],
    });
    expect(result.days).toEqual([
      { date: '2026-11-02', remaining: 1, ideal: 1 },
      { date: '2026-11-03', remaining: 1, ideal: 0 },
    ]);
  });

  it('has no days before the start, without dates, or for a one-day sprint beyond its ideal 0', () => {
    expect(
      sprintBurndown({ startDate: '2026-12-01', endDate: '2026-12-05', today: '2026-11-30', completions: [] })
        .days,
    ).toEqual([]);
    expect(
      sprintBurndown({ startDate: null, endDate: '2026-12-05', today: '2026-12-01', completions: [] }).days,
    ).toEqual([]);
    expect(
      sprintBurndown({
        startDate: '2026-12-01',
        endDate: '2026-12-01',
        today: '2026-12-01',
        completions: [null],
      }).days,
    ).toEqual([{ date: '2026-12-01', remaining: 1, ideal: 0 }]);
  });
});
