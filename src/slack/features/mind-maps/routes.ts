/** Mind maps: `/task mindmaps`, a map's Show button, and the Thread to mind map shortcut and form. */
import type { FeatureRoutes } from '../../kit/routes.ts';
import { TEAM_ACTIONS, TEAM_SHORTCUTS, TEAM_VIEWS } from '../../ui/ids.ts';
import { mindMapShowHandler, mindMapsHandler } from './mindmaps-command.ts';
import { threadMindMapSubmittedHandler, threadToMindMapHandler } from './thread-to-mind-map.ts';

export const MIND_MAP_ROUTES: FeatureRoutes = {
  verbs: {
    mindmaps: mindMapsHandler,
  },
  shortcuts: {
    [TEAM_SHORTCUTS.threadToMindMap]: threadToMindMapHandler,
  },
  views: {
    [TEAM_VIEWS.threadToMindMap]: threadMindMapSubmittedHandler,
  },
  actions: {
    [TEAM_ACTIONS.mindMapShow]: mindMapShowHandler,
  },
};
