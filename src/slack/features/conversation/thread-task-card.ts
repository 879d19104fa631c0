/** The card of the task a thread already became, shown to the person who mentioned the app again. */
import type { RespondFn } from '@slack/bolt';
import type { WebClient } from '@slack/web-api';
import { NotFoundError, type WorkApiClient } from '../../../api/index.ts';
import type { AppDeps } from '../../deps.ts';
import { type SaidToApp, saidReplier } from '../../kit/conversation-context.ts';
import { taskCardModel } from '../../services/task-card-model.ts';
import { renderTaskCard } from '../../ui/messages/task-card.ts';

/** False when the task is gone from the service (the thread may then become a task again). */
export async function showThreadTask(
  deps: AppDeps,
  client: WebClient,
  api: WorkApiClient,
  said: SaidToApp,
  taskId: number,
  respond: RespondFn = saidReplier(client, said),
): Promise<boolean> {
  let task: Awaited<ReturnType<WorkApiClient['tasks']['get']>>;
  try {
    task = await api.tasks.get(taskId);
  } catch (error) {
    if (error instanceof NotFoundError) return false;
    throw error;
  }
  const model = await taskCardModel(deps, client, api, { teamId: said.teamId, userId: said.userId, task });
  const card = renderTaskCard(model, deps.clock.now());
  const text = `This thread is already task ${task.id}.`;
  await respond({
    response_type: 'ephemeral',
    text: `${text} ${card.text}`,
    blocks: [{ type: 'section', text: { type: 'mrkdwn', text: `:link: ${text}` } }, ...card.blocks],
  });
  return true;
}
