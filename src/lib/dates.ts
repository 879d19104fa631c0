/**
 * Due dates as people say them, read in their own time zone, and how they are shown back.
 *
 * The rule for a date without a time: "due friday" means due by the END of Friday where the person
 * is, so it is stored as that local day's 23:59:59.999 (as a UTC instant). A due date at 59.999 seconds
 * is therefore shown as a date alone (a time someone set, even at :59 seconds, keeps its time).
 *
 * Everything here is pure: "now" and the zone are passed in, and the process's own zone never
 * matters (all local arithmetic goes through `TZDate` or UTC fields).
 */
import { TZDate, tzOffset } from '@date-fns/tz';
// English only: the package's root loads every locale (about 270 modules, ~8 MB) for nothing.
import * as chrono from 'chrono-node/en';
import { truncate } from './truncate.ts';

/** Where and when a date is read: an IANA zone (e.g. from Slack's `users.info`) and the current instant. */
export interface ZonedNow {
  timeZone: string;
  now: Date;
}

/** A parsed due date: the instant, and whether the person gave a time (else it is the end of a day). */
export interface DueDate {
  date: Date;
  hasTime: boolean;
}

export type DayBucket = 'overdue' | 'today' | 'upcoming' | 'none';

const zoneValidity = new Map<string, boolean>();

/** Whether `timeZone` is an IANA zone this runtime knows. */
export function isValidTimeZone(timeZone: string): boolean {
  const known = zoneValidity.get(timeZone);
  if (known !== undefined) return known;
  let valid = timeZone.length > 0 && timeZone.length <= 64;
  if (valid) {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone });
    } catch {
      valid = false;
    }
  }
  if (zoneValidity.size < 1000) zoneValidity.set(timeZone, valid);
  return valid;
}

/** The zone itself when valid, else UTC: a profile with a strange zone still gets an answer. */
export function resolveTimeZone(timeZone: string | null | undefined): string {
  return timeZone && isValidTimeZone(timeZone) ? timeZone : 'UTC';
}

/** A calendar day: month is 1-12. */
interface Ymd {
  year: number;
  month: number;
  day: number;
}

const QUARTER_HOUR_MS = 900_000;
const DAY_MS = 86_400_000;
/** Zones remembered by one memo, at most; past this it starts afresh. */
const ZONES_MAX = 1_000;

/**
 * Values remembered per zone and number (a quarter hour, an instant, a local day), without a key
 * string to build per lookup. Bounded: past `max` values in all (or `ZONES_MAX` zones) it starts
 * afresh; a zone's map still held by a caller (a list's reader, see `dayBuckets`) is dropped with it.
 */
function memoByZone<V>(max: number) {
  let byZone = new Map<string, Map<number, V>>();
  let held = 0;
  const forget = () => {
    byZone = new Map();
    held = 0;
  };
  return {
    /** The zone's values. */
    of(zone: string): Map<number, V> {
      let known = byZone.get(zone);
      if (!known) {
        if (byZone.size >= ZONES_MAX) forget();
        known = new Map();
        byZone.set(zone, known);
      }
      return known;
    },
    /** Remembers `value` in a zone's map from `of`, and gives it back. */
    remember(known: Map<number, V>, key: number, value: V): V {
      if (held >= max) forget();
      known.set(key, value);
      held += 1;
      return value;
    },
  };
}

/** Quarter hours' offsets, per zone. */
const offsets = memoByZone<number>(10_000);

/**
 * A zone's offset in minutes at `ms`, remembered per zone and quarter hour of UTC: a lookup formats
 * the instant with Intl (a few µs), and a list asks one per task. A quarter hour is remembered only
 * when its first and last millisecond have the same offset; one with a change inside (rare: offsets
 * change at most a few times a year) is looked up every time. Bounded.
 */
function offsetAt(timeZone: string, known: Map<number, number>, ms: number): number {
  const bucket = Math.floor(ms / QUARTER_HOUR_MS);
  const hit = known.get(bucket);
  if (hit !== undefined) return hit;
  const first = tzOffset(timeZone, new Date(bucket * QUARTER_HOUR_MS));
  if (first !== tzOffset(timeZone, new Date((bucket + 1) * QUARTER_HOUR_MS - 1))) {
    return tzOffset(timeZone, new Date(ms));
  }
  return offsets.remember(known, bucket, first);
}

