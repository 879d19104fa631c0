/**
 * Sprints as the Slack side needs them: finding one by id or name, what starting it would take
 * in, how far along each is, and an active sprint's report.
 */

import { statusIsDone } from '../../../api/done-status.ts';
import type { SprintRecord, TaskRecord, WorkApiClient } from '../../../api/index.ts';
import { collectTasks } from '../../../api/task-lists.ts';
import type { SprintRef } from '../../commands/intents.ts';
import { didYouMean, namesThatExist } from '../../ui/messages/names-that-exist.ts';
import type { AtRiskTask, SprintReportModel } from './sprint-card.ts';
import type { SprintScope } from './sprint-start.ts';
import { riskReasons } from './team-sprint-risk.ts';

/** Every sprint of a project, all pages. */
export async function projectSprints(api: WorkApiClient, projectId: number): Promise<SprintRecord[]> {
  const sprints: SprintRecord[] = [];
  for await (const s of api.sprints.listByProject.all(projectId, { per_page: 100 })) sprints.push(s);
  return sprints;
}

type SprintLookup =
  | { kind: 'found'; sprint: SprintRecord }
  | { kind: 'none'; why: string }
  | { kind: 'ambiguous'; candidates: SprintRecord[] };

const normalise = (name: string) => name.trim().toLowerCase().replace(/\s+/g, ' ');

/**
 * The sprint a command means, among `sprints`: by id; by name (exact, then a unique prefix); or,
 * with nothing named, the one `fallback` picks (the only planned one, the active one).
 */
export function pickSprint(
  sprints: readonly SprintRecord[],
  ref: SprintRef | null,
  fallback: 'planned' | 'active',
): SprintLookup {
  if (ref?.kind === 'id') {
    const found = sprints.find((s) => s.id === ref.id);
    return found
      ? { kind: 'found', sprint: found }
      : { kind: 'none', why: `No sprint ${ref.id} there. ${sprintNames(sprints, String(ref.id))}` };
  }
  if (ref?.kind === 'name') {
    const wanted = normalise(ref.name);
    const exact = sprints.filter((s) => normalise(s.name) === wanted);
    const matches = exact.length > 0 ? exact : sprints.filter((s) => normalise(s.name).startsWith(wanted));
    if (matches.length === 1) return { kind: 'found', sprint: matches[0]! };
    if (matches.length > 1) return { kind: 'ambiguous', candidates: matches };
    const near = didYouMean(
      sprints.map((s) => s.name),
      ref.name,
    );
    const guess = near ? ` Did you mean “${near}”?` : '';
    return { kind: 'none', why: `No sprint “${ref.name}” there.${guess} ${sprintNames(sprints, ref.name)}` };
  }
  const candidates = sprints.filter((s) => s.status === fallback);
  if (candidates.length === 1) return { kind: 'found', sprint: candidates[0]! };
  if (candidates.length > 1) return { kind: 'ambiguous', candidates };
  return {
    kind: 'none',
    why: `${fallback === 'active' ? 'No sprint is active there.' : 'No sprint is planned there.'} ${sprintNames(sprints, '')}`,
  };
}

/** "Sprints: Sprint 1 (1, active), Sprint 2 (2, planned)." closest to what was typed first. */
function sprintNames(sprints: readonly SprintRecord[], typed: string): string {
  const label = (s: SprintRecord) => `${s.name} (${s.id}${s.status ? `, ${s.status}` : ''})`;
  return namesThatExist('Sprints', sprints.map(label), typed, 'It has no sprints yet.');
}

/** The open and done tasks of a sprint: open ones in full, done ones counted. */
async function sprintTasks(
  api: WorkApiClient,
  sprintId: number,
): Promise<{ open: TaskRecord[]; done: number }> {
  // Filters are hints (src/api/task-lists.ts): a service that ignores them is filtered here.
  const all = await collectTasks(api, { sprintId }, { maxRequests: SPRINT_SCAN_REQUESTS });
  const open = all.tasks.filter((t) => !statusIsDone(t.status, api.doneChoice));
  return { open, done: all.tasks.length - open.length };
}

/** Requests one sprint's task list may take (a service that ignores `sprint_id` lists every task). */
const SPRINT_SCAN_REQUESTS = 20;

/** What starting takes in: every task of the sprint, and how many lack an assignee or a date. */
export async function sprintScope(api: WorkApiClient, sprintId: number): Promise<SprintScope> {
  const scope: SprintScope = { tasks: 0, unassigned: 0, undated: 0 };
  if (!(await tasksShowSprint(api).catch(() => true))) return { ...scope, shown: false };
  const { tasks } = await collectTasks(api, { sprintId }, { maxRequests: SPRINT_SCAN_REQUESTS });
  for (const t of tasks) {
    scope.tasks += 1;
    if (t.assignees.length === 0) scope.unassigned += 1;
    if (!t.due_date) scope.undated += 1;
  }
  return scope;
}

/** Whether the service shows a task's sprint at all (one task read, cached by the client). */
async function tasksShowSprint(api: WorkApiClient): Promise<boolean> {
  const page = await api.tasks.list({ per_page: 1 });
  return page.data.every((t) => t.sprint_shown !== false);
}

/**
 * Done tasks per sprint (null where the count failed: the list still shows; 'not shown' where the
 * service shows no task's sprint, so no sprint's tasks can be counted).
 */
export async function doneCounts(
  api: WorkApiClient,
  sprints: readonly SprintRecord[],
): Promise<Map<number, number | null | 'not shown'>> {
  if (sprints.some((s) => s.tasks_count !== 0) && !(await tasksShowSprint(api).catch(() => true))) {
    return new Map(sprints.map((s) => [s.id, 'not shown'] as const));
  }
  const counts = await Promise.all(
    sprints.map(async (s) => {
      if (s.tasks_count === 0) return [s.id, 0] as const;
      try {
        // One request where the service filters; else the sprint's tasks, counted here.
        if (api.capabilities.filter('sprint_id') !== 'no' && api.capabilities.filter('done') !== 'no') {
          const page = await api.tasks.list({ sprint_id: s.id, done: 'true', per_page: 1 });
          if (page.data.every((t) => t.sprint_id === s.id && statusIsDone(t.status, api.doneChoice))) {
            return [s.id, page.meta.total ?? page.data.length] as const;
          }
        }
        const { done } = await sprintTasks(api, s.id);
        return [s.id, done] as const;
      } catch {
        return [s.id, null] as const;
      }
    }),
  );
  return new Map(counts);
}

/** An active sprint's report: done versus all, and the open tasks at risk of missing it. */
export async function sprintReport(
  api: WorkApiClient,
  sprint: SprintRecord,
  q: { timeZone: string; now: Date; taskUrl: (task: TaskRecord) => string | undefined },
): Promise<SprintReportModel> {
  if (!(await tasksShowSprint(api).catch(() => true)))
    return { done: 0, total: 0, atRisk: [], tasksShown: false };
  const { open, done } = await sprintTasks(api, sprint.id);
  const atRisk: AtRiskTask[] = [];
  for (const task of open) {
    const reasons = riskReasons(task, sprint.end_date, q.timeZone, q.now);
    if (reasons.length > 0) atRisk.push({ id: task.id, title: task.title, reasons, url: q.taskUrl(task) });
  }
  return { done, total: open.length + done, atRisk };
}

/** The project's active sprint other than `except`, if any. */
export function activeSprint(sprints: readonly SprintRecord[], except?: number): SprintRecord | undefined {
  return sprints.find((s) => s.status === 'active' && s.id !== except);
}
