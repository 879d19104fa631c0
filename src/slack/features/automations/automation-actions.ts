/**
 * The automation switch. The button asks for a state (on or off), not a flip, so a repeated click
 * or a Slack retry cannot switch it back; and the answer shows the state the service returned,
 * never the one asked for, since someone may have changed the rule since the list was drawn.
 */

import { escapeWithin } from '../../../slack-platform/mrkdwn.ts';
import type { AppDeps } from '../../deps.ts';
import { requireApi } from '../../kit/require-api.ts';
import { type ActionArgs, actionContext, staleButton } from '../../kit/team-action.ts';
import { actorFor, mayManageProject } from '../../services/permissions.ts';
import { refusalFor, renderRefusal } from '../../ui/team/refusal.ts';
import { decodeRef } from '../../ui/team/values.ts';
import { stateText } from './automation-message-blocks.ts';
import { automationListMessage } from './automation-messages.ts';

export function automationToggleHandler(deps: AppDeps) {
  return async (args: ActionArgs) => {
    await args.ack();
    const ctx = actionContext(deps, args);
    const ids = decodeRef('automation', ctx.value);
    if (!ids || (ids[2] !== 0 && ids[2] !== 1)) {
      await staleButton(ctx);
      return;
    }
    const [automationId, projectId, wanted, scope] = ids as [number, number, number, number];
    try {
      const api = await requireApi(deps, ctx.teamId);
      const project = await api.projects.get(projectId);
      const actor = await actorFor(deps, ctx.client, ctx.teamId, ctx.userId);
      const permission = await mayManageProject(api, actor, project);
      if (!permission.allowed) {
        const refusal = renderRefusal(
          refusalFor(`You can't switch automations in ${project.name}.`, permission),
        );
        await ctx.respond({ response_type: 'ephemeral', replace_original: false, ...refusal });
        return;
      }
      const result = await api.automations.toggle(automationId, wanted === 1);
      const asked = wanted === 1;
      const notice =
        result.is_active === null
          ? `:information_source: <@${ctx.userId}> asked to turn *${escapeWithin(result.name, 200)}* ${asked ? 'on' : 'off'}; the service does not show whether it is on, so check it there.`
          : result.is_active === asked
            ? `${stateText(result.is_active)} <@${ctx.userId}> turned *${escapeWithin(result.name, 200)}* ${result.is_active ? 'on' : 'off'}.`
            : `${stateText(result.is_active)} *${escapeWithin(result.name, 200)}* is still ${result.is_active ? 'on' : 'off'}: the service kept it that way.`;
      const message = await automationListMessage(deps, api, {
        client: ctx.client,
        teamId: ctx.teamId,
        userId: ctx.userId,
        projectId: scope === 0 ? null : scope,
        notice,
      });
      await ctx.respond({ response_type: 'ephemeral', replace_original: true, ...message });
    } catch (error) {
      await ctx.fail(error);
    }
  };
}
