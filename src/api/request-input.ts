/**
 * What a call sends, checked against the contract before anything goes out: the path with its ids
 * filled in, the body and the query. Bad input becomes a ValidationError naming each field, and
 * costs no request from the budget.
 */
import type { z } from 'zod';
import { type EndpointDef, type EndpointName, endpoint } from '../contract/index.ts';
import { describeIssues } from './envelopes.ts';
import { type ErrorContext, ValidationError } from './errors.ts';

interface Route {
  def: EndpointDef;
  /** The path with its `{id}`/`{uid}` filled in; throws a ValidationError for a bad value. */
  fill(params: Readonly<Record<string, number>> | undefined, context: () => ErrorContext): string;
}

const routes = new Map<EndpointName, Route>();

/** An endpoint with its path template split once, not on every call. */
export function route(name: EndpointName): Route {
  let found = routes.get(name);
  if (found) return found;
  const def = endpoint(name);
  const pieces = def.path.split(/\{(\w+)\}/); // literal, name, literal, name, …, literal
  found = {
    def,
    fill(params, context) {
      let out = pieces[0]!;
      for (let i = 1; i < pieces.length; i += 2) {
        const name = pieces[i]!;
        const value = params?.[name];
        if (!Number.isSafeInteger(value) || (value as number) < 1) {
          throw new ValidationError({
            ...context(),
            fields: { [name]: [`must be a positive integer, got ${String(value)}`] },
          });
        }
        out += String(value) + pieces[i + 1]!;
      }
      return out;
    },
  };
  routes.set(name, found);
  return found;
}

/**
 * Inputs of plain values already found valid, per schema: lists ask the same few queries again and
 * again, and a schema's answer for the same names, types and values cannot change.
 */
const valid = new WeakMap<z.ZodType, Set<string>>();
/** Inputs remembered per schema at most; past this the memo starts afresh. */
const VALID_MAX = 1_000;

/**
 * The input as a memo key when every value is a string, a finite number, a boolean or undefined
 * (each kept with its type, so `1` and `'1'` differ, as do an absent field and an undefined one);
 * otherwise undefined, and the input is checked every time.
 */
function plainKey(value: object): string | undefined {
  let key = '';
  for (const name of Object.keys(value)) {
    const v = (value as Record<string, unknown>)[name];
    const type = typeof v;
    if (
      type === 'number'
        ? !Number.isFinite(v)
        : type !== 'string' && type !== 'boolean' && type !== 'undefined'
    )
      return undefined;
    key += `${name}\u0000${type}\u0000${String(v)}\u0001`;
  }
  return key;
}

export function checkInput(
  schema: z.ZodType,
  value: object,
  where: 'body' | 'query',
  /** Built only when the input is refused. */
  context: () => ErrorContext,
): void {
  const key = plainKey(value);
  const known = key === undefined ? undefined : valid.get(schema);
  if (key !== undefined && known?.has(key)) return;
  const parsed = schema.safeParse(value);
  if (parsed.success) {
    if (key === undefined) return;
    if (!known) valid.set(schema, new Set([key]));
    else {
      if (known.size >= VALID_MAX) known.clear();
      known.add(key);
    }
    return;
  }
  const fields: Record<string, string[]> = {};
  const add = (field: string, message: string) => {
    fields[field] = [...(fields[field] ?? []), message];
  };
  for (const issue of parsed.error.issues) {
    const unknownKeys = issue.code === 'unrecognized_keys' ? issue.keys : [];
    for (const key of unknownKeys) add([...issue.path, key].join('.'), 'is not a known field');
    if (unknownKeys.length) continue;
    const field = issue.path.length ? issue.path.map(String).join('.') : where;
    add(field, issue.message);
  }
  throw new ValidationError({
    ...context(),
    detail: `invalid ${where}: ${describeIssues(parsed.error)}`,
    fields,
  });
}

export function queryString(query: object | undefined): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    params.append(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}
