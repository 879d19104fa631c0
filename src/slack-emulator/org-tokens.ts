/**
 * Org-wide tokens (Enterprise Grid, docs.slack.dev/enterprise-grid and the `oauth.v2.access`
 * reference): one bot token for the whole org, good in each workspace the app was added to. A call
 * acts in the workspace its arguments name (`team_id`, or the channel, user, trigger or view it
 * is about); with none, in the first workspace the app was added to. A workspace the app was not
 * added to answers `team_access_not_granted`, and its channels and people are not found.
 */
import { SlackApiError } from './api-error.ts';
import type { EmulatorEnterprise, EmulatorTeam } from './model.ts';
import type { EmulatorState, TokenOwner } from './state.ts';
import type { TriggerIds } from './trigger-ids.ts';

/** Marks the org as installed org-wide and makes its bot token valid; returns the token. */
export function installOrgWide(state: EmulatorState, enterpriseId: string): string {
  const org = state.enterprise(enterpriseId);
  org.orgInstalled = true;
  state.tokens.set(org.botToken, orgTokenOwner(state, org));
  return org.botToken;
}

export function orgTokenOwner(state: EmulatorState, org: EmulatorEnterprise): TokenOwner {
  const first = org.teamIds[0];
  return {
    teamId: org.id,
    enterpriseId: org.id,
    kind: 'bot',
    userId: first ? state.team(first).botUserId : `U0BOT${org.id}`,
    revoked: false,
  };
}

/** The workspace one call of an org-wide token acts in. */
export function teamForOrgToken(
  state: EmulatorState,
  triggers: TriggerIds,
  owner: TokenOwner & { enterpriseId: string },
  args: Record<string, unknown>,
): EmulatorTeam {
  const org = state.enterprise(owner.enterpriseId);
  const inOrg = (teamId: string | undefined, error: string): EmulatorTeam | undefined => {
    if (teamId === undefined) return undefined;
    if (!org.teamIds.includes(teamId) || !org.appAddedTo.has(teamId)) throw new SlackApiError(error);
    return state.team(teamId);
  };
  const text = (name: string) => (typeof args[name] === 'string' ? (args[name] as string) : undefined);
  const userOf = (id: string | undefined) => (id ? state.users.get(id.split(',')[0]!)?.teamId : undefined);
  const named =
    inOrg(text('team_id'), 'team_access_not_granted') ??
    inOrg(state.channels.get(text('channel') ?? '')?.teamId, 'channel_not_found') ??
    inOrg(userOf(text('user') ?? text('user_id') ?? text('users')), 'user_not_found') ??
    inOrg(triggers.teamOf(text('trigger_id') ?? ''), 'invalid_trigger_id') ??
    inOrg(state.views.get(text('view_id') ?? '')?.view.team_id, 'not_found');
  if (named) return named;
  const first = org.teamIds.find((teamId) => org.appAddedTo.has(teamId));
  if (!first) throw new SlackApiError('team_access_not_granted');
  return state.team(first);
}
