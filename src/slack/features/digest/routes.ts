/**
 * Scheduled digests: `/task digest`, the form, the list's buttons, the task menu in a digest
 * message, the personal digest on Home, the zone search. Handlers load on first use
 * (kit/lazy-route.ts).
 */
import { lazyListener, lazyVerb } from '../../kit/lazy-route.ts';
import type { FeatureRoutes } from '../../kit/routes.ts';
import { DIGEST_TASK_MENU_ACTION_ID } from '../../ui/digest/ids.ts';
import { DIGEST_ACTIONS, DIGEST_FIELDS, DIGEST_VIEWS } from '../../ui/ids.ts';

const home = () => import('./digest-home-actions.ts');
const list = () => import('./digest-list-actions.ts');

export const DIGEST_ROUTES: FeatureRoutes = {
  verbs: {
    digest: lazyVerb(async () => (await import('./digest-command.ts')).digestHandler),
  },
  views: {
    [DIGEST_VIEWS.form]: lazyListener(
      async () => (await import('./digest-form-submitted.ts')).digestFormSubmittedHandler,
    ),
  },
  actions: {
    [DIGEST_TASK_MENU_ACTION_ID]: lazyListener(
      async () => (await import('./digest-task-menu.ts')).digestTaskMenuHandler,
    ),
    [DIGEST_ACTIONS.edit]: lazyListener(async () => (await list()).digestEditHandler),
    [DIGEST_ACTIONS.remove]: lazyListener(async () => (await list()).digestRemoveHandler),
    [DIGEST_ACTIONS.resume]: lazyListener(async () => (await list()).digestResumeHandler),
    [DIGEST_ACTIONS.removeAll]: lazyListener(async () => (await list()).digestRemoveAllHandler),
    [DIGEST_ACTIONS.homeOn]: lazyListener(async () => (await home()).digestHomeOnHandler),
    [DIGEST_ACTIONS.homeOff]: lazyListener(async () => (await home()).digestHomeOffHandler),
    [DIGEST_ACTIONS.homeTime]: lazyListener(async () => (await home()).digestHomeTimeHandler),
  },
  options: {
    [DIGEST_FIELDS.timeZone.action]: lazyListener(
      async () => (await import('./zone-options.ts')).zoneOptionsHandler,
    ),
  },
};
