/**
 * `user_change` and `team_join` carry the whole user object (docs.slack.dev/reference/events/
 * user_change, team_join): the profile is replaced from it, with no call to Slack. Replaying an
 * event changes nothing, so Slack's retries need no once-only record. The workspace is the one
 * the event came from, as for every other event (`context.teamId`, else the body's `team_id`).
 */
import type { AllMiddlewareArgs, SlackEventMiddlewareArgs } from '@slack/bolt';
import type { AppDeps } from '../../deps.ts';
import type { SlackUserObject } from '../../services/slack-profile-of.ts';

export function personChangedHandler(deps: AppDeps) {
  return async ({
    event,
    body,
    context,
  }: SlackEventMiddlewareArgs<'user_change' | 'team_join'> & AllMiddlewareArgs) => {
    const teamId = context.teamId ?? body.team_id;
    const user = event.user as SlackUserObject | undefined;
    if (!teamId || !user || typeof user !== 'object') return;
    await deps.profiles.changed(teamId, user);
  };
}