/** A zone's offset in minutes at an instant (see `offsetAt`). */
export function zoneOffsetMinutes(timeZone: string, date: Date): number {
  return offsetAt(timeZone, offsets.of(timeZone), date.getTime());
}

/** The local day of an instant in a zone, as days since 1970-01-01: equal days, equal dates. */
function localDayNumber(ms: number, timeZone: string, known: Map<number, number>): number {
  return Math.floor((ms + offsetAt(timeZone, known, ms) * 60_000) / DAY_MS);
}

function localYmd(date: Date, timeZone: string): Ymd {
  // The zone's offset at this instant, then UTC fields: the day a TZDate gives, with one offset
  // lookup instead of a TZDate's several (this runs for every task a list shows).
  const local = new Date(date.getTime() + zoneOffsetMinutes(timeZone, date) * 60_000);
  return { year: local.getUTCFullYear(), month: local.getUTCMonth() + 1, day: local.getUTCDate() };
}

/** Day arithmetic on UTC fields, so no zone's DST can shift the calendar. */
function addDays(ymd: Ymd, days: number): Ymd & { weekday: number } {
  const d = new Date(Date.UTC(ymd.year, ymd.month - 1, ymd.day + days));
  return {
    year: d.getUTCFullYear(),
    month: d.getUTCMonth() + 1,
    day: d.getUTCDate(),
    weekday: d.getUTCDay(),
  };
}

function weekdayOf(ymd: Ymd): number {
  return addDays(ymd, 0).weekday;
}

function zoned(ymd: Ymd, hour: number, minute: number, second: number, ms: number, timeZone: string): Date {
  // TZDate moves a wall time inside a DST gap forward past the gap (02:30 → 03:30), as clocks do.
  return new Date(new TZDate(ymd.year, ymd.month - 1, ymd.day, hour, minute, second, ms, timeZone).getTime());
}

/** The last millisecond of a local day: what "due on that day" means. */
function endOfLocalDay(ymd: Ymd, timeZone: string): Date {
  return zoned(ymd, 23, 59, 59, 999, resolveTimeZone(timeZone));
}

/** `YYYY-MM-DD` of an instant in a zone (a datepicker's `initial_date`). */
export function toLocalDateString(date: Date, timeZone: string): string {
  const { year, month, day } = localYmd(date, resolveTimeZone(timeZone));
  return `${String(year).padStart(4, '0')}-${pad2(month)}-${pad2(day)}`;
}

/** `HH:mm` of an instant in a zone (a timepicker's `initial_time`). */
export function toLocalTimeString(date: Date, timeZone: string): string {
  const local = new TZDate(date.getTime(), resolveTimeZone(timeZone));
  return `${pad2(local.getHours())}:${pad2(local.getMinutes())}`;
}

function pad2(n: number): string {
  return String(n).padStart(2, '0');
}

const DATE_INPUT = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME_INPUT = /^(\d{2}):(\d{2})$/;

/**
 * A picker's `YYYY-MM-DD` (+ optional `HH:mm`) read in a zone: without a time, the end of that day.
 * Null when either part is malformed or names a day that does not exist.
 */
export function fromLocalDateTime(
  dateText: string,
  timeText: string | null,
  timeZone: string,
): DueDate | null {
  const d = DATE_INPUT.exec(dateText);
  if (!d) return null;
  const ymd = { year: Number(d[1]), month: Number(d[2]), day: Number(d[3]) };
  const check = addDays(ymd, 0);
  if (check.year !== ymd.year || check.month !== ymd.month || check.day !== ymd.day) return null;
  const tz = resolveTimeZone(timeZone);
  if (timeText === null || timeText === '') return { date: endOfLocalDay(ymd, tz), hasTime: false };
  const t = TIME_INPUT.exec(timeText);
  if (!t) return null;
  const hour = Number(t[1]);
  const minute = Number(t[2]);
  if (hour > 23 || minute > 59) return null;
  return { date: zoned(ymd, hour, minute, 0, 0, tz), hasTime: true };
}

// ---- natural language ----

/** Words people put before a date ("due by friday") that carry no date themselves. */
const FILLER = /^(?:by|on|before)\s+/i;
const TRAILING_PUNCTUATION = /[\s.,;:!?]+$/;

