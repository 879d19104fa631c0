/**
 * What team buttons and menus carry back: a kind letter and the record's ids, `s:12:3`, checked
 * on the way in, so a forged or outdated value reads as "nothing" rather than acting on a wrong id.
 */

/** Which record a value names, and how many ids follow its letter. */
const REF_KINDS = {
  /** sprint id, project id */
  sprint: { tag: 's', ids: 2 },
  /** project id */
  project: { tag: 'p', ids: 1 },
  /** goal id */
  goal: { tag: 'g', ids: 1 },
  /** automation id, project id, wanted state (1 on, 0 off), list scope (project id, 0 for all) */
  automation: { tag: 'a', ids: 4 },
  /** mind map id */
  mindMap: { tag: 'm', ids: 1 },
} as const;
type RefKind = keyof typeof REF_KINDS;

const NUMBER = /^(0|[1-9]\d{0,15})$/;

export function encodeRef(kind: RefKind, ids: readonly number[]): string {
  return [REF_KINDS[kind].tag, ...ids.map((id) => String(Math.trunc(id)))].join(':');
}

/** The ids of a value of `kind` (non-negative safe integers), or null when it is not one. */
export function decodeRef(kind: RefKind, value: string | undefined | null): number[] | null {
  if (typeof value !== 'string' || value.length > 100) return null;
  const [tag, ...parts] = value.split(':');
  const spec = REF_KINDS[kind];
  if (tag !== spec.tag || parts.length !== spec.ids) return null;
  const ids: number[] = [];
  for (const part of parts) {
    if (!NUMBER.test(part)) return null;
    const id = Number(part);
    if (!Number.isSafeInteger(id)) return null;
    ids.push(id);
  }
  // The first id is always a record's own: never 0.
  return ids[0] === 0 ? null : ids;
}

/** An overflow option on a project row: `edit:p:3`, `archive:p:3`. */
type ProjectMenuChoice = 'edit' | 'archive';

export function encodeProjectMenu(choice: ProjectMenuChoice, projectId: number): string {
  return `${choice}:${encodeRef('project', [projectId])}`;
}

export function decodeProjectMenu(value: string | undefined | null): {
  choice: ProjectMenuChoice;
  projectId: number;
} | null {
  if (typeof value !== 'string') return null;
  const cut = value.indexOf(':');
  const choice = value.slice(0, cut);
  if (cut <= 0 || (choice !== 'edit' && choice !== 'archive')) return null;
  const ids = decodeRef('project', value.slice(cut + 1));
  return ids ? { choice, projectId: ids[0]! } : null;
}
