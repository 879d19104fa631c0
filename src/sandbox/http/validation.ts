import type { z } from 'zod';
import { type FieldErrors, validationFailed } from './api-error.ts';

type Issue = z.core.$ZodIssue;

const REQUIRED = 'This field is required.';

/**
 * Validates `input` against a contract schema; a failure is a 422 whose `errors` are keyed by the
 * zod issue path (`assignee_ids.0`, `root.children.2.text`), so every message names its field.
 * `where` names problems with the whole input ("body" or "query").
 */
export function parseInput<S extends z.ZodType>(
  schema: S,
  input: unknown,
  where: 'body' | 'query',
): z.output<S> {
  const result = schema.safeParse(input, { error: friendlyMessage });
  if (result.success) return result.data;
  throw validationFailed(issuesToFieldErrors(result.error.issues, where));
}

export function issuesToFieldErrors(issues: readonly Issue[], where: string): FieldErrors {
  const errors: FieldErrors = {};
  const add = (field: string, message: string) => {
    const list = errors[field] ?? [];
    errors[field] = list;
    if (!list.includes(message)) list.push(message);
  };
  for (const issue of issues) {
    const base = issue.path.map(String).join('.');
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) add(base ? `${base}.${key}` : key, 'Unknown field.');
    } else if (issue.code === 'invalid_union' && issue.message !== REQUIRED) {
      add(base || where, unionMessage(issue));
    } else {
      add(base || where, issue.message);
    }
  }
  return errors;
}

/** Zod's default texts, reworded where they would not tell a client what to send. */
function friendlyMessage(issue: z.core.$ZodRawIssue): string | undefined {
  // Whatever the expected type or values, a missing field is best told as missing.
  if (issue.input === undefined && issue.code !== 'custom') return REQUIRED;
  if (issue.code === 'invalid_format') {
    if (issue.format === 'datetime') return 'Must be an ISO 8601 date-time with a time-zone offset.';
    if (issue.format === 'date') return 'Must be a valid date in the form YYYY-MM-DD.';
    if (issue.format === 'email') return 'Must be a valid email address.';
  }
  return undefined;
}

function unionMessage(issue: Extract<Issue, { code: 'invalid_union' }>): string {
  const formats = new Set(
    issue.errors.flat().flatMap((sub) => (sub.code === 'invalid_format' ? [sub.format] : [])),
  );
  if (formats.has('datetime') && formats.has('date')) {
    return 'Must be an ISO 8601 date-time with a time-zone offset, or a date YYYY-MM-DD.';
  }
  const texts = [...new Set(issue.errors.flat().map((sub) => sub.message))];
  return texts.length > 0 ? `Invalid value: ${texts.join('; or ')}` : 'Invalid value.';
}

/** JSON nesting (objects and arrays) of a parsed value, measured without recursion so no input can overflow the stack. */
export function nestingDepth(value: unknown, stopAt: number): number {
  let deepest = 0;
  const stack: Array<[unknown, number]> = [[value, 1]];
  while (stack.length > 0) {
    const [current, depth] = stack.pop()!;
    if (current === null || typeof current !== 'object') continue;
    if (depth > deepest) deepest = depth;
    if (deepest > stopAt) return deepest;
    for (const child of Object.values(current)) stack.push([child, depth + 1]);
  }
  return deepest;
}