/** Phrases chrono does not read, or reads otherwise than people mean for a deadline. */
const KEYWORDS: ReadonlyArray<{ pattern: RegExp; day: (today: Ymd) => Ymd }> = [
  { pattern: /^(?:eod|end of (?:the )?day)\b/i, day: (today) => today },
  {
    // The working week ends on Friday; on a weekend it is the coming Friday.
    pattern: /^(?:eow|end of (?:the )?week)\b/i,
    day: (today) => addDays(today, (5 - weekdayOf(today) + 7) % 7),
  },
  {
    // "next week" is the Monday that starts it, not "seven days from now".
    pattern: /^next week\b/i,
    day: (today) => addDays(today, (8 - weekdayOf(today)) % 7 || 7),
  },
];

/**
 * chrono's reference: the person's wall-clock time now, as a Date whose process-local fields show
 * it. Given an instant and an offset instead, chrono 2.10's forward step compares its reference's
 * process-local fields with true instants (`ForwardDateRefiner`), so wherever the process's zone is
 * west of the person's, "friday" said on Friday morning read as next Friday. Only the result's
 * fields are used (`start.get`), turned into an instant in the person's zone by `zoned`; the
 * process's zone can now matter only inside its own DST gap, and servers run on UTC.
 */
function chronoReference(now: Date, timeZone: string): Date {
  const wall = new TZDate(now.getTime(), timeZone);
  return new Date(
    wall.getFullYear(),
    wall.getMonth(),
    wall.getDate(),
    wall.getHours(),
    wall.getMinutes(),
    wall.getSeconds(),
    wall.getMilliseconds(),
  );
}

interface Match {
  /** Characters of the input covered, from its start (filler included). */
  length: number;
  resolve: (zonedNow: ZonedNow) => DueDate;
}

/** The date expression at the very start of `text`, if there is one. */
function matchAtStart(text: string, zonedNow: ZonedNow): Match | null {
  const filler = FILLER.exec(text)?.[0].length ?? 0;
  const body = text.slice(filler);
  for (const keyword of KEYWORDS) {
    const m = keyword.pattern.exec(body);
    if (m) {
      return {
        length: filler + m[0].length,
        resolve: ({ timeZone, now }) => ({
          date: endOfLocalDay(keyword.day(localYmd(now, timeZone)), timeZone),
          hasTime: false,
        }),
      };
    }
  }
  const tz = zonedNow.timeZone;
  const [first] = chrono.casual.parse(body, chronoReference(zonedNow.now, tz), { forwardDate: true });
  if (first?.index !== 0) return null;
  return {
    length: filler + first.text.length,
    resolve: ({ timeZone, now }) => {
      const start = first.start;
      const ymd = {
        year: start.get('year') ?? 0,
        month: start.get('month') ?? 1,
        day: start.get('day') ?? 1,
      };
      if (!start.isCertain('hour')) return { date: endOfLocalDay(ymd, timeZone), hasTime: false };
      let date = zoned(ymd, start.get('hour') ?? 0, start.get('minute') ?? 0, 0, 0, timeZone);
      // "friday 9am" said on Friday at 10am means next Friday: a weekday always points forward.
      if (date < now && start.isCertain('weekday') && !start.isCertain('day')) {
        date = zoned(addDays(ymd, 7), start.get('hour') ?? 0, start.get('minute') ?? 0, 0, 0, timeZone);
      }
      return { date, hasTime: true };
    },
  };
}

/** chrono needs an instant only to resolve dates; the extent of a match does not depend on it. */
const EXTENT_REFERENCE: ZonedNow = { timeZone: 'UTC', now: new Date(Date.UTC(2026, 0, 1)) };

/**
 * How many characters at the start of `text` form a date expression ("friday 5pm and more" → 10),
 * 0 when it does not start with one ("diligence doc" → 0). The command parser uses it to take a
 * due date only where one really follows the `due` keyword.
 */
export function dueExpressionLength(text: string): number {
  const leading = text.length - text.trimStart().length;
  const match = matchAtStart(text.trimStart(), EXTENT_REFERENCE);
  return match ? leading + match.length : 0;
}

type DueAnalysis =
  | { kind: 'ok'; due: DueDate }
  | { kind: 'empty' }
  | { kind: 'unreadable'; text: string }
  | { kind: 'partial'; matched: string; rest: string }
  | { kind: 'past'; matched: string; due: DueDate };

