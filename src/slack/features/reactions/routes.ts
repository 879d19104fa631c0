/**
 * Emoji to task: `/task react` maps a channel's emoji to a project; reacting with one makes the
 * message a task (once per message), and so does the form behind "Add an emoji" / `/task react add`; unreacting within the minute undoes it. The ✅ on a done
 * task's message is added by `services/reaction-done-mark.ts`, which hears every task change.
 */
import { lazyListener, lazyVerb } from '../../kit/lazy-route.ts';
import type { FeatureRoutes } from '../../kit/routes.ts';
import { REACTION_ACTIONS, TEAM_VIEWS } from '../../ui/ids.ts';

export const REACTION_ROUTES: FeatureRoutes = {
  verbs: {
    react: lazyVerb(async () => (await import('./react-command.ts')).reactHandler),
  },
  events: {
    reaction_added: lazyListener(async () => (await import('./reaction-added.ts')).reactionAddedHandler),
    reaction_removed: lazyListener(
      async () => (await import('./reaction-removed.ts')).reactionRemovedHandler,
    ),
  },
  actions: {
    [REACTION_ACTIONS.remove]: lazyListener(
      async () => (await import('./mapping-actions.ts')).removeMappingHandler,
    ),
    [REACTION_ACTIONS.add]: lazyListener(
      async () => (await import('./mapping-actions.ts')).addMappingHandler,
    ),
  },
  views: {
    [TEAM_VIEWS.reactionForm]: lazyListener(
      async () => (await import('./reaction-form.ts')).reactionFormSubmittedHandler,
    ),
  },
};
