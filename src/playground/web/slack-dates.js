// Slack's `<!date^…>` tokens, formatted in the viewer's time zone as Slack's clients do.

function parts(date, timeZone, options) {
  const out = {};
  for (const part of new Intl.DateTimeFormat('en-US', { timeZone, ...options }).formatToParts(date)) {
    out[part.type] = part.value;
  }
  return out;
}

function ordinal(day) {
  const n = Number(day);
  const suffix = n % 100 >= 11 && n % 100 <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th');
  return `${n}${suffix}`;
}

/** YYYY-MM-DD of an instant in a zone. */
export function localDate(date, timeZone) {
  const p = parts(date, timeZone, { year: 'numeric', month: '2-digit', day: '2-digit' });
  return `${p.year}-${p.month}-${p.day}`;
}

function dayDistance(date, timeZone, now) {
  const a = Date.parse(`${localDate(date, timeZone)}T00:00:00Z`);
  const b = Date.parse(`${localDate(now, timeZone)}T00:00:00Z`);
  return Math.round((a - b) / 86_400_000);
}

function pretty(date, timeZone, now, fallback) {
  const distance = dayDistance(date, timeZone, now);
  if (distance === 0) return 'Today';
  if (distance === -1) return 'Yesterday';
  if (distance === 1) return 'Tomorrow';
  return fallback;
}

function ago(date, now) {
  const seconds = Math.round((date.getTime() - now.getTime()) / 1000);
  const units = [
    ['year', 31_536_000],
    ['month', 2_592_000],
    ['day', 86_400],
    ['hour', 3_600],
    ['minute', 60],
    ['second', 1],
  ];
  const format = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
  for (const [unit, size] of units) {
    if (Math.abs(seconds) >= size || unit === 'second')
      return format.format(Math.round(seconds / size), unit);
  }
  return '';
}

/** The text Slack shows for `<!date^seconds^format|fallback>` to someone in timeZone. */
export function formatSlackDate(seconds, format, timeZone, now = new Date()) {
  const date = new Date(Number(seconds) * 1000);
  if (Number.isNaN(date.getTime())) return null;
  const long = parts(date, timeZone, { weekday: 'long', year: 'numeric', month: 'long', day: 'numeric' });
  const short = parts(date, timeZone, { year: 'numeric', month: 'short', day: 'numeric' });
  const dateText = `${long.month} ${ordinal(long.day)}, ${long.year}`;
  const shortText = `${short.month} ${short.day}, ${short.year}`;
  const longText = `${long.weekday}, ${dateText}`;
  const time = new Intl.DateTimeFormat('en-US', { timeZone, hour: 'numeric', minute: '2-digit' }).format(
    date,
  );
  const timeSecs = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hour: 'numeric',
    minute: '2-digit',
    second: '2-digit',
  }).format(date);
  const tokens = {
    date_num: localDate(date, timeZone),
    date: dateText,
    date_short: shortText,
    date_long: longText,
    date_pretty: pretty(date, timeZone, now, dateText),
    date_short_pretty: pretty(date, timeZone, now, shortText),
    date_long_pretty: pretty(date, timeZone, now, longText),
    time,
    time_secs: timeSecs,
    ago: ago(date, now),
  };
  return format.replace(/\{(\w+)\}/g, (whole, name) => tokens[name] ?? whole);
}

/** A message's time as Slack shows it beside the author: `5:03 PM`, in the viewer's zone. */
export function messageTime(ts, timeZone) {
  return new Intl.DateTimeFormat('en-US', { timeZone, hour: 'numeric', minute: '2-digit' }).format(
    new Date(Number(ts) * 1000),
  );
}
