/**
 * Small pieces every team renderer shares: progress bars, calendar dates (sprints and goals have
 * dates without a time), day counts and numbers.
 */

import { formatDueFallback } from '../../../lib/dates.ts';
import { slackDate } from '../../../slack-platform/date-tokens.ts';
import { escapeWithin, truncate } from '../../../slack-platform/mrkdwn.ts';

const BAR_WIDTH = 10;

/**
 * A 0..100 share as a bar of ten cells. Plain text, not a code span: Slack draws code in red, which
 * reads as an alarm beside every goal; the two shade characters are one width in Slack's fonts.
 */
export function progressBar(percent: number, width: number = BAR_WIDTH): string {
  const share = Number.isFinite(percent) ? Math.min(100, Math.max(0, percent)) : 0;
  const filled = Math.round((share / 100) * width);
  return `${'▓'.repeat(filled)}${'░'.repeat(width - filled)}`;
}

/** `42%`: whole percents, never "100%" before the end is reached. */
export function percentText(percent: number): string {
  const share = Number.isFinite(percent) ? Math.min(100, Math.max(0, percent)) : 0;
  const shown = share < 100 ? Math.min(99, Math.round(share)) : 100;
  return `${shown}%`;
}

/** The share of `done` in `all`, 0..100 (0 when there is nothing). */
export function shareOf(done: number, all: number): number {
  return all > 0 ? (Math.min(done, all) / all) * 100 : 0;
}

const YMD = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Days since the epoch of a `YYYY-MM-DD`, or null when it is not one. */
function epochDay(ymd: string): number | null {
  const m = YMD.exec(ymd);
  if (!m) return null;
  const t = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  return Number.isNaN(t) ? null : t / 86_400_000;
}

/** Whole days from `from` to `to` (both `YYYY-MM-DD`); null when either is not a date. */
export function daysBetween(from: string, to: string): number | null {
  const a = epochDay(from);
  const b = epochDay(to);
  return a === null || b === null ? null : Math.round(b - a);
}

/**
 * A calendar date in the one style every surface uses (task cards' due dates too): Slack's date
 * token, shown in each reader's locale, with `Mon, Nov 3, 2026` where the token cannot be shown.
 * The date has no zone of its own: noon UTC is that same day from UTC-11 to UTC+11. mrkdwn.
 */
export function calendarDate(ymd: string, _now?: Date): string {
  const day = epochDay(ymd);
  if (day === null) return escapeWithin(ymd, 40);
  const date = new Date(day * 86_400_000);
  return slackDate(
    new Date(date.getTime() + 12 * 3_600_000),
    '{date_short_pretty}',
    formatDueFallback(date, 'UTC', false),
  );
}

/** `start → end`, with `?` for a missing side; null when both are missing. */
export function dateRange(start: string | null, end: string | null, now: Date): string | null {
  if (!start && !end) return null;
  return `${start ? calendarDate(start, now) : '?'} → ${end ? calendarDate(end, now) : '?'}`;
}

const NUMBER = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 2 });

/** `1,400`, `2.6`: grouped, at most two decimals. */
export function formatNumber(value: number): string {
  return Number.isFinite(value) ? NUMBER.format(value) : String(value);
}

/** "1 task", "3 tasks". */
export function plural(count: number, one: string, many = `${one}s`): string {
  return `${count} ${count === 1 ? one : many}`;
}

/** How a project is typed in a command: `#Website`, or `#"Mobile App"` when the name has spaces. */
export function projectArgument(name: string): string {
  const cleaned = name.replace(/["“”]/g, '');
  return /\s/.test(cleaned) ? `#"${cleaned}"` : `#${cleaned}`;
}

/** A name inside a message's `text` fallback: escaped (Slack formats that text too) and short. */
export function fallbackName(name: string): string {
  return escapeWithin(name, 80);
}

/** A whole `text` fallback, within Slack's 4000 characters. */
export function fallbackText(text: string): string {
  return truncate(text, 4000);
}
