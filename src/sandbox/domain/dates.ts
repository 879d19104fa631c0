/** A bare calendar date: `YYYY-MM-DD`. */
const BARE_DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The stored and printed form of an input date (any ISO 8601 date-time with an offset, or a bare
 * date, which means midnight UTC of that day): `YYYY-MM-DDTHH:MM:SS.sssZ`. Undefined when the
 * instant falls outside years 0001-9999, which that form cannot print.
 */
export function toUtcDateTime(input: string): string | undefined {
  const date = new Date(BARE_DATE.test(input) ? `${input}T00:00:00.000Z` : input);
  const year = date.getUTCFullYear();
  if (Number.isNaN(date.getTime()) || year < 1 || year > 9999) return undefined;
  return date.toISOString();
}

/** The UTC calendar date of an instant, `YYYY-MM-DD`. */
export function utcDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** `YYYY-MM-DD` plus a number of days (negative to go back). */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00.000Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return utcDate(date);
}

/** Whole days from `from` to `to` (both `YYYY-MM-DD`). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}
