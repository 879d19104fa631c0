/**
 * How a digest's tasks are arranged before they become blocks: rows grouped by assignee inside
 * each section, counts per person, and how many rows of each section fit in Slack's block budget.
 */
import type { DigestSelection, DigestTask } from '../../../digest/select.ts';

const SECTION_KEYS = ['overdue', 'dueToday', 'upcoming'] as const;
export type SectionKey = (typeof SECTION_KEYS)[number];

/** Member id of the group a row is listed under; 0 stands for unassigned. */
export const UNASSIGNED = 0;

export interface LayoutRow<T extends DigestTask> {
  task: T;
  /** The member the row is grouped under (UNASSIGNED for none). */
  groupId: number;
  groupName: string;
  /** The first row of its group: a group heading goes above it. */
  startsGroup: boolean;
}

export interface LayoutSection<T extends DigestTask> {
  key: SectionKey;
  rows: LayoutRow<T>[];
}

interface PersonCount {
  memberId: number;
  name: string;
  /** Due today or in the upcoming window. */
  due: number;
  overdue: number;
}

/**
 * The assignee a task is listed under: the first one the digest filters on, else the first
 * listed, so a personal digest groups under its owner even on shared tasks.
 */
function primaryAssignee(task: DigestTask, preferred: ReadonlySet<number>): { id: number; name: string } {
  return (
    task.assignees.find((a) => preferred.has(a.id)) ??
    task.assignees[0] ?? { id: UNASSIGNED, name: 'Unassigned' }
  );
}

/** Natural order, so "Person 2" comes before "Person 10". */
const names = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

function compareGroups(a: { id: number; name: string }, b: { id: number; name: string }): number {
  if (a.id === UNASSIGNED || b.id === UNASSIGNED) {
    return (a.id === UNASSIGNED ? 1 : 0) - (b.id === UNASSIGNED ? 1 : 0);
  }
  return names.compare(a.name, b.name) || a.id - b.id;
}

/** Non-empty sections in display order, each with its rows grouped by assignee (due order kept within a group). */
export function layoutSections<T extends DigestTask>(
  selection: DigestSelection<T>,
  preferredAssignees: ReadonlySet<number>,
): LayoutSection<T>[] {
  const sections: LayoutSection<T>[] = [];
  for (const key of SECTION_KEYS) {
    const groups = new Map<number, { id: number; name: string; tasks: T[] }>();
    for (const task of selection[key]) {
      const who = primaryAssignee(task, preferredAssignees);
      const group = groups.get(who.id) ?? { id: who.id, name: who.name, tasks: [] };
      group.tasks.push(task);
      groups.set(who.id, group);
    }
    if (groups.size === 0) continue;
    const rows = [...groups.values()].sort(compareGroups).flatMap((group) =>
      group.tasks.map((task, i) => ({
        task,
        groupId: group.id,
        groupName: group.name,
        startsGroup: i === 0,
      })),
    );
    sections.push({ key, rows });
  }
  return sections;
}

/** Per person (every assignee of every task counts), by name, with unassigned work last. */
export function countPerPerson(selection: DigestSelection): PersonCount[] {
  const people = new Map<number, PersonCount>();
  const add = (task: DigestTask, field: 'due' | 'overdue') => {
    const who = task.assignees.length > 0 ? task.assignees : [{ id: UNASSIGNED, name: 'Unassigned' }];
    for (const { id, name } of who) {
      const person = people.get(id) ?? { memberId: id, name, due: 0, overdue: 0 };
      person[field] += 1;
      people.set(id, person);
    }
  };
  for (const task of selection.overdue) add(task, 'overdue');
  for (const task of [...selection.dueToday, ...selection.upcoming]) add(task, 'due');
  return [...people.values()].sort((a, b) =>
    compareGroups({ id: a.memberId, name: a.name }, { id: b.memberId, name: b.name }),
  );
}

/**
 * How many rows of each section fit in `budget` blocks, where a section costs a title block, each
 * row a block and each group heading a block. Rows are handed out in turns, one per section per
 * turn, so a long overdue list cannot crowd today's tasks out of the message.
 */
export function fitRows(sections: readonly LayoutSection<DigestTask>[], budget: number): number[] {
  const shown = sections.map(() => 0);
  let remaining = budget;
  let progress = true;
  while (progress) {
    progress = false;
    sections.forEach((section, s) => {
      const next = section.rows[shown[s] ?? 0];
      if (!next) return;
      const cost = 1 + (next.startsGroup ? 1 : 0) + (shown[s] === 0 ? 1 : 0);
      if (cost > remaining) return;
      remaining -= cost;
      shown[s] = (shown[s] ?? 0) + 1;
      progress = true;
    });
  }
  return shown;
}

/** Blocks needed to show every row of every section. */
export function fullCost(sections: readonly LayoutSection<DigestTask>[]): number {
  return sections.reduce((sum, s) => sum + 1 + s.rows.length + s.rows.filter((r) => r.startsGroup).length, 0);
}
