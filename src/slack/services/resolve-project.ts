/**
 * Which project a command means: `#Name` (exact, then a unique prefix, case-insensitive), a Slack
 * channel reference (the project named like the channel, else that channel's default), or, with
 * nothing named, the channel's default project.
 */
import type { ProjectRecord, WorkApiClient } from '../../api/index.ts';
import { closestWord } from '../commands/closest-word.ts';
import type { ProjectRef } from '../commands/intents.ts';
import type { AppDeps } from '../deps.ts';

export interface ProjectChoice {
  id: number;
  name: string;
}

type ProjectResolution =
  | { kind: 'found'; project: ProjectChoice }
  /** Nothing named and no channel default. */
  | { kind: 'none' }
  /** `known`: every active project's name, to say what exists. */
  | { kind: 'not_found'; name: string; suggestions: ProjectChoice[]; known?: string[] };

/** The channel's default project, from the store alone (no service call). */
export async function channelDefaultProject(
  deps: AppDeps,
  teamId: string,
  channelId: string,
): Promise<ProjectChoice | undefined> {
  const saved = await deps.channelDefaults.get(teamId, channelId);
  return saved ? { id: saved.projectId, name: saved.projectName } : undefined;
}

/** Active projects, a page of up to 100 (the client caches it; `fresh` reads past the cache). */
export async function activeProjects(api: WorkApiClient, fresh = false): Promise<ProjectRecord[]> {
  const page = await api.projects.list({ status: 'active', per_page: 100 }, fresh ? { fresh } : undefined);
  return page.data;
}

export function matchProjectName(projects: readonly ProjectRecord[], name: string): ProjectResolution {
  const wanted = normalise(name);
  const exact = projects.find((p) => normalise(p.name) === wanted);
  if (exact) return { kind: 'found', project: { id: exact.id, name: exact.name } };
  const prefixed = projects.filter((p) => normalise(p.name).startsWith(wanted));
  if (prefixed.length === 1 && prefixed[0]) {
    return { kind: 'found', project: { id: prefixed[0].id, name: prefixed[0].name } };
  }
  let close = (
    prefixed.length > 0 ? prefixed : projects.filter((p) => normalise(p.name).includes(wanted))
  ).slice(0, 5);
  if (close.length === 0) {
    // A typo ("Wbesite"): the name within two edits, as for verbs.
    const near = closestWord(
      wanted,
      projects.map((p) => normalise(p.name)),
    );
    close = projects.filter((p) => normalise(p.name) === near).slice(0, 1);
  }
  return {
    kind: 'not_found',
    name,
    suggestions: close.map((p) => ({ id: p.id, name: p.name })),
    known: projects.map((p) => p.name),
  };
}

/**
 * The project by name from the cached list; a name not in it is looked for once more in a fresh
 * read, since the service tells no new or renamed projects.
 */
async function byNameReadAgain(api: WorkApiClient, name: string): Promise<ProjectResolution> {
  const cached = matchProjectName(await activeProjects(api), name);
  if (cached.kind === 'found') return cached;
  return matchProjectName(await activeProjects(api, true), name);
}

export async function resolveProject(
  deps: AppDeps,
  api: WorkApiClient,
  ref: ProjectRef | null,
  where: { teamId: string; channelId: string },
): Promise<ProjectResolution> {
  if (!ref) {
    const fallback = await channelDefaultProject(deps, where.teamId, where.channelId);
    return fallback ? { kind: 'found', project: fallback } : { kind: 'none' };
  }
  if (ref.kind === 'name') return byNameReadAgain(api, ref.name);
  if (ref.name) {
    const byName = await byNameReadAgain(api, ref.name);
    if (byName.kind === 'found') return byName;
  }
  const channelDefault = await channelDefaultProject(deps, where.teamId, ref.channelId);
  if (channelDefault) return { kind: 'found', project: channelDefault };
  return {
    kind: 'not_found',
    name: ref.name ?? 'that channel',
    suggestions: [],
    known: (await activeProjects(api)).map((p) => p.name),
  };
}

function normalise(name: string): string {
  return name
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, ' ');
}

/**
 * For verbs that set a project for a channel (`/task project`, `/task react`): a channel reference
 * means the project named like the channel, looked up among projects only.
 */
export function projectNamedLike(ref: ProjectRef): ProjectRef {
  return ref.kind === 'channel' && ref.name ? { kind: 'name', name: ref.name } : ref;
}
