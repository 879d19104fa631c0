/**
 * Set-up: connecting the workspace to the service (`/task connect`), linking a person to their
 * member (`/task link`, `/task unlink`, the link offer and Home buttons), and the channel's default
 * project (`/task project`). Handlers load on first use (kit/lazy-route.ts).
 */
import { lazyListener, lazyVerb } from '../../kit/lazy-route.ts';
import type { FeatureRoutes } from '../../kit/routes.ts';
import { ACTIONS, VIEWS } from '../../ui/ids.ts';

const commands = () => import('./account-commands.ts');
const openForms = () => import('./open-forms.ts');
const decisions = () => import('./link-request-actions.ts');

export const ACCOUNT_ROUTES: FeatureRoutes = {
  verbs: {
    project: lazyVerb(async () => (await import('./channel-project-command.ts')).projectHandler),
    connect: lazyVerb(async () => (await commands()).connectHandler),
    link: lazyVerb(async () => (await commands()).linkHandler),
    unlink: lazyVerb(async () => (await commands()).unlinkHandler),
  },
  views: {
    [VIEWS.connect]: lazyListener(
      async () => (await import('./connect-submitted.ts')).connectSubmittedHandler,
    ),
    [VIEWS.link]: lazyListener(async () => (await import('./link-submitted.ts')).linkSubmittedHandler),
  },
  actions: {
    [ACTIONS.offerLink]: lazyListener(async () => (await openForms()).openLinkHandler),
    [ACTIONS.homeLink]: lazyListener(async () => (await openForms()).openLinkHandler),
    [ACTIONS.homeConnect]: lazyListener(async () => (await openForms()).openConnectHandler),
    [ACTIONS.linkRequestApprove]: lazyListener(async () =>
      (await decisions()).linkRequestDecisionHandler(true),
    ),
    [ACTIONS.linkRequestDecline]: lazyListener(async () =>
      (await decisions()).linkRequestDecisionHandler(false),
    ),
  },
};
