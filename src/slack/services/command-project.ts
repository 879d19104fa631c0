/** The project a team command is about: the one named, else the channel's default, else a reply saying which is missing. */
import type { WorkApiClient } from '../../api/index.ts';
import type { ProjectRef } from '../commands/intents.ts';
import type { CommandContext } from '../kit/command-context.ts';
import { projectProblemMessage } from '../ui/messages/project-problem.ts';
import { type ProjectChoice, resolveProject } from './resolve-project.ts';

/** The project, or null once the person has been told what to name instead. */
export async function projectForCommand(
  ctx: CommandContext,
  api: WorkApiClient,
  ref: ProjectRef | null,
  verb: string,
): Promise<ProjectChoice | null> {
  const resolution = await resolveProject(ctx.deps, api, ref, ctx);
  if (resolution.kind === 'found') return resolution.project;
  await ctx.respond({ response_type: 'ephemeral', ...projectProblemMessage(resolution, verb) });
  return null;
}
