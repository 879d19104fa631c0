/** Tasks (spec Part 4, "Tasks"). */

import { z } from 'zod';
import type {
  CreateTaskBody,
  ListProjectTasksQuery,
  ListTasksQuery,
  UpdateTaskBody,
} from '../../contract/index.ts';
import { IdSchema } from '../../contract/index.ts';
import { NotFoundError } from '../errors.ts';
import { type CallOptions, paginate } from '../paginate.ts';
import { LOOKUP_CLOCK_MARGIN_MS } from '../retry.ts';
import { type TaskRecord, taskRecordSchema } from '../schemas/records.ts';
import { childListMethod, listMethod, pageOf, type ResourceContext, recordOf } from './support.ts';

/** A change this client made to a task (views of the tasks keep themselves current with it). */
export type TaskChangeEvent = { kind: 'upsert'; task: TaskRecord } | { kind: 'delete'; taskId: number };

/** Pages of one project's tasks read to find a task's project, at most. */
const LOCATE_PAGES_PER_PROJECT = 20;
const ProjectIdSchema = z.looseObject({ id: IdSchema });

export function createTasksResource(ctx: ResourceContext) {
  const listeners = new Set<(change: TaskChangeEvent) => void>();
  const emit = (change: TaskChangeEvent) => {
    for (const listener of listeners) listener(change);
  };
  const upserted = (task: TaskRecord) => {
    emit({ kind: 'upsert', task });
    return task;
  };
  const listByProject = (projectId: number, query: ListProjectTasksQuery, options?: CallOptions) =>
    ctx
      .call({
        endpoint: 'tasks.listByProject',
        params: { id: projectId },
        query,
        read: pageOf(taskRecordSchema({ projectId })),
        options,
      })
      .then((page) => ctx.tasks.remember(page));

  /**
   * The task a lost attempt made: same project and title (and creator, when one was named),
   * created since the first attempt. The spec has no idempotency key, so this is how a retried
   * create avoids making a second task.
   */
  const findCreated = async (body: CreateTaskBody, since: number, signal?: AbortSignal) => {
    const title = body.title.trim();
    let found: TaskRecord | undefined;
    const query = { q: title, per_page: 100 };
    const list = (q: ListProjectTasksQuery, o?: CallOptions) => listByProject(body.project_id, q, o);
    for await (const task of paginate(list, query, { signal })) {
      const made = Date.parse(task.created_at);
      if (task.title !== title || made < since - LOOKUP_CLOCK_MARGIN_MS) continue;
      // A service that does not show the creator cannot rule a task out by it.
      if (body.creator_id !== undefined && task.creator && task.creator.id !== body.creator_id) continue;
      if (!found || made > Date.parse(found.created_at)) found = task;
    }
    return found;
  };

  /**
   * The project of a task whose record does not say and that this client has not seen listed:
   * found by reading the projects' task lists (each list read remembers every task in it, so this
   * happens once per connection at most for most tasks). Bounded: a few pages per project.
   */
  const locate = async (task: TaskRecord, options?: CallOptions): Promise<TaskRecord> => {
    if (task.project_id !== null) return task;
    const projects = paginate(
      (q: { per_page: number }, o?: CallOptions) =>
        ctx.call({
          endpoint: 'projects.list',
          query: q,
          read: pageOf(ProjectIdSchema),
          options: { ...options, ...o },
        }),
      { per_page: 100 },
      { signal: options?.signal, maxPages: 20 },
    );
    for await (const project of projects) {
      const tasks = paginate(
        (q: ListProjectTasksQuery, o?: CallOptions) => listByProject(project.id, q, { ...options, ...o }),
        { per_page: 100 },
        { signal: options?.signal, maxPages: LOCATE_PAGES_PER_PROJECT },
      );
      for await (const t of tasks) if (t.id === task.id) return { ...task, project_id: project.id };
    }
    return task;
  };

  return {
    list: listMethod((query: ListTasksQuery, options?: CallOptions) =>
      ctx
        .call({
          endpoint: 'tasks.list',
          query,
          read: pageOf(taskRecordSchema({ projectId: Number(query.project_id) || undefined })),
          options,
        })
        .then((page) => ctx.tasks.remember(page)),
    ),

    listByProject: childListMethod(listByProject),

    /**
     * Creates a task. Retried after a timeout, a 5xx or a reset only once a look for the task
     * (see `findCreated`) has come back empty; never posted twice for one call.
     */
    create: (body: CreateTaskBody, options?: CallOptions) =>
      ctx
        .call({
          endpoint: 'tasks.create',
          body,
          read: recordOf(taskRecordSchema({ projectId: body.project_id })),
          options,
          lookup: (since) => findCreated(body, since, options?.signal),
        })
        .then((task) => ctx.tasks.rememberOne(task))
        .then(upserted),

    // One async body rather than a chain of thens: the common answer names its project, and then
    // costs no further promise turns.
    get: async (id: number, options?: CallOptions) => {
      try {
        const task = await ctx.call({
          endpoint: 'tasks.get',
          params: { id },
          read: recordOf(taskRecordSchema({ projectId: ctx.tasks.projectOf(id) })),
          options,
        });
        return ctx.tasks.rememberOne(task.project_id === null ? await locate(task, options) : task);
      } catch (error) {
        // Gone on the service: views of the tasks drop it too.
        if (error instanceof NotFoundError) emit({ kind: 'delete', taskId: id });
        throw error;
      }
    },

    update: (id: number, body: UpdateTaskBody, options?: CallOptions) =>
      ctx
        .call({
          endpoint: 'tasks.update',
          params: { id },
          body,
          read: recordOf(taskRecordSchema({ projectId: ctx.tasks.projectOf(id) })),
          options,
        })
        .then((task) => ctx.tasks.rememberOne(task))
        .then(upserted, (error: unknown) => {
          // Gone on the service (a change written without reading first finds out here): views drop it.
          if (error instanceof NotFoundError) emit({ kind: 'delete', taskId: id });
          throw error;
        }),

    /** Resolves once the task is gone. A 404 on a retry means an earlier attempt deleted it. */
    delete: (id: number, options?: CallOptions): Promise<void> =>
      ctx
        .call({
          endpoint: 'tasks.delete',
          params: { id },
          read: () => undefined,
          afterLostSuccess: () => undefined,
          options,
        })
        .then(() => emit({ kind: 'delete', taskId: id })),

    /** Calls `listener` after each create, update and delete this client makes; returns the unsubscribe. */
    onChange(listener: (change: TaskChangeEvent) => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export type TasksResource = ReturnType<typeof createTasksResource>;
