/** Home tab buttons that change state in place: unlink, refresh. */
import { buttonHandler } from '../../kit/team-action.ts';
import { publishHome } from '../../services/publish-home.ts';

export const homeUnlinkHandler = buttonHandler(async ({ deps, client, teamId, userId }) => {
  await deps.userLinks.unlink(teamId, userId);
  await publishHome(deps, client, teamId, userId);
});

export const homeRefreshHandler = buttonHandler(async ({ deps, client, teamId, userId }) => {
  await publishHome(deps, client, teamId, userId);
});
