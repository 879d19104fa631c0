import { SlackApiError } from '../api-error.ts';
import type { MethodSpec } from './context.ts';

/** apps.connections.open: with the app-level token only, a one-use Socket Mode URL (socket-mode.ts). */
const connectionsOpen: MethodSpec = {
  tokenKind: 'app',
  handler: (_args, ctx) => {
    if (!ctx.team || !ctx.socketMode) throw new SlackApiError('not_authed');
    return { ok: true, url: ctx.socketMode.open(ctx.team.id, ctx.team.appId) };
  },
};

export const appMethods: Record<string, MethodSpec> = {
  'apps.connections.open': connectionsOpen,
};
