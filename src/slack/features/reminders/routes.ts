/**
 * Reminders: `/task remind`, "Remind me" beside a task, and Cancel (in the answer and on App Home).
 * The runner that sends them is `services/reminders/reminder-runner.ts`, started with the app.
 */
import { lazyListener, lazyVerb } from '../../kit/lazy-route.ts';
import type { FeatureRoutes } from '../../kit/routes.ts';
import { ACTIONS } from '../../ui/ids.ts';

const actions = () => import('./reminder-actions.ts');

export const REMINDER_ROUTES: FeatureRoutes = {
  verbs: {
    remind: lazyVerb(async () => (await import('./remind-command.ts')).remindHandler),
  },
  actions: {
    [ACTIONS.taskRemind]: lazyListener(async () => (await actions()).remindChosenHandler),
    [ACTIONS.reminderCancel]: lazyListener(async () => (await actions()).reminderCancelHandler),
  },
};
