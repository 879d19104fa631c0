/**
 * Slack's word that a person changed (`user_change`: names, zone, admin flags, deactivation) or
 * joined (`team_join`), kept in the shared profiles (`services/slack-profiles.ts`).
 */
import { lazyListener } from '../../kit/lazy-route.ts';
import type { FeatureRoutes } from '../../kit/routes.ts';

const events = () => import('./people-changed.ts');

export const DIRECTORY_ROUTES: FeatureRoutes = {
  events: {
    user_change: lazyListener(async () => (await events()).personChangedHandler),
    team_join: lazyListener(async () => (await events()).personChangedHandler),
  },
};
