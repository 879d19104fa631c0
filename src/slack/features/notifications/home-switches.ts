/** The Home tab's switches for direct-message notifications: saved per person, then the tab is redrawn. */
import type { NotifyPrefs } from '../../../notify/store/notify-prefs.ts';
import { buttonHandler } from '../../kit/team-action.ts';
import { publishHome } from '../../services/publish-home.ts';

function switchHandler(which: keyof NotifyPrefs) {
  return buttonHandler(async ({ deps, client, teamId, userId, value }) => {
    if (value !== 'on' && value !== 'off') return;
    await deps.notifications.prefs.set(teamId, userId, { [which]: value === 'on' });
    deps.logger.info({ teamId, which, on: value === 'on' }, 'notification switch');
    await publishHome(deps, client, teamId, userId);
  });
}

export const homeAssignedSwitchHandler = switchHandler('assigned');
export const homeDueSwitchHandler = switchHandler('dueTomorrow');
