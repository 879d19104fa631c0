/**
 * A date phrase at the end of a task's title ("Call the vendor tomorrow 3pm"). `/task new` takes a
 * due date only after `due`, so a title like "Plan Monday's review" keeps its words; but someone
 * who typed the date without `due` should hear that the task has none, and how to set it, rather
 * than find out when it is late.
 */
import { parseDueDate, type ZonedNow } from './dates.ts';

/** The most words a trailing date phrase is looked for in ("next friday at 5 pm" is five). */
const MAX_WORDS = 5;

/** A time with no day ("at 5", "noon", "now") is too weak a sign that a date was meant. */
const TIME_ONLY = /^(?:at\s+)?(?:\d{1,2}(?::\d{2})?\s*(?:am|pm)?|noon|midnight|now)$/i;

/** The longest run of the title's last words that reads wholly as a future date, or null. */
export function trailingDatePhrase(title: string, options: ZonedNow): string | null {
  const words = title.trim().split(/\s+/);
  // The title must keep at least one word of its own.
  for (let n = Math.min(MAX_WORDS, words.length - 1); n >= 1; n--) {
    const phrase = words.slice(-n).join(' ');
    // A bare number ("Read chapter 5") or a time with no day is not a hint.
    if (/^\d+$/.test(phrase) || TIME_ONLY.test(phrase)) continue;
    if (parseDueDate(phrase, options)) return phrase;
  }
  return null;
}
