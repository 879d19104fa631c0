/**
 * Wall-clock maths in an IANA time zone: which local date an instant falls on, and which instant a
 * local date and time of day mean. Croner does the zone-aware search, so DST gaps and repeated
 * hours follow one rule everywhere: a time inside a gap means the first instant after the gap, a
 * repeated time means its first occurrence.
 */
import { Cron } from 'croner';

/** A local time of day. */
export interface WallTime {
  hour: number;
  minute: number;
  /** Defaults to 0. */
  second?: number;
}

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/** Bounds the memo tables: a long-running scheduler sees few distinct zones and times, but never unbounded. */
const MAX_CACHED = 5_000;

const dateFormatters = new Map<string, Intl.DateTimeFormat>();
const timeFormatters = new Map<string, Intl.DateTimeFormat>();
const crons = new Map<string, Cron>();
const instants = new Map<string, number>();

function remember<K, V>(map: Map<K, V>, key: K, value: V): V {
  if (map.size >= MAX_CACHED) map.clear();
  map.set(key, value);
  return value;
}

function dateFormatter(timeZone: string): Intl.DateTimeFormat {
  return (
    dateFormatters.get(timeZone) ??
    remember(
      dateFormatters,
      timeZone,
      // en-CA formats as YYYY-MM-DD, the form compared and stored everywhere.
      new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }),
    )
  );
}

/** The local calendar date (YYYY-MM-DD) of an instant in a zone. */
export function localDateOf(instant: Date, timeZone: string): string {
  return dateFormatter(timeZone).format(instant);
}

/** The local wall-clock time of an instant in a zone. */
export function localTimeOf(instant: Date, timeZone: string): Required<WallTime> {
  const formatter =
    timeFormatters.get(timeZone) ??
    remember(
      timeFormatters,
      timeZone,
      new Intl.DateTimeFormat('en-GB', {
        timeZone,
        hourCycle: 'h23',
        hour: '2-digit',
        minute: '2-digit',
        second: '2-digit',
      }),
    );
  const [hour = 0, minute = 0, second = 0] = formatter.format(instant).split(':').map(Number);
  return { hour, minute, second };
}

/** Splits and checks a YYYY-MM-DD date; a RangeError names a malformed or impossible one. */
export function parseLocalDate(localDate: string): { year: number; month: number; day: number } {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(localDate);
  if (match) {
    const year = Number(match[1]);
    const month = Number(match[2]);
    const day = Number(match[3]);
    const probe = new Date(Date.UTC(year, month - 1, day));
    if (probe.getUTCFullYear() === year && probe.getUTCMonth() === month - 1 && probe.getUTCDate() === day) {
      return { year, month, day };
    }
  }
  throw new RangeError(`not a calendar date (YYYY-MM-DD): ${JSON.stringify(localDate)}`);
}

function utcMidnight(localDate: string): number {
  const { year, month, day } = parseLocalDate(localDate);
  return Date.UTC(year, month - 1, day);
}

/** The date `days` calendar days after (or before, if negative) a YYYY-MM-DD date. */
export function addDays(localDate: string, days: number): string {
  return new Date(utcMidnight(localDate) + days * DAY_MS).toISOString().slice(0, 10);
}

/** ISO weekday of a calendar date: 1 = Monday … 7 = Sunday. */
export function isoWeekday(localDate: string): number {
  const sundayFirst = new Date(utcMidnight(localDate)).getUTCDay();
  return sundayFirst === 0 ? 7 : sundayFirst;
}

function checkWallTime({ hour, minute, second = 0 }: WallTime): void {
  const ok = (n: number, max: number) => Number.isInteger(n) && n >= 0 && n <= max;
  if (!ok(hour, 23) || !ok(minute, 59) || !ok(second, 59)) {
    throw new RangeError(`not a time of day: ${hour}:${minute}:${second}`);
  }
}

function dailyCron(wall: WallTime, timeZone: string): Cron {
  const pattern = `${wall.second ?? 0} ${wall.minute} ${wall.hour} * * *`;
  const key = `${pattern}|${timeZone}`;
  // Without a callback a Cron only computes; it starts no timer.
  return crons.get(key) ?? remember(crons, key, new Cron(pattern, { timezone: timeZone }));
}

/**
 * The UTC instant of a wall-clock time on a local date in a zone. Inside a DST gap it is the first
 * instant after the gap (02:30 on New York's spring-forward day → 03:00 EDT); a time the clocks
 * pass twice gives the first occurrence. A RangeError names a date the zone skipped entirely
 * (Pacific/Apia, 2011-12-30) or a malformed argument.
 */
export function instantAt(localDate: string, wall: WallTime, timeZone: string): Date {
  checkWallTime(wall);
  const key = `${timeZone}|${localDate}|${wall.hour}:${wall.minute}:${wall.second ?? 0}`;
  const known = instants.get(key);
  if (known !== undefined) return new Date(known);

  const cron = dailyCron(wall, timeZone);
  // 15 h before UTC midnight is still the previous local day in every zone (offsets span −12..+14),
  // so the search starts before the wanted day and walks forward at most a run or two.
  let from = new Date(utcMidnight(localDate) - 15 * HOUR_MS);
  for (let step = 0; step < 4; step++) {
    const run = cron.nextRun(from);
    if (!run) break;
    const runDate = localDateOf(run, timeZone);
    if (runDate === localDate) return new Date(remember(instants, key, run.getTime()));
    if (runDate > localDate) break;
    from = run;
  }
  throw new RangeError(`${localDate} has no such local time in ${timeZone} (the zone skipped that day)`);
}

/** The first instant of a local date in a zone (after the gap, where a zone's DST starts at midnight). */
export function startOfLocalDay(localDate: string, timeZone: string): Date {
  return instantAt(localDate, { hour: 0, minute: 0 }, timeZone);
}
