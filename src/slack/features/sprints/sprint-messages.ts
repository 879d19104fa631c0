/**
 * The sprint answers that commands, buttons and forms share: which sprint is meant, what starting
 * it would take in, and its card (with the report once it is active).
 */
import type { WebClient } from '@slack/web-api';
import { ConflictError, type SprintRecord, ValidationError, type WorkApiClient } from '../../../api/index.ts';
import { escapeWithin } from '../../../slack-platform/mrkdwn.ts';
import type { ProjectRef, SprintRef } from '../../commands/intents.ts';
import type { AppDeps } from '../../deps.ts';
import { requireApi } from '../../kit/require-api.ts';
import { type Actor, actorFor, mayWriteProject } from '../../services/permissions.ts';
import { activeProjects, type ProjectChoice, resolveProject } from '../../services/resolve-project.ts';
import type { RenderedMessage } from '../../ui/block-types.ts';
import { errorMessage } from '../../ui/messages/errors.ts';
import { projectProblemMessage } from '../../ui/messages/project-problem.ts';
import { renderRefusal } from '../../ui/team/refusal.ts';
import { renderSprintCard } from './sprint-card.ts';
import { renderSprintStart } from './sprint-start.ts';
import { activeSprint, pickSprint, projectSprints, sprintReport, sprintScope } from './team-sprints.ts';

type Located =
  | { kind: 'found'; sprint: SprintRecord; project: ProjectChoice }
  | { kind: 'message'; message: RenderedMessage };

/** Projects searched for a sprint named without a project. */
const MAX_PROJECTS_SEARCHED = 20;

function ambiguous(candidates: ReadonlyArray<{ sprint: SprintRecord; project: ProjectChoice }>): Located {
  const names = candidates
    .slice(0, 10)
    .map(({ sprint, project }) => `${sprint.name} (${project.name}, number ${sprint.id})`)
    .join('; ');
  return {
    kind: 'message',
    message: errorMessage({
      what: 'More than one sprint matches.',
      why: names,
      next: 'Use its number, like `/task sprint start 12`, or name the project.',
    }),
  };
}

/**
 * The sprint a command names, in the project named (or the channel's); a sprint named without any
 * project is looked for in every active project.
 */
export async function locateSprint(
  deps: AppDeps,
  api: WorkApiClient,
  where: { teamId: string; channelId: string },
  projectRef: ProjectRef | null,
  ref: SprintRef | null,
  fallback: 'planned' | 'active',
): Promise<Located> {
  const resolution = await resolveProject(deps, api, projectRef, where);
  if (resolution.kind === 'not_found' || (resolution.kind === 'none' && !ref)) {
    return { kind: 'message', message: projectProblemMessage(resolution, 'sprint') };
  }
  const projects =
    resolution.kind === 'found'
      ? [resolution.project]
      : (await activeProjects(api)).slice(0, MAX_PROJECTS_SEARCHED).map((p) => ({ id: p.id, name: p.name }));
  const found: Array<{ sprint: SprintRecord; project: ProjectChoice }> = [];
  const reasons: string[] = [];
  for (const project of projects) {
    const pick = pickSprint(await projectSprints(api, project.id), ref, fallback);
    if (pick.kind === 'found') found.push({ sprint: pick.sprint, project });
    else if (pick.kind === 'ambiguous') found.push(...pick.candidates.map((sprint) => ({ sprint, project })));
    else reasons.push(pick.why);
  }
  if (found.length === 1) return { kind: 'found', ...found[0]! };
  if (found.length > 1) return ambiguous(found);
  // A number names one sprint wherever it is: the channel's project is only where to look first.
  if (ref?.kind === 'id' && !projectRef && resolution.kind === 'found') {
    const everywhere = (await activeProjects(api)).slice(0, MAX_PROJECTS_SEARCHED);
    for (const p of everywhere) {
      if (p.id === resolution.project.id) continue;
      const sprint = (await projectSprints(api, p.id)).find((s) => s.id === ref.id);
      if (sprint) return { kind: 'found', sprint, project: { id: p.id, name: p.name } };
    }
  }
  const inProject = resolution.kind === 'found' ? ` in ${resolution.project.name}` : '';
  return {
    kind: 'message',
    message: errorMessage({
      what: `I couldn't find that sprint${inProject}.`,
      why:
        resolution.kind === 'found' ? reasons[0] : 'No active project has a sprint by that name or number.',
      next: '`/task sprint #Project` lists a project’s sprints.',
    }),
  };
}

/** A sprint by the ids a button carries, with its project; null when either is gone. */
export async function sprintByIds(
  api: WorkApiClient,
  sprintId: number,
  projectId: number,
): Promise<{ sprint: SprintRecord; project: ProjectChoice; sprints: SprintRecord[] } | null> {
  const [project, sprints] = await Promise.all([api.projects.get(projectId), projectSprints(api, projectId)]);
  const sprint = sprints.find((s) => s.id === sprintId);
  return sprint ? { sprint, project: { id: project.id, name: project.name }, sprints } : null;
}

