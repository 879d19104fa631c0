import { SlackApiError, stringArg } from '../api-error.ts';
import type { MethodSpec } from './context.ts';

/** oauth.v2.access: trades a code for the workspace's bot token (and a user token when user scopes were granted). */
const access: MethodSpec = {
  auth: false,
  handler: (args, ctx) => {
    const clientId = stringArg(args, 'client_id') ?? ctx.basicAuth?.user;
    const clientSecret = stringArg(args, 'client_secret') ?? ctx.basicAuth?.password;
    if (clientId !== ctx.oauth.app.clientId) throw new SlackApiError('invalid_client_id');
    if (clientSecret !== ctx.oauth.app.clientSecret) throw new SlackApiError('bad_client_secret');
    const grant = ctx.oauth.redeem(stringArg(args, 'code'));
    if (!grant) throw new SlackApiError('invalid_code');
    if (grant.redirectUri !== undefined && stringArg(args, 'redirect_uri') !== grant.redirectUri) {
      throw new SlackApiError('bad_redirect_uri');
    }
    const team = ctx.state.team(grant.teamId);
    const answer: Record<string, unknown> = {
      ok: true,
      app_id: team.appId,
      authed_user: { id: grant.userId },
      scope: grant.scopes.join(','),
      token_type: 'bot',
      access_token: team.botToken,
      bot_user_id: team.botUserId,
      team: { id: team.id, name: team.name },
      enterprise: null,
      is_enterprise_install: false,
    };
    if (grant.userScopes.length > 0) {
      const userToken = `xoxp-emulator-${grant.userId.toLowerCase()}`;
      ctx.state.tokens.set(userToken, {
        teamId: team.id,
        kind: 'user',
        userId: grant.userId,
        revoked: false,
      });
      answer.authed_user = {
        id: grant.userId,
        scope: grant.userScopes.join(','),
        access_token: userToken,
        token_type: 'user',
      };
    }
    return answer;
  },
};

export const oauthMethods: Record<string, MethodSpec> = { 'oauth.v2.access': access };
