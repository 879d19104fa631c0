/**
 * Time zones as people pick them in the digest form: the IANA name with its current short name
 * ("Europe/London (GMT)", "America/New_York (EST)"), searched by either. Pure: `now` decides the
 * short name, which changes with daylight saving time.
 */
import { isValidTimeZone } from '../../../lib/dates.ts';
import type { PlainTextOption } from '../block-types.ts';
import { LIMITS, option } from '../limits.ts';

const shortNames = new Map<string, Intl.DateTimeFormat>();

function shortNameIn(locale: 'en-US' | 'en-GB', timeZone: string, now: Date): string | undefined {
  const key = `${locale}|${timeZone}`;
  let format = shortNames.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { timeZone, timeZoneName: 'short' });
    // A few hundred zones at most: the map stays small.
    shortNames.set(key, format);
  }
  return format.formatToParts(now).find((part) => part.type === 'timeZoneName')?.value;
}

/** Every zone this runtime knows (UTC included), sorted. */
export const TIME_ZONES: readonly string[] = (() => {
  const zones = new Set(Intl.supportedValuesOf('timeZone'));
  zones.add('UTC');
  return [...zones].sort();
})();

/**
 * The zone's short name at `now`: a letter abbreviation where either English locale has one
 * ("EST" from en-US, "BST" or "CET" from en-GB), else the offset ("GMT+9").
 */
function zoneShortName(timeZone: string, now: Date): string {
  const us = shortNameIn('en-US', timeZone, now) ?? timeZone;
  if (!/^(GMT|UTC)[+-]/.test(us)) return us;
  const gb = shortNameIn('en-GB', timeZone, now);
  return gb && /^[A-Z]{2,5}$/.test(gb) ? gb : us;
}

/** "Europe/London (GMT)"; an unknown zone is shown as given. */
export function zoneLabel(timeZone: string, now: Date): string {
  if (!isValidTimeZone(timeZone)) return timeZone;
  const short = zoneShortName(timeZone, now);
  return short === timeZone ? timeZone : `${timeZone} (${short})`;
}

export function zoneOption(timeZone: string, now: Date): PlainTextOption {
  return option(zoneLabel(timeZone, now), timeZone);
}

/** "new york" finds America/New_York, "est" finds the zones called EST now. */
function matches(timeZone: string, query: string, now: Date): boolean {
  if (query === '') return true;
  const name = timeZone.toLowerCase().replace(/_/g, ' ');
  return name.includes(query) || zoneShortName(timeZone, now).toLowerCase() === query;
}

/**
 * Up to 100 options for what was typed, `first` (the person's own zone) leading when it matches.
 * Names longer than an option value allows are left out rather than cut (a cut name is no zone).
 */
export function zoneOptions(query: string, now: Date, first?: string | null): PlainTextOption[] {
  const wanted = query.trim().toLowerCase().replace(/_/g, ' ');
  const leading = first && isValidTimeZone(first) && matches(first, wanted, now) ? [first] : [];
  const rest = TIME_ZONES.filter((zone) => zone !== first && matches(zone, wanted, now));
  return [...leading, ...rest]
    .filter((zone) => zone.length <= LIMITS.optionValue)
    .slice(0, LIMITS.staticSelectOptions)
    .map((zone) => zoneOption(zone, now));
}
