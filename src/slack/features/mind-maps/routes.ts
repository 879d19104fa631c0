/**
 * Mind maps: `/task mindmaps`, a map's Show button, and the Thread to mind map shortcut and form.
 * Handlers load on first use (kit/lazy-route.ts).
 */
import { lazyListener, lazyVerb } from '../../kit/lazy-route.ts';
import type { FeatureRoutes } from '../../kit/routes.ts';
import { TEAM_ACTIONS, TEAM_SHORTCUTS, TEAM_VIEWS } from '../../ui/ids.ts';

const command = () => import('./mindmaps-command.ts');
const thread = () => import('./thread-to-mind-map.ts');

export const MIND_MAP_ROUTES: FeatureRoutes = {
  verbs: {
    mindmaps: lazyVerb(async () => (await command()).mindMapsHandler),
  },
  shortcuts: {
    [TEAM_SHORTCUTS.threadToMindMap]: lazyListener(async () => (await thread()).threadToMindMapHandler),
  },
  views: {
    [TEAM_VIEWS.threadToMindMap]: lazyListener(async () => (await thread()).threadMindMapSubmittedHandler),
  },
  actions: {
    [TEAM_ACTIONS.mindMapShow]: lazyListener(async () => (await command()).mindMapShowHandler),
  },
};
