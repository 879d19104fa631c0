import { intArg, requireStringArg, SlackApiError, stringArg } from '../api-error.ts';
import { userJson, userJsonIn } from '../api-shapes.ts';
import { authed, type MethodSpec } from './context.ts';
import { decodeCursor, encodeCursor } from './paging.ts';

const info = authed((args, ctx) => {
  const user = ctx.state.users.get(requireStringArg(args, 'user', 'user_not_found'));
  if (!user || user.teamId !== ctx.team.id) throw new SlackApiError('user_not_found');
  return { ok: true, user: userJsonIn(ctx.state, user, ctx.clock.now()) };
});

const lookupByEmail = authed((args, ctx) => {
  const email = requireStringArg(args, 'email', 'users_not_found').toLowerCase();
  const user = [...ctx.state.users.values()].find(
    (each) => each.teamId === ctx.team.id && each.email === email,
  );
  if (!user) throw new SlackApiError('users_not_found');
  return { ok: true, user: userJson(user, ctx.clock.now()) };
});

const list = authed((args, ctx) => {
  const all = [...ctx.state.users.values()].filter((user) => user.teamId === ctx.team.id);
  const limit = intArg(args, 'limit', 1000, 1000);
  const offset = decodeCursor(stringArg(args, 'cursor'));
  const page = all.slice(offset, offset + limit);
  const next = offset + limit < all.length ? encodeCursor(offset + limit) : '';
  const now = ctx.clock.now();
  return {
    ok: true,
    members: page.map((user) => userJsonIn(ctx.state, user, now)),
    cache_ts: Math.floor(now.getTime() / 1000),
    response_metadata: { next_cursor: next },
  };
});

export const userMethods: Record<string, MethodSpec> = {
  'users.info': info,
  'users.lookupByEmail': lookupByEmail,
  'users.list': list,
};
