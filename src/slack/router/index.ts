/**
 * Every listener of the app, as routing tables per Slack surface, and `registerListeners` that
 * attaches them to a Bolt app. The manifest test reads these tables: each command, shortcut and
 * event here is in manifest.yml, and each one there is here.
 */
import type { App } from '@slack/bolt';
import type { AppDeps } from '../deps.ts';
import { connectSubmittedHandler } from '../features/account/connect-submitted.ts';
import { linkSubmittedHandler } from '../features/account/link-submitted.ts';
import {
  ackOnlyHandler,
  openConnectHandler,
  openCreateFromHomeHandler,
  openLinkHandler,
  reopenDraftHandler,
} from '../features/account/open-forms.ts';
import { createFormProjectHandler } from '../features/create/create-form-project.ts';
import {
  createTaskFromMessageHandler,
  createTaskGlobalHandler,
} from '../features/create/create-task-shortcuts.ts';
import { createTaskSubmittedHandler } from '../features/create/create-task-submitted.ts';
import { memberOptionsHandler, projectOptionsHandler } from '../features/create/search-options.ts';
import { DIGEST_ROUTES } from '../features/digest/routes.ts';
import { homeRefreshHandler, homeUnlinkHandler } from '../features/home/home-actions.ts';
import { appHomeOpenedHandler, workspaceLeftHandler } from '../features/home/home-and-install.ts';
import { listPagingHandler } from '../features/lists/list-paging.ts';
import { TASK_ROUTES } from '../features/tasks/routes.ts';
import { TEAM_ROUTES } from '../features/team-routes.ts';
import { linkSharedHandler } from '../features/unfurls/link-shared.ts';
import type { Listener } from '../kit/routes.ts';
import { ACTIONS, COMMAND_NAME, OPTIONS_ACTIONS, SHORTCUTS, VIEWS } from '../ui/ids.ts';
import { REOPEN_DRAFT_ACTION } from '../ui/messages/draft-failure.ts';
import { taskCommandHandler } from './task-command.ts';

export const COMMAND_ROUTES: Record<string, Listener> = { [COMMAND_NAME]: taskCommandHandler };

export const SHORTCUT_ROUTES: Record<string, Listener> = {
  [SHORTCUTS.createTaskFromMessage]: createTaskFromMessageHandler,
  [SHORTCUTS.createTaskGlobal]: createTaskGlobalHandler,
  ...TASK_ROUTES.shortcuts,
  ...TEAM_ROUTES.shortcuts,
  ...DIGEST_ROUTES.shortcuts,
};

export const VIEW_ROUTES: Record<string, Listener> = {
  [VIEWS.createTask]: createTaskSubmittedHandler,
  [VIEWS.connect]: connectSubmittedHandler,
  [VIEWS.link]: linkSubmittedHandler,
  ...TASK_ROUTES.views,
  ...TEAM_ROUTES.views,
  ...DIGEST_ROUTES.views,
};

export const ACTION_ROUTES: Record<string, Listener> = {
  [ACTIONS.listPrevious]: listPagingHandler,
  [ACTIONS.listNext]: listPagingHandler,
  [ACTIONS.offerLink]: openLinkHandler,
  [ACTIONS.homeLink]: openLinkHandler,
  [ACTIONS.homeConnect]: openConnectHandler,
  [ACTIONS.homeCreateTask]: openCreateFromHomeHandler,
  [ACTIONS.homeUnlink]: homeUnlinkHandler,
  [ACTIONS.homeRefresh]: homeRefreshHandler,
  [ACTIONS.taskOpen]: ackOnlyHandler,
  [ACTIONS.openSourceMessage]: ackOnlyHandler,
  [REOPEN_DRAFT_ACTION]: reopenDraftHandler,
  [OPTIONS_ACTIONS.project]: createFormProjectHandler,
  ...TASK_ROUTES.actions,
  ...TEAM_ROUTES.actions,
  ...DIGEST_ROUTES.actions,
};

export const OPTIONS_ROUTES: Record<string, Listener> = {
  [OPTIONS_ACTIONS.project]: projectOptionsHandler,
  [OPTIONS_ACTIONS.member]: memberOptionsHandler,
  ...TASK_ROUTES.options,
  ...TEAM_ROUTES.options,
  ...DIGEST_ROUTES.options,
};

export const EVENT_ROUTES: Record<string, Listener> = {
  app_home_opened: appHomeOpenedHandler,
  link_shared: linkSharedHandler,
  app_uninstalled: workspaceLeftHandler,
  tokens_revoked: workspaceLeftHandler,
  ...TASK_ROUTES.events,
  ...TEAM_ROUTES.events,
  ...DIGEST_ROUTES.events,
};

export function registerListeners(app: App, deps: AppDeps): void {
  for (const [name, make] of Object.entries(COMMAND_ROUTES)) app.command(name, make(deps));
  for (const [id, make] of Object.entries(SHORTCUT_ROUTES)) app.shortcut(id, make(deps));
  for (const [id, make] of Object.entries(VIEW_ROUTES)) app.view(id, make(deps));
  for (const [id, make] of Object.entries(ACTION_ROUTES)) app.action(id, make(deps));
  for (const [id, make] of Object.entries(OPTIONS_ROUTES)) app.options(id, make(deps));
  for (const [name, make] of Object.entries(EVENT_ROUTES)) app.event(name, make(deps));
  // A button from an older version of the app (an id no longer routed) gets an answer, not silence.
  app.action(/.*/, async ({ ack, respond, action, body }) => {
    if ('action_id' in action && ACTION_ROUTES[action.action_id]) return;
    await ack();
    deps.logger.info({ type: body.type }, 'unknown action');
    await respond({
      response_type: 'ephemeral',
      replace_original: false,
      text: ':warning: That button is from an older version of this message. Run the command again for a fresh one.',
    }).catch(() => undefined);
  });
}
