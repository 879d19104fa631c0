/**
 * Where the conversation is: the buttons of a thread's proposed task (a bare @Taskbridge in a
 * thread). The mention and direct-message events themselves are routed by the router, which holds
 * the verb table they run (`router/conversation.ts`); Edit opens the create form (`features/create`).
 */
import { lazyListener } from '../../kit/lazy-route.ts';
import type { FeatureRoutes } from '../../kit/routes.ts';
import { ACTIONS } from '../../ui/ids.ts';

const actions = () => import('./thread-task-actions.ts');

export const CONVERSATION_ROUTES: FeatureRoutes = {
  actions: {
    [ACTIONS.threadTaskCreate]: lazyListener(async () => (await actions()).createThreadTaskHandler),
    [ACTIONS.threadTaskCancel]: lazyListener(async () => (await actions()).cancelThreadTaskHandler),
    [ACTIONS.threadTaskAssignees]: lazyListener(async () => (await actions()).threadTaskAssigneesHandler),
  },
};