function analyseDue(text: string, options: ZonedNow): DueAnalysis {
  const timeZone = resolveTimeZone(options.timeZone);
  const zonedNow = { timeZone, now: options.now };
  const clean = text.trim().replace(TRAILING_PUNCTUATION, '');
  if (clean === '') return { kind: 'empty' };
  const match = matchAtStart(clean, zonedNow);
  if (!match) return { kind: 'unreadable', text: clean };
  const matched = clean.slice(0, match.length);
  const rest = clean.slice(match.length).trim();
  if (rest !== '') return { kind: 'partial', matched, rest };
  const due = match.resolve(zonedNow);
  if (Number.isNaN(due.date.getTime())) return { kind: 'unreadable', text: clean };
  if (due.date < options.now) return { kind: 'past', matched, due };
  return { kind: 'ok', due };
}

/**
 * Reads a due date the way a person in `timeZone` means it at `now`: "friday", "tomorrow 5pm",
 * "next week" (the coming Monday), "2026-12-01", "in 3 days", "dec 3", "eod", "end of week".
 * Dates only point forward: a weekday is the next one (today counts while it lasts), a month-day
 * without a year is the next such day. A date without a time is the end of that local day.
 * Null when the whole text is not one date, or the date has already passed; `describeDueProblem`
 * says which. An unknown zone is read as UTC.
 */
export function parseDueDate(text: string, options: ZonedNow): DueDate | null {
  const analysis = analyseDue(text, options);
  return analysis.kind === 'ok' ? analysis.due : null;
}

const DUE_EXAMPLES = '`friday`, `tomorrow 5pm`, `in 3 days`, `dec 3` or `2026-12-01`';

/** Why `parseDueDate` gave null for this text, in a sentence for the person; null when it parses. */
export function describeDueProblem(text: string, options: ZonedNow): string | null {
  const analysis = analyseDue(text, options);
  switch (analysis.kind) {
    case 'ok':
      return null;
    case 'empty':
      return `Add a date after \`due\`, like ${DUE_EXAMPLES}.`;
    case 'unreadable':
      return `I couldn't read “${clip(analysis.text)}” as a date. Try ${DUE_EXAMPLES}.`;
    case 'partial':
      return `I read “${clip(analysis.matched)}” as a date but not “${clip(analysis.rest)}”. Give just the date, like ${DUE_EXAMPLES}.`;
    case 'past': {
      const shown = formatDueFallback(
        analysis.due.date,
        resolveTimeZone(options.timeZone),
        analysis.due.hasTime,
      );
      return `“${clip(analysis.matched)}” is in the past (${shown}). Give a date from now on.`;
    }
  }
}

function clip(text: string): string {
  return truncate(text, 60);
}

// ---- showing due dates ----

/** A record's due instant, or null (also for a value that isn't a date). */
export function dueOf(task: { due_date: string | null }): Date | null {
  if (!task.due_date) return null;
  const due = new Date(task.due_date);
  return Number.isNaN(due.getTime()) ? null : due;
}

/**
 * How a stored due instant is meant: `end-of-day` (59.999 seconds: a date without a time, see the top),
 * `calendar` (exactly midnight UTC: a bare `YYYY-MM-DD` given to the service by someone else) or
 * `timed`.
 */
export function dueKind(due: Date): 'end-of-day' | 'calendar' | 'timed' {
  if (due.getUTCSeconds() === 59 && due.getUTCMilliseconds() === 999) return 'end-of-day';
  if (
    due.getUTCHours() === 0 &&
    due.getUTCMinutes() === 0 &&
    due.getUTCSeconds() === 0 &&
    due.getUTCMilliseconds() === 0
  ) {
    return 'calendar';
  }
  return 'timed';
}

/**
 * The reader's day, remembered for the last instant and zone asked: a list asks it once per task
 * with the same `now`, and each answer costs a zone-offset lookup.
 */
let lastToday: { at: number; timeZone: string; day: string } | undefined;
function todayIn(now: Date, timeZone: string): string {
  const at = now.getTime();
  if (lastToday?.at === at && lastToday.timeZone === timeZone) return lastToday.day;
  const day = toLocalDateString(now, timeZone);
  lastToday = { at, timeZone, day };
  return day;
}

