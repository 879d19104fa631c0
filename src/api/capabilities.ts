/**
 * What this connection's service supports beyond the spec, learnt from its answers and kept for
 * the client's life (one client per service token, so per connection). Two kinds:
 * - optional endpoints (our sandbox's extras: project statuses, sprint report, one mind map by id):
 *   a 404 or 405 from one means "not here", and the client falls back from then on without asking;
 * - list filters the spec does not show (assignee, done, due dates, sprint, free text, page): a
 *   server may ignore them silently. `task-lists.ts` checks the answers and records here whether
 *   each filter was honoured, so the cheap server-side path is used only where it works.
 */
import { NotFoundError, WorkApiError } from './errors.ts';

type OptionalEndpoint = 'projects.statuses' | 'sprints.report' | 'mindMaps.get';

/** Filters of a task list the spec does not show, and `page` (how a page is selected is not shown either). */
export type TaskFilter =
  | 'assignee_id'
  | 'done'
  | 'due_before'
  | 'due_after'
  | 'sprint_id'
  | 'q'
  | 'status'
  | 'page';

type Support = 'yes' | 'no' | 'unknown';

export interface Capabilities {
  endpoint(name: OptionalEndpoint): Support;
  filter(name: TaskFilter): Support;
  setEndpoint(name: OptionalEndpoint, support: 'yes' | 'no'): void;
  /** A filter seen ignored stays "no"; one seen honoured is "yes" until seen ignored. */
  setFilter(name: TaskFilter, support: 'yes' | 'no'): void;
  /** Everything learnt, for logs and the connection's status. */
  snapshot(): { endpoints: Record<string, Support>; filters: Record<string, Support> };
}

export function createCapabilities(): Capabilities {
  const endpoints = new Map<OptionalEndpoint, 'yes' | 'no'>();
  const filters = new Map<TaskFilter, 'yes' | 'no'>();
  return {
    endpoint: (name) => endpoints.get(name) ?? 'unknown',
    filter: (name) => filters.get(name) ?? 'unknown',
    setEndpoint: (name, support) => {
      endpoints.set(name, support);
    },
    setFilter: (name, support) => {
      if (filters.get(name) === 'no') return;
      filters.set(name, support);
    },
    snapshot: () => ({
      endpoints: Object.fromEntries(endpoints),
      filters: Object.fromEntries(filters),
    }),
  };
}

/** Whether an error says the endpoint does not exist on this service (404 for the route, or 405). */
function isMissingEndpoint(error: unknown): boolean {
  return error instanceof NotFoundError || (error instanceof WorkApiError && error.status === 405);
}

/**
 * Calls an optional endpoint, or the fallback once the service has shown it lacks it. `exists`
 * tells a 404 for a missing route from a 404 for a missing record (e.g. the project itself is
 * gone): it is asked only after a 404, and answers whether the record is there.
 */
export async function withFallback<T>(
  caps: Capabilities,
  name: OptionalEndpoint,
  call: () => Promise<T>,
  fallback: () => Promise<T>,
  exists?: () => Promise<boolean>,
): Promise<T> {
  if (caps.endpoint(name) === 'no') return fallback();
  try {
    const answer = await call();
    caps.setEndpoint(name, 'yes');
    return answer;
  } catch (error) {
    if (!isMissingEndpoint(error)) throw error;
    if (exists && !(await exists())) throw error;
    caps.setEndpoint(name, 'no');
    return fallback();
  }
}
