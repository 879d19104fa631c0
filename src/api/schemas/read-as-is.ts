/**
 * A schema's check that a raw record is already what the schema would make of it: every field
 * present and in the form the schema outputs. Readers of pages and records (`envelopes.ts`) then
 * take the record as it is and skip the schema's per-field work, which for a page of tasks was
 * most of the client's reading time. A check may say no whenever it is unsure; the schema reads
 * those records as before. Attached to the schema so readers need not know which schema it is.
 */
import type { z } from 'zod';

export type AsIsCheck = (raw: unknown) => boolean;

const checks = new WeakMap<z.ZodType, AsIsCheck>();

/**
 * Attaches `check` to `schema` and returns the schema. The check must answer yes only for a raw
 * value that the schema's parse would return deep-equal, for values as `JSON.parse` makes them
 * (plain objects and arrays), and the value must be one nobody else holds (a fresh parse): it is
 * handed on without a copy.
 */
export function readAsIsWhen<S extends z.ZodType>(schema: S, check: AsIsCheck): S {
  checks.set(schema, check);
  return schema;
}

/** The check attached to `schema`, if any. */
export function asIsCheckOf(schema: z.ZodType): AsIsCheck | undefined {
  return checks.get(schema);
}
