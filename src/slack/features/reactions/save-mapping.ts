/** Saving a channel's emoji → project, the same from `/task react :emoji: #Project` and the form. */
import { createReactionTasks } from '../../../store/repositories/reaction-tasks.ts';
import type { AppDeps } from '../../deps.ts';

/** Slack's emoji names: lowercase letters, digits, `_`, `-`, `+` and `'`. */
export const EMOJI_NAME = /^[a-z0-9_+'-]{1,100}$/;

export async function saveMapping(
  deps: AppDeps,
  at: { teamId: string; channelId: string; userId: string },
  emoji: string,
  project: { id: number; name: string },
): Promise<void> {
  await createReactionTasks(deps.store).setMapping(at.teamId, at.channelId, {
    emoji,
    projectId: project.id,
    projectName: project.name,
    setBy: at.userId,
    setAt: deps.clock.now().getTime(),
  });
}
