/**
 * Display names of records whose fields the spec does not show (spec Part 2, "Other resources").
 * Only `id` is promised; a name is looked for under the names services commonly use, and a record
 * with none is named by its kind and id, so nothing in the app shows an empty label.
 */

type Raw = Record<string, unknown>;

export const isRecord = (v: unknown): v is Raw => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Where services put a record's display name, most specific first. */
export const NAME_FIELDS = [
  'name',
  'title',
  'topic',
  'display_name',
  'displayName',
  'full_name',
  'fullName',
  'label',
  'username',
  'email',
] as const;

/** The first non-empty string among the usual name fields (a nested `{name}` object counts too). */
export function displayNameOf(raw: Raw, fields: readonly string[] = NAME_FIELDS): string | undefined {
  for (const field of fields) {
    const value = raw[field];
    if (typeof value === 'string' && value.trim() !== '') return value;
  }
  return undefined;
}

/** `Project 12`, for a record that carries no name at all. */
export function fallbackName(kind: string, raw: Raw): string {
  return typeof raw.id === 'number' || typeof raw.id === 'string' ? `${kind} ${raw.id}` : kind;
}
