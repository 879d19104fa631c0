/**
 * Slack's date tokens: a date shown in each reader's own zone, with a fallback where the token
 * cannot be shown. https://api.slack.com/reference/surfaces/formatting#date-formatting
 */
import { dueKind, formatDueFallback } from '../lib/dates.ts';
import { escapeMrkdwn } from './mrkdwn.ts';

/**
 * Slack's date token, shown in each reader's own zone: `<!date^UNIX^FORMAT|fallback>` (optionally
 * `^link`). The fallback, shown where the token cannot be, is escaped here.
 * https://api.slack.com/reference/surfaces/formatting#date-formatting
 */
export function slackDate(date: Date, format: string, fallback: string, link?: string): string {
  const unix = Math.floor(date.getTime() / 1000);
  const linkPart = link ? `^${link.replace(/[|>]/g, encodeURIComponent)}` : '';
  return `<!date^${unix}^${format}${linkPart}|${escapeMrkdwn(fallback).replace(/\|/g, '¦')}>`;
}

/**
 * A due date as mrkdwn for a reader anywhere: a date alone for end-of-day and calendar dues, a date
 * and time for timed ones. `fallbackZone` is the zone the fallback text is written in.
 */
export function dueMrkdwn(due: Date, fallbackZone: string): string {
  const kind = dueKind(due);
  if (kind === 'calendar') {
    // Noon UTC is the same calendar day in every zone from UTC-11 to UTC+11.
    const noon = new Date(due.getTime() + 12 * 3_600_000);
    return slackDate(noon, '{date_short_pretty}', formatDueFallback(due, 'UTC', false));
  }
  if (kind === 'end-of-day') {
    return slackDate(due, '{date_short_pretty}', formatDueFallback(due, fallbackZone, false));
  }
  return slackDate(due, '{date_short_pretty} at {time}', formatDueFallback(due, fallbackZone, true));
}
