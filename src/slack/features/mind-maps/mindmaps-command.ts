/**
 * `/task mindmaps [#Project]` lists mind maps (every active project's when none is named or set
 * for the channel); `mindmaps show ID` and the Show buttons draw one as an outline.
 */
import type { WorkApiClient } from '../../../api/index.ts';
import { NotFoundError } from '../../../api/index.ts';
import type { MindMapsIntent } from '../../commands/intents.ts';
import type { AppDeps } from '../../deps.ts';
import type { CommandContext } from '../../kit/command-context.ts';
import { requireApi } from '../../kit/require-api.ts';
import { type ActionArgs, actionContext, staleButton } from '../../kit/team-action.ts';
import { projectForCommand } from '../../services/command-project.ts';
import { activeProjects, channelDefaultProject, type ProjectChoice } from '../../services/resolve-project.ts';
import { projectNames } from '../../services/team-projects.ts';
import type { RenderedMessage } from '../../ui/block-types.ts';
import { errorMessage } from '../../ui/messages/errors.ts';
import { namesThatExist } from '../../ui/messages/names-that-exist.ts';
import { decodeRef } from '../../ui/team/values.ts';
import { renderMindMapList, renderMindMapOutline } from './mind-map-messages.ts';

/** Projects whose maps are listed when none is named. */
const MAX_PROJECTS_LISTED = 10;

/**
 * One map as an outline, or "there is no such map". Reading one map by id is our sandbox's extra,
 * not the spec's: where the service answers 404, the map is looked for in the projects' lists
 * (which the spec has), and if it is there the person hears that its content cannot be shown.
 */
async function outlineMessage(api: WorkApiClient, mindMapId: number): Promise<RenderedMessage> {
  try {
    const [map, names] = await Promise.all([api.mindMaps.get(mindMapId), projectNames(api)]);
    return renderMindMapOutline({
      map,
      projectName: map.project_id === null ? null : (names.get(map.project_id) ?? null),
    });
  } catch (error) {
    if (!(error instanceof NotFoundError)) throw error;
    const { listed, seen } = await findListedMap(api, mindMapId);
    if (listed) {
      return errorMessage({
        what: `Mind map ${mindMapId} is “${listed.title}” in ${listed.projectName}, but this service does not let Taskbridge read a map’s ideas.`,
        next: 'Open it on the service itself; `/task mindmaps #Project` lists the maps Taskbridge can see.',
      });
    }
    const nearest = [...seen].sort((a, b) => Math.abs(a.id - mindMapId) - Math.abs(b.id - mindMapId));
    return errorMessage({
      what: `There is no mind map ${mindMapId}.`,
      why: namesThatExist(
        'Mind maps',
        nearest.map((m) => `${m.id} ${m.title} (${m.projectName})`),
        '',
        'There are no mind maps yet.',
      ),
      next: '`/task mindmaps #Project` lists a project’s maps with their numbers.',
    });
  }
}

/** The map in the first projects' lists (and the maps seen on the way), where the service cannot read one map by id. */
async function findListedMap(
  api: WorkApiClient,
  mindMapId: number,
): Promise<{ listed?: ListedMap; seen: ListedMap[] }> {
  const projects = (await api.projects.list({ per_page: 100 })).data.slice(0, MAX_PROJECTS_LISTED);
  const seen: ListedMap[] = [];
  for (const p of projects) {
    for await (const m of api.mindMaps.listByProject.all(p.id, { per_page: 50 }, { maxPages: 5 })) {
      const map = { id: m.id, title: m.title, projectName: p.name };
      if (m.id === mindMapId) return { listed: map, seen };
      seen.push(map);
    }
  }
  return { seen };
}

interface ListedMap {
  id: number;
  title: string;
  projectName: string;
}

async function listMessage(api: WorkApiClient, projects: readonly ProjectChoice[], title: string) {
  const lists = await Promise.all(
    projects.map(async (p) => {
      const page = await api.mindMaps.listByProject(p.id, { per_page: 50 });
      return page.data.map((m) => ({
        id: m.id,
        title: m.title,
        updated_at: m.updated_at,
        projectName: p.name,
      }));
    }),
  );
  return renderMindMapList({ title, maps: lists.flat() });
}

export async function mindMapsHandler(ctx: CommandContext, intent: MindMapsIntent): Promise<void> {
  const api = await ctx.api();
  if (intent.action === 'show' && intent.mindMapId !== null) {
    await ctx.respond({ response_type: 'ephemeral', ...(await outlineMessage(api, intent.mindMapId)) });
    return;
  }
  const named = intent.project ? await projectForCommand(ctx, api, intent.project, 'mindmaps') : null;
  if (intent.project && !named) return;
  const project = named ?? (await channelDefaultProject(ctx.deps, ctx.teamId, ctx.channelId));
  const projects = project
    ? [project]
    : (await activeProjects(api)).slice(0, MAX_PROJECTS_LISTED).map((p) => ({ id: p.id, name: p.name }));
  const title = project ? `Mind maps · ${project.name}` : 'Mind maps';
  await ctx.respond({ response_type: 'ephemeral', ...(await listMessage(api, projects, title)) });
}

/** "Show" / "Show outline": the outline, only for the person who clicked. */
export function mindMapShowHandler(deps: AppDeps) {
  return async (args: ActionArgs) => {
    await args.ack();
    const ctx = actionContext(deps, args);
    const ids = decodeRef('mindMap', ctx.value);
    if (!ids) {
      await staleButton(ctx);
      return;
    }
    try {
      const api = await requireApi(deps, ctx.teamId);
      const message = await outlineMessage(api, ids[0]!);
      await ctx.respond({ response_type: 'ephemeral', replace_original: false, ...message });
    } catch (error) {
      await ctx.fail(error);
    }
  };
}
