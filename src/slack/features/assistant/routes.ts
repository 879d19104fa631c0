/**
 * The app in Slack's assistant panel (Agents & Assistants): a new thread is offered the common
 * verbs as suggested prompts, and the channel in view is remembered. The person's messages in the
 * thread are direct messages, answered by the DM grammar (`router/conversation.ts`, which sets the
 * thread's status and title through `services/assistant-turn.ts`).
 */
import { lazyListener } from '../../kit/lazy-route.ts';
import type { FeatureRoutes } from '../../kit/routes.ts';

const threads = () => import('./assistant-thread.ts');

export const ASSISTANT_ROUTES: FeatureRoutes = {
  events: {
    assistant_thread_started: lazyListener(async () => (await threads()).threadStartedHandler),
    assistant_thread_context_changed: lazyListener(async () => (await threads()).contextChangedHandler),
  },
};
