/**
 * Tasks, statuses and members as the service returns them, named by the scenario they stand for.
 */
import type { MemberRef, ProjectStatusDef, Task } from '../../../../src/contract/index.ts';

export const STATUSES: ProjectStatusDef[] = [
  { id: 1, name: 'To do', color: '#9CA3AF', is_done: false, position: 1 },
  { id: 2, name: 'In progress', color: '#3B82F6', is_done: false, position: 2 },
  { id: 3, name: 'Done', color: '#22C55E', is_done: true, position: 3 },
];

export const ANA: MemberRef = { id: 11, name: 'Ana Lima' };
export const BOB: MemberRef = { id: 12, name: 'Bob Stone' };

/** Ana linked her Slack account; Bob did not. */
export const LINKS: ReadonlyMap<number, string> = new Map([[ANA.id, 'U0ANA']]);

export function task(overrides: Partial<Task> = {}): Task {
  return {
    id: 42,
    title: 'Fix login bug',
    status: { id: 2, name: 'In progress', color: '#3B82F6' },
    assignees: [ANA, BOB],
    due_date: '2026-11-21T04:59:59.999Z',
    priority: 'high',
    created_at: '2026-11-01T09:00:00.000Z',
    project_id: 7,
    sprint_id: null,
    description: null,
    creator: ANA,
    updated_at: '2026-11-19T10:00:00.000Z',
    ...overrides,
  };
}

/** `count` members with long names, the first `linked` of them linked to Slack. */
export function manyMembers(count: number, linked = 0): { members: MemberRef[]; links: Map<number, string> } {
  const members = Array.from({ length: count }, (_, i) => ({
    id: 1000 + i,
    name: `Member ${i} ${'x'.repeat(90)}`,
  }));
  const links = new Map(members.slice(0, linked).map((m, i) => [m.id, `U${String(i).padStart(8, '0')}`]));
  return { members, links };
}

/** Tasks with ids from 1, due over the days after `start` (some before it), for big lists. */
export function manyTasks(count: number, start: Date, overrides: Partial<Task> = {}): Task[] {
  return Array.from({ length: count }, (_, i) =>
    task({
      id: i + 1,
      title: `Task ${i + 1} ${'t'.repeat(i % 7 === 0 ? 2900 : 20)}`,
      due_date: i % 5 === 4 ? null : new Date(start.getTime() + (i - 10) * 6 * 3_600_000).toISOString(),
      updated_at: '2026-11-19T10:00:00.000Z',
      ...overrides,
    }),
  );
}
