/**
 * One Bolt listener per surface (actions, forms, shortcuts, options) that finds the routed handler
 * by id in the merged tables, or answers an id no feature routes: a button from an older version
 * of a message, a form or shortcut the app no longer has, or an id that only looks like one
 * (`constructor`, `__proto__`). Bolt would otherwise say nothing and Slack would show an error after
 * 3 s. One listener per surface rather than one per id: Bolt runs every listener's matching
 * middleware for every request, so a hundred listeners cost a hundred middleware chains each time.
 */
import type { App } from '@slack/bolt';
import type { AppDeps } from '../deps.ts';
import { VIEWS } from '../ui/ids.ts';

// biome-ignore lint/suspicious/noExplicitAny: each table pairs ids with Bolt listeners of different payload types.
type Built = (args: any) => Promise<void>;

/** The routed listeners, built once (deps given, wrapped), by id. */
interface BuiltRoutes {
  shortcuts: ReadonlyMap<string, Built>;
  views: ReadonlyMap<string, Built>;
  actions: ReadonlyMap<string, Built>;
  options: ReadonlyMap<string, Built>;
}

const ANY = /.*/;

export function registerById(app: App, deps: AppDeps, routes: BuiltRoutes): void {
  app.action(ANY, async (args) => {
    const { ack, respond, action, body } = args;
    const routed = 'action_id' in action ? routes.actions.get(action.action_id) : undefined;
    if (routed) return routed(args);
    await ack();
    deps.logger.info({ type: body.type }, 'unknown action');
    await respond({
      response_type: 'ephemeral',
      replace_original: false,
      text: ':warning: That button is from an older version of this message. Run the command again for a fresh one.',
    }).catch(() => undefined);
  });
  app.view(ANY, async (args) => {
    const view = args.view as { type: string; callback_id: string };
    const routed = routes.views.get(view.type === VIEWS.entityDetail ? VIEWS.entityDetail : view.callback_id);
    if (routed) return routed(args);
    deps.logger.info({ type: 'view' }, 'unknown form');
    await args.ack();
  });
  // No feature asks to hear of a closed form (none sets notify_on_close), so any that arrives is
  // acknowledged; nobody waits on it.
  app.view({ type: 'view_closed', callback_id: ANY }, async ({ ack }) => {
    deps.logger.info({ type: 'view_closed' }, 'closed form');
    await ack();
  });
  app.shortcut(ANY, async (args) => {
    const routed = routes.shortcuts.get(args.shortcut.callback_id);
    if (routed) return routed(args);
    deps.logger.info({ type: args.shortcut.type }, 'unknown shortcut');
    await args.ack();
  });
  app.options(ANY, async (args) => {
    const { payload } = args;
    const routed = 'action_id' in payload ? routes.options.get(payload.action_id) : undefined;
    if (routed) return routed(args);
    deps.logger.info({ type: 'options' }, 'unknown options request');
    await args.ack({ options: [] });
  });
}
