import { SlackApiError } from '../api-error.ts';
import { authed, type MethodSpec } from './context.ts';

/**
 * auth.teams.list (docs.slack.dev/reference/methods/auth.teams.list): the workspaces an org-wide
 * app has been added to. A workspace token sees its own workspace only.
 */
const teamsList = authed((_args, ctx) => {
  if (ctx.auth.kind === 'app') throw new SlackApiError('not_allowed_token_type');
  const ids = ctx.auth.enterpriseId
    ? ctx.state
        .enterprise(ctx.auth.enterpriseId)
        .teamIds.filter((id) => ctx.state.enterprise(ctx.auth.enterpriseId!).appAddedTo.has(id))
    : [ctx.team.id];
  return {
    ok: true,
    teams: ids.map((id) => {
      const team = ctx.state.team(id);
      return { id: team.id, name: team.name, icon: { image_default: true } };
    }),
    response_metadata: { next_cursor: '' },
  };
});

export const orgMethods: Record<string, MethodSpec> = { 'auth.teams.list': teamsList };
