/** Sprint buttons: Start… (shows the scope), Confirm, Pick dates and start…, Show / Report, and Cancel. */
import type { AppDeps } from '../../deps.ts';
import { once } from '../../kit/once.ts';
import { formOpener } from '../../kit/open-team-modal.ts';
import {
  type ActionArgs,
  actionContext,
  staleButton,
  type TeamActionContext,
} from '../../kit/team-action.ts';
import { actorFor } from '../../services/permissions.ts';
import { decodeRef } from '../../ui/team/values.ts';
import { openStartDatesForm } from './sprint-forms.ts';
import {
  SPRINT_GONE,
  sprintByIds,
  sprintCardMessage,
  sprintWriteRefusal,
  startPostedNote,
  startScopeMessage,
  startSprintByIds,
} from './sprint-messages.ts';

function sprintIds(ctx: TeamActionContext): { sprintId: number; projectId: number } | null {
  const ids = decodeRef('sprint', ctx.value);
  return ids ? { sprintId: ids[0]!, projectId: ids[1]! } : null;
}

/** Acks, reads the sprint the button names, and runs `work`; a failure is told, the message kept. */
function sprintButton(
  work: (ctx: TeamActionContext, ids: { sprintId: number; projectId: number }) => Promise<void>,
) {
  return (deps: AppDeps) => async (args: ActionArgs) => {
    await args.ack();
    const ctx = actionContext(deps, args);
    const ids = sprintIds(ctx);
    if (!ids) {
      await staleButton(ctx);
      return;
    }
    try {
      await work(ctx, ids);
    } catch (error) {
      await ctx.fail(error);
    }
  };
}

export const sprintShowHandler = sprintButton(async (ctx, ids) => {
  const api = await ctx.api();
  const found = await sprintByIds(api, ids.sprintId, ids.projectId);
  const message = found
    ? await sprintCardMessage(ctx.deps, api, ctx.client, {
        teamId: ctx.teamId,
        userId: ctx.userId,
        sprint: found.sprint,
        projectName: found.project.name,
      })
    : SPRINT_GONE;
  await ctx.respond({ response_type: 'ephemeral', replace_original: false, ...message });
});

export const sprintStartHandler = sprintButton(async (ctx, ids) => {
  const api = await ctx.api();
  const found = await sprintByIds(api, ids.sprintId, ids.projectId);
  if (!found) {
    await ctx.respond({ response_type: 'ephemeral', replace_original: false, ...SPRINT_GONE });
    return;
  }
  const actor = await actorFor(ctx.deps, ctx.client, ctx.teamId, ctx.userId);
  const message =
    (await sprintWriteRefusal(api, actor, found.project, 'start sprints')) ??
    (await startScopeMessage(ctx.deps, api, found));
  await ctx.respond({ response_type: 'ephemeral', replace_original: false, ...message });
});

export const sprintConfirmStartHandler = sprintButton(async (ctx, ids) => {
  // One start per confirm message, however often it is clicked or Slack redelivers the click.
  const origin = {
    purpose: 'sprint-start',
    kind: 'message',
    teamId: ctx.teamId,
    subject: String(ids.sprintId),
    messageTs: ctx.messageTs,
    triggerId: ctx.triggerId,
  } as const;
  const outcome = await once(ctx.deps.idempotency, origin, () =>
    startSprintByIds(ctx.deps, ctx.client, { teamId: ctx.teamId, userId: ctx.userId, ...ids }),
  );
  if (outcome.state !== 'ran') return;
  const { message, started } = outcome.value;
  // A sprint's start is news for the channel: its card goes there, and the question becomes a note.
  if (started !== null && ctx.channelId) {
    const posted = await ctx
      .respond({ response_type: 'in_channel', replace_original: false, ...message })
      .then(
        () => true,
        (error: unknown) => {
          ctx.deps.logger.info({ err: error }, 'a sprint start could not be posted in the channel');
          return false;
        },
      );
    if (posted) {
      await ctx.respond({ response_type: 'ephemeral', replace_original: true, ...startPostedNote(started) });
      return;
    }
  }
  await ctx.respond({ response_type: 'ephemeral', replace_original: true, ...message });
});

export const sprintSetDatesHandler = sprintButton(async (ctx, ids) => {
  await openStartDatesForm(ctx.deps, ctx.client, { ...formOpener(ctx), ...ids });
});

/** Cancel on a confirm message: the message goes away, nothing else happens. */
export function dismissHandler(deps: AppDeps) {
  return async (args: ActionArgs) => {
    await args.ack();
    await args
      .respond({ delete_original: true })
      .catch((error: unknown) => deps.logger.info({ err: error }, 'could not remove a confirm message'));
  };
}
