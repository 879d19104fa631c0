/**
 * Options for external selects (answered from the options request) and for static member lists:
 * filtered by what was typed, at most 100, values short enough for Slack.
 */
import { normaliseName } from '../../lib/names.ts';
import type { PlainTextOption } from './block-types.ts';
import { LIMITS, option } from './limits.ts';

function matches(query: string, ...texts: string[]): boolean {
  const q = query.trim().toLowerCase();
  if (q === '') return true;
  const plain = normaliseName(q);
  return texts.some((t) => t.toLowerCase().includes(q) || (plain !== '' && normaliseName(t).includes(plain)));
}

/** "Name (email)" options for members; `first` (a suggestion) leads, the rest keep their order. */
/** A member as a menu shows them: name and email, or the name alone where the service shows no email. */
export function memberLabel(m: { name: string; email?: string | null | undefined }): string {
  return m.email ? `${m.name} (${m.email})` : m.name;
}

export function memberOptions(
  members: ReadonlyArray<{ id: number; name: string; email: string }>,
  query = '',
  first?: { id: number } | null,
): PlainTextOption[] {
  const found = members.filter((m) => matches(query, m.name, m.email));
  const ordered = first
    ? [...found.filter((m) => m.id === first.id), ...found.filter((m) => m.id !== first.id)]
    : found;
  return ordered.slice(0, LIMITS.staticSelectOptions).map((m) => option(memberLabel(m), String(m.id)));
}

/** Project options, active projects only when `archived_at` is given. */
export function projectOptions(
  projects: ReadonlyArray<{ id: number; name: string; archived_at?: string | null }>,
  query = '',
): PlainTextOption[] {
  return projects
    .filter((p) => !p.archived_at && matches(query, p.name))
    .slice(0, LIMITS.staticSelectOptions)
    .map((p) => option(p.name, String(p.id)));
}
