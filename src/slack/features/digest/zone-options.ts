/**
 * The time zone search of the digest form (an external select): zones matching what was typed, the
 * person's own zone first. Answered from the runtime's zone list, with no service call.
 */
import type { AllMiddlewareArgs, SlackOptionsMiddlewareArgs } from '@slack/bolt';
import type { AppDeps } from '../../deps.ts';
import { personOf } from '../../kit/person.ts';
import { withinBudget } from '../../services/within-budget.ts';
import { zoneOptions } from '../../ui/digest/time-zones.ts';

type Args = SlackOptionsMiddlewareArgs<'block_suggestion'> & AllMiddlewareArgs;

/** Options must come back within 3 s; the person's zone is only a nicety, so it gets a second. */
const PROFILE_BUDGET_MS = 1_000;

export function zoneOptionsHandler(deps: AppDeps) {
  return async ({ ack, body, client }: Args) => {
    const teamId = personOf(body).teamId;
    const own = await withinBudget(
      deps.profiles.timeZone(client, teamId, body.user.id),
      PROFILE_BUDGET_MS,
      deps.clock,
    );
    await ack({ options: zoneOptions(body.value ?? '', deps.clock.now(), own) });
  };
}
