/**
 * A task card's overflow menu: Open (a link; Slack still sends the click), Edit and Delete, which
 * open their forms straight away, since the trigger that opens a form lasts 3 seconds.
 */

import type { AllMiddlewareArgs, BlockOverflowAction, SlackActionMiddlewareArgs } from '@slack/bolt';
import type { AppDeps } from '../../deps.ts';
import { personOf } from '../../kit/person.ts';
import { linkOfferForActing, taskActor } from '../../services/task-actor.ts';
import { OVERFLOW } from '../../ui/ids.ts';
import { decodeOverflowValue } from '../../ui/values.ts';
import { presentFailure } from './action-context.ts';
import { openDeleteTaskModal } from './open-delete-modal.ts';
import { openEditTaskModal } from './open-edit-modal.ts';
import { cardTitleFromText } from './task-card-message.ts';
import { locationOfAction, presentTaskOutcome, surfaceOfAction } from './task-surface.ts';

type Args = SlackActionMiddlewareArgs<BlockOverflowAction> & AllMiddlewareArgs;

export function taskOverflowHandler(deps: AppDeps) {
  return async ({ ack, body, action, client, respond }: Args) => {
    await ack();
    const viewer = personOf(body);
    const surface = surfaceOfAction(body, respond);
    const chosen = decodeOverflowValue(action.selected_option?.value ?? '');
    if (!chosen) {
      await presentTaskOutcome(deps, client, viewer, surface, {
        note: ':warning: That menu is out of date. Run `/task show ID` (ID: the task’s number) for a fresh card.',
      });
      return;
    }
    if (chosen.choice === OVERFLOW.open) return;
    const actor = await taskActor(deps, viewer.teamId, viewer.userId);
    if (!actor) {
      await presentTaskOutcome(deps, client, viewer, surface, { note: linkOfferForActing() });
      return;
    }
    const request = {
      triggerId: body.trigger_id,
      teamId: viewer.teamId,
      userId: viewer.userId,
      taskId: chosen.ref.taskId,
      location: locationOfAction(surface, body.response_url),
      knownTitle: cardTitleFromText(body.message?.text, chosen.ref.taskId),
    };
    try {
      if (chosen.choice === OVERFLOW.edit) await openEditTaskModal(deps, client, request);
      else await openDeleteTaskModal(deps, client, { ...request, actor, responseUrl: null });
    } catch (error) {
      // The form could not even open (its trigger expired, Slack refused it): say so where they clicked.
      await presentFailure(deps, client, viewer, surface, body, chosen.ref.taskId, error);
    }
  };
}
