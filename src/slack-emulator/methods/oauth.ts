import { SlackApiError, stringArg } from '../api-error.ts';
import type { OAuthGrant } from '../oauth-codes.ts';
import { installOrgWide, orgTokenOwner } from '../org-tokens.ts';
import type { MethodContext, MethodSpec } from './context.ts';

/**
 * oauth.v2.access (docs.slack.dev/reference/methods/oauth.v2.access): trades a code for the bot
 * token (and a user token when user scopes were granted). An org-wide install answers `team: null`,
 * the `enterprise` and `is_enterprise_install: true`. With token rotation on, tokens come with
 * `refresh_token` and `expires_in`, and `grant_type=refresh_token` trades a refresh token, once.
 */
const access: MethodSpec = {
  auth: false,
  handler: (args, ctx) => {
    const clientId = stringArg(args, 'client_id') ?? ctx.basicAuth?.user;
    const clientSecret = stringArg(args, 'client_secret') ?? ctx.basicAuth?.password;
    if (clientId !== ctx.oauth.app.clientId) throw new SlackApiError('invalid_client_id');
    if (clientSecret !== ctx.oauth.app.clientSecret) throw new SlackApiError('bad_client_secret');
    if (stringArg(args, 'grant_type') === 'refresh_token') return refreshGrant(args, ctx);
    const grant = ctx.oauth.redeem(stringArg(args, 'code'));
    if (!grant) throw new SlackApiError('invalid_code');
    if (grant.redirectUri !== undefined && stringArg(args, 'redirect_uri') !== grant.redirectUri) {
      throw new SlackApiError('bad_redirect_uri');
    }
    const answer = grant.enterpriseId ? orgInstall(grant, ctx) : workspaceInstall(grant, ctx);
    if (grant.userScopes.length > 0) {
      const holder = {
        teamId: grant.enterpriseId ?? grant.teamId,
        ...(grant.enterpriseId ? { enterpriseId: grant.enterpriseId } : {}),
        kind: 'user' as const,
        userId: grant.userId,
      };
      const rotated = ctx.rotation?.mint(holder);
      const userToken = rotated?.accessToken ?? `xoxp-emulator-${grant.userId.toLowerCase()}`;
      if (!rotated) ctx.state.tokens.set(userToken, { ...holder, revoked: false });
      answer.authed_user = {
        id: grant.userId,
        scope: grant.userScopes.join(','),
        access_token: userToken,
        token_type: 'user',
        ...(rotated ? { refresh_token: rotated.refreshToken, expires_in: rotated.expiresIn } : {}),
      };
    }
    return answer;
  },
};

function workspaceInstall(grant: OAuthGrant, ctx: MethodContext): Record<string, unknown> {
  const team = ctx.state.team(grant.teamId);
  const org = ctx.state.orgOf(team.id);
  const rotated = ctx.rotation?.mint({ teamId: team.id, kind: 'bot', userId: team.botUserId });
  return {
    ok: true,
    app_id: team.appId,
    authed_user: { id: grant.userId },
    scope: grant.scopes.join(','),
    token_type: 'bot',
    access_token: rotated?.accessToken ?? team.botToken,
    ...(rotated ? { refresh_token: rotated.refreshToken, expires_in: rotated.expiresIn } : {}),
    bot_user_id: team.botUserId,
    team: { id: team.id, name: team.name },
    enterprise: org ? { id: org.id, name: org.name } : null,
    is_enterprise_install: false,
  };
}

function orgInstall(grant: OAuthGrant, ctx: MethodContext): Record<string, unknown> {
  const org = ctx.state.enterprise(grant.enterpriseId!);
  const staticToken = installOrgWide(ctx.state, org.id);
  const owner = orgTokenOwner(ctx.state, org);
  const rotated = ctx.rotation?.mint({
    teamId: owner.teamId,
    enterpriseId: org.id,
    kind: 'bot',
    userId: owner.userId,
  });
  const first = org.teamIds[0];
  return {
    ok: true,
    app_id: first ? ctx.state.team(first).appId : 'A0TASKBRIDGE',
    authed_user: { id: grant.userId },
    scope: grant.scopes.join(','),
    token_type: 'bot',
    access_token: rotated?.accessToken ?? staticToken,
    ...(rotated ? { refresh_token: rotated.refreshToken, expires_in: rotated.expiresIn } : {}),
    bot_user_id: owner.userId,
    team: null,
    enterprise: { id: org.id, name: org.name },
    is_enterprise_install: true,
  };
}

function refreshGrant(args: Record<string, unknown>, ctx: MethodContext): Record<string, unknown> {
  const pair = ctx.rotation?.redeem(stringArg(args, 'refresh_token'));
  if (!pair) throw new SlackApiError('invalid_refresh_token');
  const { holder } = pair;
  const org = holder.enterpriseId ? ctx.state.enterprise(holder.enterpriseId) : undefined;
  const team = org ? undefined : ctx.state.team(holder.teamId);
  return {
    ok: true,
    app_id: team?.appId ?? 'A0TASKBRIDGE',
    scope: 'commands,chat:write',
    token_type: holder.kind === 'user' ? 'user' : 'bot',
    access_token: pair.accessToken,
    refresh_token: pair.refreshToken,
    expires_in: pair.expiresIn,
    ...(holder.kind === 'bot' ? { bot_user_id: holder.userId } : { user_id: holder.userId }),
    team: team ? { id: team.id, name: team.name } : null,
    enterprise: org ? { id: org.id, name: org.name } : null,
    is_enterprise_install: org !== undefined,
  };
}

export const oauthMethods: Record<string, MethodSpec> = { 'oauth.v2.access': access };
