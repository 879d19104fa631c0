/**
 * Answers for ids no feature routes: a button from an older version of a message, a form or
 * shortcut the app no longer has, or an id that only looks like one (`constructor`, `__proto__`).
 * Bolt would otherwise say nothing and Slack would show an error after 3 s. Each catch-all runs
 * beside the routed listener and steps aside when the id is routed.
 */
import type { App } from '@slack/bolt';
import type { AppDeps } from '../deps.ts';
import type { RouteTables } from './merge-routes.ts';

const ANY = /.*/;

export function registerUnrouted(app: App, deps: AppDeps, routes: RouteTables): void {
  app.action(ANY, async ({ ack, respond, action, body }) => {
    if ('action_id' in action && routes.actions.has(action.action_id)) return;
    await ack();
    deps.logger.info({ type: body.type }, 'unknown action');
    await respond({
      response_type: 'ephemeral',
      replace_original: false,
      text: ':warning: That button is from an older version of this message. Run the command again for a fresh one.',
    }).catch(() => undefined);
  });
  app.view(ANY, async ({ ack, view }) => {
    if (routes.views.has(view.callback_id)) return;
    deps.logger.info({ type: 'view' }, 'unknown form');
    await ack();
  });
  // No feature asks to hear of a closed form (none sets notify_on_close), so any that arrives is
  // acknowledged; nobody waits on it.
  app.view({ type: 'view_closed', callback_id: ANY }, async ({ ack }) => {
    deps.logger.info({ type: 'view_closed' }, 'closed form');
    await ack();
  });
  app.shortcut(ANY, async ({ ack, shortcut }) => {
    if (routes.shortcuts.has(shortcut.callback_id)) return;
    deps.logger.info({ type: shortcut.type }, 'unknown shortcut');
    await ack();
  });
  app.options(ANY, async ({ ack, payload }) => {
    if ('action_id' in payload && routes.options.has(payload.action_id)) return;
    deps.logger.info({ type: 'options' }, 'unknown options request');
    await ack({ options: [] });
  });
}