/** Where a due date falls for a reader: already passed, later today, later than today, or none. */
export function dayBucket(due: Date | null, options: ZonedNow): DayBucket {
  if (!due || Number.isNaN(due.getTime())) return 'none';
  const timeZone = resolveTimeZone(options.timeZone);
  const today = todayIn(options.now, timeZone);
  if (dueKind(due) === 'calendar') {
    // A calendar date is the same day everywhere: compare it as a date, not as an instant.
    const day = due.toISOString().slice(0, 10);
    return day < today ? 'overdue' : day === today ? 'today' : 'upcoming';
  }
  if (due.getTime() < options.now.getTime()) return 'overdue';
  return toLocalDateString(due, timeZone) === today ? 'today' : 'upcoming';
}

/**
 * Instants whose dates, in UTC and in any zone (offsets are under a day), have four-digit years:
 * there the `YYYY-MM-DD` comparisons of `dayBucket` order as day numbers do.
 */
const PLAIN_FROM = Date.UTC(1000, 0, 2);
const PLAIN_UNTIL = Date.UTC(9999, 0, 1);

/**
 * `dayBucket` for one reader and one instant, for a list that asks it of every task: the zone and
 * today are worked out once, and each due date costs one remembered offset and some arithmetic
 * (no date strings). Gives what `dayBucket` gives for every date.
 */
export function dayBuckets(options: ZonedNow): (due: Date | null) => DayBucket {
  const timeZone = resolveTimeZone(options.timeZone);
  const now = options.now.getTime();
  if (!(now >= PLAIN_FROM && now < PLAIN_UNTIL)) return (due) => dayBucket(due, options);
  const known = offsets.of(timeZone);
  const today = localDayNumber(now, timeZone, known);
  return (due) => {
    if (!due) return 'none';
    const at = due.getTime();
    if (Number.isNaN(at)) return 'none';
    if (!(at >= PLAIN_FROM && at < PLAIN_UNTIL)) return dayBucket(due, options);
    if (dueKind(due) === 'calendar') {
      // Midnight UTC: its day number is exact.
      const day = at / DAY_MS;
      return day < today ? 'overdue' : day === today ? 'today' : 'upcoming';
    }
    if (at < now) return 'overdue';
    return localDayNumber(at, timeZone, known) === today ? 'today' : 'upcoming';
  };
}

/** Whether a due date has passed for a reader (see `dayBucket`). */
export function isOverdue(due: Date | null, options: ZonedNow): boolean {
  return dayBucket(due, options) === 'overdue';
}

// Building an Intl.DateTimeFormat costs far more than using one: keep one per zone and style.
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string, hasTime: boolean): Intl.DateTimeFormat {
  const key = `${timeZone}|${hasTime}`;
  let format = formatters.get(key);
  if (!format) {
    const options: Intl.DateTimeFormatOptions = {
      timeZone,
      weekday: 'short',
      month: 'short',
      day: 'numeric',
      year: 'numeric',
    };
    if (hasTime) Object.assign(options, { hour: 'numeric', minute: '2-digit', timeZoneName: 'short' });
    format = new Intl.DateTimeFormat('en-US', options);
    if (formatters.size < 1000) formatters.set(key, format);
  }
  return format;
}

/** A readable date (and time with its zone when `hasTime`), for fallbacks and plain text. */
export function formatDueFallback(date: Date, timeZone: string, hasTime: boolean): string {
  const zone = resolveTimeZone(timeZone);
  const at = date.getTime();
  // Intl's format is the costly step, and lists show the same dates again and again. A date alone
  // reads the same all day long: remembered per zone and local day, so the tasks due on one day
  // share it. A time is remembered per instant.
  const dayAlone = !hasTime && at >= WHOLE_MINUTE_OFFSETS_FROM && at < PLAIN_UNTIL;
  const texts = dayAlone ? dayTexts : hasTime ? timedTexts : instantTexts;
  const key = dayAlone ? localDayNumber(at, zone, offsets.of(zone)) : at;
  const known = texts.of(zone);
  return known.get(key) ?? texts.remember(known, key, formatter(zone, hasTime).format(date));
}

/**
 * Since 1980 every zone's offset is whole minutes, as `zoneOffsetMinutes` gives it (before, some
 * had seconds: Africa/Monrovia until 1972), so its local day is the one Intl formats.
 */
const WHOLE_MINUTE_OFFSETS_FROM = Date.UTC(1980, 0, 1);
const dayTexts = memoByZone<string>(10_000);
const timedTexts = memoByZone<string>(10_000);
/** Dates alone outside the years `dayTexts` reads, per instant. */
const instantTexts = memoByZone<string>(1_000);
