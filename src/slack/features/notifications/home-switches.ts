/** The Home tab's switches for direct-message notifications: saved per person, then the tab is redrawn. */
import type { AllMiddlewareArgs, BlockButtonAction, SlackActionMiddlewareArgs } from '@slack/bolt';
import type { NotifyPrefs } from '../../../notify/store/notify-prefs.ts';
import type { AppDeps } from '../../deps.ts';
import { personOf } from '../../kit/person.ts';
import { publishHome } from '../../services/publish-home.ts';

type Args = SlackActionMiddlewareArgs<BlockButtonAction> & AllMiddlewareArgs;

function switchHandler(which: keyof NotifyPrefs) {
  return (deps: AppDeps) =>
    async ({ ack, body, action, client }: Args) => {
      await ack();
      const teamId = personOf(body).teamId;
      const userId = body.user.id;
      if (action.value !== 'on' && action.value !== 'off') return;
      await deps.notifications.prefs.set(teamId, userId, { [which]: action.value === 'on' });
      deps.logger.info({ teamId, which, on: action.value === 'on' }, 'notification switch');
      await publishHome(deps, client, teamId, userId);
    };
}

export const homeAssignedSwitchHandler = switchHandler('assigned');
export const homeDueSwitchHandler = switchHandler('dueTomorrow');
