import { z } from 'zod';

/** Integer identifiers (spec Part 1: "IDs are integers"). */
export const IdSchema = z.number().int().positive();

/** Task date-times: UTC, millisecond precision, trailing Z (spec Part 2), e.g. 2026-11-21T09:30:00.000Z. */
export const UtcDateTimeSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/, 'UTC date-time');

/** Calendar dates (sprint and goal dates): YYYY-MM-DD. */
export const CalendarDateSchema = z.iso.date();

/** Hex colour in the form #RRGGBB (spec Part 2). */
export const HexColorSchema = z.string().regex(/^#[0-9A-Fa-f]{6}$/, 'hex colour #RRGGBB');

/** Inputs accept any ISO 8601 date-time with an offset, or a bare date. */
export const DateInputSchema = z.union([z.iso.datetime({ offset: true }), z.iso.date()]);

/** `{id, name}`: how a member is referenced inside other records. */
export const MemberRefSchema = z.strictObject({ id: IdSchema, name: z.string() });
export type MemberRef = z.infer<typeof MemberRefSchema>;

/** Formats a Date as the spec's task date-time form. */
export function toUtcDateTime(date: Date): string {
  return date.toISOString();
}
