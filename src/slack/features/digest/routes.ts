/**
 * Scheduled digests: `/task digest`, the form, the list's buttons, the task menu in a digest
 * message, the personal digest on Home, the zone search.
 */

import type { FeatureRoutes } from '../../kit/routes.ts';
import { DIGEST_TASK_MENU_ACTION_ID } from '../../ui/digest/ids.ts';
import { DIGEST_ACTIONS, DIGEST_FIELDS, DIGEST_VIEWS } from '../../ui/ids.ts';
import { digestHandler } from './digest-command.ts';
import { digestFormSubmittedHandler } from './digest-form-submitted.ts';
import { digestHomeOffHandler, digestHomeOnHandler, digestHomeTimeHandler } from './digest-home-actions.ts';
import {
  digestEditHandler,
  digestRemoveAllHandler,
  digestRemoveHandler,
  digestResumeHandler,
} from './digest-list-actions.ts';
import { digestTaskMenuHandler } from './digest-task-menu.ts';
import { zoneOptionsHandler } from './zone-options.ts';

export const DIGEST_ROUTES: FeatureRoutes = {
  verbs: {
    digest: digestHandler,
  },
  views: {
    [DIGEST_VIEWS.form]: digestFormSubmittedHandler,
  },
  actions: {
    [DIGEST_TASK_MENU_ACTION_ID]: digestTaskMenuHandler,
    [DIGEST_ACTIONS.edit]: digestEditHandler,
    [DIGEST_ACTIONS.remove]: digestRemoveHandler,
    [DIGEST_ACTIONS.resume]: digestResumeHandler,
    [DIGEST_ACTIONS.removeAll]: digestRemoveAllHandler,
    [DIGEST_ACTIONS.homeOn]: digestHomeOnHandler,
    [DIGEST_ACTIONS.homeOff]: digestHomeOffHandler,
    [DIGEST_ACTIONS.homeTime]: digestHomeTimeHandler,
  },
  options: {
    [DIGEST_FIELDS.timeZone.action]: zoneOptionsHandler,
  },
};
