/**
 * "Share in channel" under a card only its reader sees: a message never turns from ephemeral to
 * visible, so the private card is removed and a fresh one is posted for everyone, saying who
 * shared it. The response_url posts where the card was, even where the bot is not a member.
 */

import type { AllMiddlewareArgs, BlockButtonAction, SlackActionMiddlewareArgs } from '@slack/bolt';
import type { AppDeps } from '../../deps.ts';
import { personOf } from '../../kit/person.ts';
import { requireApi } from '../../kit/require-api.ts';
import { taskCardModel } from '../../services/task-card-model.ts';
import { renderTaskCard } from '../../ui/messages/task-card.ts';
import { decodeTaskRef } from '../../ui/values.ts';
import { presentFailure, STALE_TASK_BUTTON } from './action-context.ts';
import { presentTaskOutcome, surfaceOfAction } from './task-surface.ts';

type Args = SlackActionMiddlewareArgs<BlockButtonAction> & AllMiddlewareArgs;

export function taskShareHandler(deps: AppDeps) {
  return async ({ ack, body, action, client, respond }: Args) => {
    await ack();
    const viewer = personOf(body);
    const surface = surfaceOfAction(body, respond);
    const ref = decodeTaskRef(action.value ?? '');
    if (!respond) return;
    if (!ref) {
      await presentTaskOutcome(deps, client, viewer, surface, { note: STALE_TASK_BUTTON });
      return;
    }
    try {
      const api = await requireApi(deps, viewer.teamId);
      const task = await api.tasks.get(ref.taskId);
      const model = await taskCardModel(deps, client, api, { ...viewer, task });
      const card = renderTaskCard({ ...model, sharedBySlackUserId: viewer.userId }, deps.clock.now());
      await respond({ delete_original: true });
      await respond({
        response_type: 'in_channel',
        replace_original: false,
        text: card.text,
        blocks: card.blocks,
      });
    } catch (error) {
      await presentFailure(deps, client, viewer, surface, body, ref.taskId, error);
    }
  };
}
