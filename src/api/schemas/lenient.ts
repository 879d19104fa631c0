/**
 * Field readers that accept what the service may send beyond the spec's exact forms
 * (api-assumptions.md, "client also accepts"), and hand the rest of the app one form.
 */
import { z } from 'zod';

/**
 * A date-time: any ISO 8601 date-time with an offset becomes the spec's UTC form
 * (`2026-11-21T09:30:00.000Z`); a bare `YYYY-MM-DD` is kept as it is, because turning a day into
 * an instant would need a time zone the service did not give.
 */
export const LenientDateTimeSchema = z.union([
  z.iso.datetime({ offset: true }).transform((value) => new Date(value).toISOString()),
  z.iso.date(),
]);

/** A calendar date: `YYYY-MM-DD`, or a date-time reduced to its own calendar day. */
export const LenientDateSchema = z.union([
  z.iso.date(),
  z.iso.datetime({ offset: true }).transform((value) => value.slice(0, 10)),
]);

/**
 * One of the known values, or another string: the spec does not list the allowed values, and a
 * service that adds one must not make whole lists unreadable. Known values keep their literal
 * types for autocompletion and narrowing.
 */
export function openEnum<const T extends readonly [string, ...string[]]>(_known: T) {
  return z.string().transform((value): T[number] | (string & {}) => value);
}
