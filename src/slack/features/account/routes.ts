/**
 * Set-up: connecting the workspace to the service (`/task connect`), linking a person to their
 * member (`/task link`, `/task unlink`, the link offer and Home buttons), and the channel's default
 * project (`/task project`).
 */
import type { FeatureRoutes } from '../../kit/routes.ts';
import { ACTIONS, VIEWS } from '../../ui/ids.ts';
import { connectHandler, linkHandler, unlinkHandler } from './account-commands.ts';
import { projectHandler } from './channel-project-command.ts';
import { connectSubmittedHandler } from './connect-submitted.ts';
import { linkRequestDecisionHandler } from './link-request-actions.ts';
import { linkSubmittedHandler } from './link-submitted.ts';
import { openConnectHandler, openLinkHandler } from './open-forms.ts';

export const ACCOUNT_ROUTES: FeatureRoutes = {
  verbs: {
    project: projectHandler,
    connect: connectHandler,
    link: linkHandler,
    unlink: unlinkHandler,
  },
  views: {
    [VIEWS.connect]: connectSubmittedHandler,
    [VIEWS.link]: linkSubmittedHandler,
  },
  actions: {
    [ACTIONS.offerLink]: openLinkHandler,
    [ACTIONS.homeLink]: openLinkHandler,
    [ACTIONS.homeConnect]: openConnectHandler,
    [ACTIONS.linkRequestApprove]: linkRequestDecisionHandler(true),
    [ACTIONS.linkRequestDecline]: linkRequestDecisionHandler(false),
  },
};
