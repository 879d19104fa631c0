import { SlackApiError, stringArg } from '../api-error.ts';
import { teamJson } from '../api-shapes.ts';
import { authed, type MethodSpec } from './context.ts';

/**
 * auth.test (docs.slack.dev/reference/methods/auth.test): a workspace token names its workspace
 * (and its org's `enterprise_id`); an org-wide token names the org, with `is_enterprise_install`.
 */
const authTest = authed((_args, ctx) => {
  const user = ctx.state.users.get(ctx.auth.userId);
  const org = ctx.auth.enterpriseId
    ? ctx.state.enterprise(ctx.auth.enterpriseId)
    : ctx.state.orgOf(ctx.team.id);
  const orgWide = ctx.auth.enterpriseId !== undefined;
  return {
    ok: true,
    url: orgWide ? `https://${org!.domain}.enterprise.slack.com/` : `https://${ctx.team.domain}.slack.com/`,
    team: orgWide ? org!.name : ctx.team.name,
    user: user?.name ?? 'taskbridge',
    team_id: orgWide ? org!.id : ctx.team.id,
    user_id: ctx.auth.userId,
    ...(ctx.auth.kind === 'bot' ? { bot_id: ctx.team.botId } : {}),
    ...(org ? { enterprise_id: org.id } : {}),
    is_enterprise_install: orgWide,
  };
});

const teamInfo = authed((args, ctx) => {
  const teamId = stringArg(args, 'team') ?? ctx.team.id;
  // A token sees its own workspace only.
  if (teamId !== ctx.team.id) throw new SlackApiError('team_not_found');
  return { ok: true, team: teamJson(ctx.team) };
});

/** The app's own bot user, as `bots.info` describes it (its app id tells which app a token is for). */
const botsInfo = authed((args, ctx) => {
  const bot = stringArg(args, 'bot') ?? ctx.team.botId;
  if (bot !== ctx.team.botId) throw new SlackApiError('bot_not_found');
  return {
    ok: true,
    bot: {
      id: ctx.team.botId,
      deleted: false,
      name: 'taskbridge',
      updated: Math.floor(ctx.clock.now().getTime() / 1000),
      app_id: ctx.team.appId,
      user_id: ctx.team.botUserId,
    },
  };
});

export const authAndTeamMethods: Record<string, MethodSpec> = {
  'auth.test': authTest,
  'team.info': teamInfo,
  'bots.info': botsInfo,
};
