/**
 * Field readers that accept what the service may send beyond the spec's exact forms
 * (api-assumptions.md, "client also accepts"), and hand the rest of the app one form.
 */
import { z } from 'zod';

/**
 * The spec's own form, checked first because nearly every value is in it (no Date needed). A value
 * in it is read as it is (`task-fast-read.ts` relies on that).
 */
export const UTC_MILLIS =
  /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])T([01]\d|2[0-3]):[0-5]\d:[0-5]\d\.\d{3}Z$/;
const IsoDateTime = z.iso.datetime({ offset: true });
const IsoDate = z.iso.date();

/**
 * A date-time: any ISO 8601 date-time with an offset becomes the spec's UTC form
 * (`2026-11-21T09:30:00.000Z`); a bare `YYYY-MM-DD` is kept as it is, because turning a day into
 * an instant would need a time zone the service did not give.
 */
export const LenientDateTimeSchema = z.string().transform((value, ctx) => {
  if (UTC_MILLIS.test(value)) return value;
  if (IsoDateTime.safeParse(value).success) return new Date(value).toISOString();
  if (IsoDate.safeParse(value).success) return value;
  ctx.addIssue({
    code: 'custom',
    message: 'expected an ISO 8601 date-time with an offset, or a date YYYY-MM-DD',
  });
  return z.NEVER;
});

/** Whether `LenientDateTimeSchema` reads the value; the spec's own form is answered without zod. */
export function isLenientDateTime(value: unknown): boolean {
  if (typeof value === 'string' && UTC_MILLIS.test(value)) return true;
  return LenientDateTimeSchema.safeParse(value).success;
}

/** A calendar date: `YYYY-MM-DD`, or a date-time reduced to its own calendar day. */
export const LenientDateSchema = z.string().transform((value, ctx) => {
  if (IsoDate.safeParse(value).success) return value;
  if (IsoDateTime.safeParse(value).success) return value.slice(0, 10);
  ctx.addIssue({ code: 'custom', message: 'expected a date YYYY-MM-DD' });
  return z.NEVER;
});

/**
 * One of the known values, or another string: the spec does not list the allowed values, and a
 * service that adds one must not make whole lists unreadable. Known values keep their literal
 * types for autocompletion and narrowing.
 */
export function openEnum<const T extends readonly [string, ...string[]]>(_known: T) {
  return z.string().transform((value): T[number] | (string & {}) => value);
}
