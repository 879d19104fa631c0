/**
 * The view's index answers as a filter over every task would, whatever the order of writes: a task
 * re-assigned, moved to another project or deleted leaves no trace in its old entries.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { TaskRecord } from '../../../src/api/schemas/records.ts';
import { TaskIndex } from '../../../src/api/task-index.ts';

function task(id: number, projectId: number | null, assignees: number[]): TaskRecord {
  return {
    id,
    project_id: projectId,
    assignees: assignees.map((a) => ({ id: a, name: `m${a}` })),
  } as unknown as TaskRecord;
}

const op = fc.oneof(
  fc.record({
    kind: fc.constant('set' as const),
    id: fc.integer({ min: 1, max: 12 }),
    project: fc.option(fc.integer({ min: 1, max: 3 }), { nil: null }),
    assignees: fc.uniqueArray(fc.integer({ min: 1, max: 4 }), { maxLength: 3 }),
  }),
  fc.record({ kind: fc.constant('delete' as const), id: fc.integer({ min: 1, max: 12 }) }),
);

const ids = (tasks: Iterable<TaskRecord>) => [...tasks].map((t) => t.id).sort((a, b) => a - b);

describe('TaskIndex', () => {
  it('finds by assignee and by project exactly what a full filter finds', () => {
    fc.assert(
      fc.property(fc.array(op, { maxLength: 60 }), (ops) => {
        const index = new TaskIndex();
        for (const o of ops) {
          if (o.kind === 'set') index.set(task(o.id, o.project, o.assignees));
          else index.delete(o.id);
        }
        const all = [...index.values()];
        expect(index.size).toBe(all.length);
        for (let member = 1; member <= 4; member++) {
          expect(ids(index.ofAssignee(member))).toEqual(
            ids(all.filter((t) => t.assignees.some((a) => a.id === member))),
          );
        }
        for (let project = 1; project <= 3; project++) {
          expect(ids(index.ofProject(project))).toEqual(ids(all.filter((t) => t.project_id === project)));
        }
      }),
    );
  });

  it('drops a task from its old assignee and project when it is written again', () => {
    const index = new TaskIndex();
    index.set(task(1, 1, [7]));
    index.set(task(1, 2, [8]));
    expect(index.ofAssignee(7)).toEqual([]);
    expect(index.ofProject(1)).toEqual([]);
    expect(ids(index.ofAssignee(8))).toEqual([1]);
    expect(ids(index.ofProject(2))).toEqual([1]);
  });
});
