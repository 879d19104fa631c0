/** Projects and their workflow statuses (spec Part 4, "Projects", plus the statuses extra). */
import type { CreateProjectBody, ListProjectsQuery, UpdateProjectBody } from '../../contract/index.ts';
import { CACHE_TTL_MS } from '../cache.ts';
import { withFallback } from '../capabilities.ts';
import { NotFoundError } from '../errors.ts';
import { type CallOptions, paginate } from '../paginate.ts';
import { LOOKUP_CLOCK_MARGIN_MS } from '../retry.ts';
import { type ProjectRecord, ProjectRecordSchema, ProjectStatusRecordSchema } from '../schemas/records.ts';
import { orderStatuses, type ProjectStatuses, statusesSeenOnTasks } from './project-statuses.ts';
import { listMethod, pageOf, queryKey, type ResourceContext, recordOf } from './support.ts';

/** Gathers an iterator's records (`Array.fromAsync` is newer than the ES2024 lib the project targets). */
async function collect<T>(records: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const record of records) out.push(record);
  return out;
}

/** Every cached project read carries this tag; any project write drops them all. */
const PROJECTS = 'projects';

export function createProjectsResource(ctx: ResourceContext) {
  const listUncached = (query: ListProjectsQuery, options?: CallOptions) =>
    ctx.call({ endpoint: 'projects.list', query, read: pageOf(ProjectRecordSchema), options });

  const update = async (id: number, body: UpdateProjectBody, options?: CallOptions) => {
    const project = await ctx.call({
      endpoint: 'projects.update',
      params: { id },
      body,
      read: recordOf(ProjectRecordSchema),
      options,
    });
    await ctx.invalidate([PROJECTS]);
    return project;
  };

  /** After a 404 from the statuses extra: is it the route that is missing, or the project? */
  const projectExists = async (id: number, options?: CallOptions) => {
    try {
      await ctx.call({ endpoint: 'projects.get', params: { id }, read: () => undefined, options });
      return true;
    } catch (error) {
      if (error instanceof NotFoundError) return false;
      throw error;
    }
  };

  return {
    /** Cached (`CACHE_TTL_MS.projects`); `fresh` reads past the cache. */
    list: listMethod((query: ListProjectsQuery, options?: CallOptions) =>
      ctx.cached(
        `projects.list:${queryKey(query)}`,
        CACHE_TTL_MS.projects,
        [PROJECTS],
        () => listUncached(query, options),
        options,
      ),
    ),

    /**
     * Creates a project. After an ambiguous failure it looks for a project of the same name in the
     * workspace created since the first attempt, and answers that rather than creating a second.
     */
    create: async (body: CreateProjectBody, options?: CallOptions) => {
      const project = await ctx.call({
        endpoint: 'projects.create',
        body,
        read: recordOf(ProjectRecordSchema),
        options,
        lookup: async (since) => {
          let found: ProjectRecord | undefined;
          const query = { workspace_id: body.workspace_id, q: body.name.trim(), per_page: 100 };
          for await (const p of paginate(listUncached, query, { signal: options?.signal })) {
            // Without a creation time a project of the same name cannot be told apart from an
            // older one: it is not taken for the lost attempt's, and the create is not sent again
            // either (it could make a second): the first failure stands, saying it may have landed.
            if (p.created_at === null) {
              if (p.name === body.name.trim())
                throw new Error('a project of that name shows no creation time');
              continue;
            }
            const made = Date.parse(p.created_at);
            if (p.name === body.name.trim() && made >= since - LOOKUP_CLOCK_MARGIN_MS) {
              if (!found?.created_at || made > Date.parse(found.created_at)) found = p;
            }
          }
          return found;
        },
      });
      await ctx.invalidate([PROJECTS]);
      return project;
    },

    /** Cached (`CACHE_TTL_MS.projects`). */
    get: (id: number, options?: CallOptions) =>
      ctx.cached(`projects.get:${id}`, CACHE_TTL_MS.projects, [PROJECTS], () =>
        ctx.call({ endpoint: 'projects.get', params: { id }, read: recordOf(ProjectRecordSchema), options }),
      ),

    update,

    /** Archives the project (`PUT` with `status: archived`; archiving twice is harmless). */
    archive: (id: number, options?: CallOptions) => update(id, { status: 'archived' }, options),

    /**
     * The project's workflow statuses, in order, each saying whether it means done. Cached
     * (`CACHE_TTL_MS.statuses`). The statuses endpoint is our sandbox's extra: where the service lacks it (404/405),
     * the statuses are those seen on the project's tasks (`source: 'tasks'`: one with no task yet
     * is missing), done decided by name (`done-status.ts`).
     */
    statuses: (id: number, options?: CallOptions): Promise<ProjectStatuses> =>
      ctx.cached(`projects.statuses:${id}`, CACHE_TTL_MS.statuses, [PROJECTS], () =>
        withFallback(
          ctx.capabilities,
          'projects.statuses',
          async () =>
            orderStatuses(
              await collect(
                paginate(
                  (query: { page?: number }, o?: CallOptions) =>
                    ctx.call({
                      endpoint: 'projects.statuses',
                      params: { id },
                      query,
                      read: pageOf(ProjectStatusRecordSchema),
                      options: { ...options, ...o },
                    }),
                  {},
                  { signal: options?.signal },
                ),
              ),
              'service',
              ctx.doneChoice,
            ),
          () => statusesSeenOnTasks(ctx, id, options),
          () => projectExists(id, options),
        ),
      ),
  };
}

export type ProjectsResource = ReturnType<typeof createProjectsResource>;
