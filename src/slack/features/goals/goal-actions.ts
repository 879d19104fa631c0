/** Goal buttons: Update… and Add key result…, each opening its form. */
import type { AppDeps } from '../../deps.ts';
import { type ActionArgs, actionContext, staleButton } from '../../kit/team-action.ts';
import { decodeRef } from '../../ui/team/values.ts';
import { openEditGoalForm, openKeyResultForm } from './goal-forms.ts';

function goalButton(open: typeof openEditGoalForm) {
  return (deps: AppDeps) => async (args: ActionArgs) => {
    await args.ack();
    const ctx = actionContext(deps, args);
    const ids = decodeRef('goal', ctx.value);
    if (!ids) {
      await staleButton(ctx);
      return;
    }
    try {
      await open(deps, ctx.client, { ...ctx, goalId: ids[0]! });
    } catch (error) {
      await ctx.fail(error);
    }
  };
}

export const goalEditHandler = goalButton(openEditGoalForm);
export const goalAddKeyResultHandler = goalButton(openKeyResultForm);