export const SPRINT_GONE: RenderedMessage = errorMessage({
  what: 'That sprint no longer exists.',
  next: '`/task sprint #Project` lists the sprints there are.',
});

/** Refusal when the person may not start or plan sprints in the project. */
export async function sprintWriteRefusal(
  api: WorkApiClient,
  actor: Actor,
  project: ProjectChoice,
  doing: string,
): Promise<RenderedMessage | null> {
  const permission = await mayWriteProject(api, actor, project);
  if (permission.allowed) return null;
  return renderRefusal({
    what: `You can't ${doing} in ${project.name}.`,
    why: permission.why,
    next: permission.next,
  });
}

/** What starting would take in, or why it can't start (another sprint active, not planned). */
export async function startScopeMessage(
  deps: AppDeps,
  api: WorkApiClient,
  q: { sprint: SprintRecord; project: ProjectChoice; sprints?: readonly SprintRecord[]; notice?: string },
): Promise<RenderedMessage> {
  const [sprints, scope] = await Promise.all([
    q.sprints ?? projectSprints(api, q.project.id),
    sprintScope(api, q.sprint.id),
  ]);
  const sprint = sprints.find((s) => s.id === q.sprint.id) ?? q.sprint;
  return renderSprintStart(
    {
      sprint,
      projectName: q.project.name,
      scope,
      active: activeSprint(sprints, sprint.id) ?? null,
      notice: q.notice ?? null,
    },
    deps.clock.now(),
  );
}

/** The sprint's card, with its report when active, in the reader's zone. */
export async function sprintCardMessage(
  deps: AppDeps,
  api: WorkApiClient,
  client: WebClient,
  q: { teamId: string; userId: string; sprint: SprintRecord; projectName: string; notice?: string },
): Promise<RenderedMessage> {
  const now = deps.clock.now();
  const timeZone = await deps.profiles.timeZone(client, q.teamId, q.userId);
  const report =
    q.sprint.status === 'active'
      ? await sprintReport(api, q.sprint, { timeZone, now, taskUrl: (t) => deps.taskLinks.urlFor(t) })
      : null;
  return renderSprintCard(
    { sprint: q.sprint, projectName: q.projectName, report, timeZone, notice: q.notice ?? null },
    now,
  );
}

/** What starting came to: the sprint's card when it started, else why not (for the starter alone). */
interface StartOutcome {
  message: RenderedMessage;
  /** The name of the sprint started; null when it did not start. */
  started: string | null;
}

/**
 * Starts the sprint and answers its card. When the service refuses (another sprint became active,
 * it is no longer planned, it lacks an end date), the answer says why and shows the sprint as it
 * now is, with the way forward.
 */
async function startSprint(
  deps: AppDeps,
  api: WorkApiClient,
  client: WebClient,
  q: {
    teamId: string;
    userId: string;
    sprint: SprintRecord;
    project: ProjectChoice;
    body?: { start_date?: string; end_date?: string };
  },
): Promise<StartOutcome> {
  try {
    const started = await api.sprints.start(q.sprint.id, q.body, { projectId: q.sprint.project_id });
    const message = await sprintCardMessage(deps, api, client, {
      teamId: q.teamId,
      userId: q.userId,
      sprint: started,
      projectName: q.project.name,
      notice: `:rocket: <@${q.userId}> started *${escapeWithin(started.name, 200)}*.`,
    });
    return { message, started: started.name };
  } catch (error) {
    if (!(error instanceof ConflictError) && !(error instanceof ValidationError)) throw error;
    const message = await startScopeMessage(deps, api, {
      sprint: q.sprint,
      project: q.project,
      notice: `:warning: The service did not start it: ${escapeWithin(error.userMessage, 500)}`,
    });
    return { message, started: null };
  }
}

/** Said to the starter once the channel has the card. */
export function startPostedNote(sprintName: string): RenderedMessage {
  const text = `:white_check_mark: Started *${escapeWithin(sprintName, 200)}*: its card is posted in this channel for everyone.`;
  return { text, blocks: [{ type: 'section', text: { type: 'mrkdwn', text } }] };
}

/**
 * Starts the sprint a button or form names for the person asking, once it is found and they may
 * start sprints in its project: its card, or what stopped it.
 */
export async function startSprintByIds(
  deps: AppDeps,
  client: WebClient,
  q: {
    teamId: string;
    userId: string;
    sprintId: number;
    projectId: number;
    body?: { start_date?: string; end_date?: string };
  },
): Promise<StartOutcome> {
  const api = await requireApi(deps, q.teamId);
  const found = await sprintByIds(api, q.sprintId, q.projectId);
  if (!found) return { message: SPRINT_GONE, started: null };
  const actor = await actorFor(deps, client, q.teamId, q.userId);
  const refusal = await sprintWriteRefusal(api, actor, found.project, 'start sprints');
  if (refusal) return { message: refusal, started: null };
  return startSprint(deps, api, client, {
    teamId: q.teamId,
    userId: q.userId,
    sprint: found.sprint,
    project: found.project,
    body: q.body,
  });
}
