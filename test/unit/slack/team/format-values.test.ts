/** The shared pieces of the team renderers: bars, dates, and the values buttons carry back. */
import { describe, expect, it } from 'vitest';
import {
  calendarDate,
  daysBetween,
  percentText,
  progressBar,
  projectArgument,
  shareOf,
} from '../../../../src/slack/ui/team/format.ts';
import {
  decodeProjectMenu,
  decodeRef,
  encodeProjectMenu,
  encodeRef,
} from '../../../../src/slack/ui/team/values.ts';

const NOW = new Date('2026-11-21T10:00:00.000Z');

describe('progress', () => {
  it('draws ten cells for a share, clamped, in a code span', () => {
    expect(progressBar(0)).toBe('░░░░░░░░░░');
    expect(progressBar(40)).toBe('▓▓▓▓░░░░░░');
    expect(progressBar(100)).toBe('▓▓▓▓▓▓▓▓▓▓');
    expect(progressBar(250)).toBe(progressBar(100));
    expect(progressBar(-5)).toBe(progressBar(0));
    expect(progressBar(Number.NaN)).toBe(progressBar(0));
  });

  it('never says 100% before the end is reached', () => {
    expect(percentText(99.6)).toBe('99%');
    expect(percentText(100)).toBe('100%');
    expect(percentText(23.33)).toBe('23%');
    expect(shareOf(1, 4)).toBe(25);
    expect(shareOf(3, 0)).toBe(0);
    expect(shareOf(9, 4)).toBe(100);
  });
});

describe('calendar dates', () => {
  it('counts whole days between dates, across months and years', () => {
    expect(daysBetween('2026-11-21', '2026-12-04')).toBe(13);
    expect(daysBetween('2026-12-31', '2027-01-01')).toBe(1);
    expect(daysBetween('2026-03-28', '2026-03-30')).toBe(2);
    expect(daysBetween('2026-11-21', 'someday')).toBeNull();
  });

  it('is Slack’s date token at noon UTC (the same day everywhere), in the cards’ style where it cannot show', () => {
    const noon = Date.UTC(2026, 11, 4, 12) / 1000;
    expect(calendarDate('2026-12-04', NOW)).toBe(`<!date^${noon}^{date_short_pretty}|Fri, Dec 4, 2026>`);
    expect(calendarDate('2027-01-04', NOW)).toContain('|Mon, Jan 4, 2027>');
    expect(calendarDate('not a date', NOW)).toBe('not a date');
  });

  it('writes a project as it is typed in a command', () => {
    expect(projectArgument('Website')).toBe('#Website');
    expect(projectArgument('Mobile App')).toBe('#"Mobile App"');
    expect(projectArgument('Say "hi" team')).toBe('#"Say hi team"');
  });
});

describe('button values', () => {
  it('round-trips each kind of record', () => {
    expect(decodeRef('sprint', encodeRef('sprint', [12, 3]))).toEqual([12, 3]);
    expect(decodeRef('automation', encodeRef('automation', [5, 1, 0, 0]))).toEqual([5, 1, 0, 0]);
    expect(decodeProjectMenu(encodeProjectMenu('archive', 7))).toEqual({ choice: 'archive', projectId: 7 });
  });

  it('reads a forged or outdated value as nothing', () => {
    for (const value of [
      '',
      's:12',
      's:12:3:4',
      'g:12',
      's:0:3',
      's:-1:3',
      's:1e3:3',
      's:01:3',
      `s:${'9'.repeat(20)}:1`,
      'x'.repeat(200),
    ]) {
      expect(decodeRef('sprint', value), value).toBeNull();
    }
    expect(decodeRef('sprint', null)).toBeNull();
    expect(decodeProjectMenu('delete:p:7')).toBeNull();
    expect(decodeProjectMenu('edit:p:x')).toBeNull();
    expect(decodeProjectMenu(undefined)).toBeNull();
  });
});
