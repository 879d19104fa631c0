/**
 * The task view's tasks by id, indexed by assignee and by project, so a person's list (`/task
 * mine`, Home, reminders) looks at that person's tasks rather than the whole view: with 3,000 tasks
 * in view, filtering all of them cost 0.6 ms of CPU per `/task mine`.
 */
import type { TaskRecord } from './schemas/records.ts';

export class TaskIndex {
  readonly #byId = new Map<number, TaskRecord>();
  readonly #byAssignee = new Map<number, Set<number>>();
  readonly #byProject = new Map<number | null, Set<number>>();

  get size(): number {
    return this.#byId.size;
  }

  get(id: number): TaskRecord | undefined {
    return this.#byId.get(id);
  }

  values(): IterableIterator<TaskRecord> {
    return this.#byId.values();
  }

  set(task: TaskRecord): void {
    this.delete(task.id);
    this.#byId.set(task.id, task);
    for (const a of task.assignees) add(this.#byAssignee, a.id, task.id);
    add(this.#byProject, task.project_id, task.id);
  }

  delete(id: number): void {
    const old = this.#byId.get(id);
    if (!old) return;
    this.#byId.delete(id);
    for (const a of old.assignees) remove(this.#byAssignee, a.id, id);
    remove(this.#byProject, old.project_id, id);
  }

  /** The tasks assigned to a member. */
  ofAssignee(memberId: number): TaskRecord[] {
    return this.#pick(this.#byAssignee.get(memberId));
  }

  /** The tasks of a project. */
  ofProject(projectId: number): TaskRecord[] {
    return this.#pick(this.#byProject.get(projectId));
  }

  #pick(ids: Set<number> | undefined): TaskRecord[] {
    if (!ids) return [];
    const out: TaskRecord[] = [];
    for (const id of ids) out.push(this.#byId.get(id)!);
    return out;
  }
}

function add<K>(index: Map<K, Set<number>>, key: K, id: number): void {
  let ids = index.get(key);
  if (!ids) {
    ids = new Set();
    index.set(key, ids);
  }
  ids.add(id);
}

function remove<K>(index: Map<K, Set<number>>, key: K, id: number): void {
  const ids = index.get(key);
  if (!ids) return;
  ids.delete(id);
  if (ids.size === 0) index.delete(key);
}
