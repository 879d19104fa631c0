/** Workflow Builder steps (custom functions declared in manifest.yml under `functions`). */
import { lazyListener } from '../../kit/lazy-route.ts';
import type { FeatureRoutes } from '../../kit/routes.ts';

export const WORKFLOW_STEP_ROUTES: FeatureRoutes = {
  functions: {
    create_task: lazyListener(async () => (await import('./steps.ts')).createTaskStep),
    set_task_status: lazyListener(async () => (await import('./steps.ts')).setTaskStatusStep),
    assign_task: lazyListener(async () => (await import('./steps.ts')).assignTaskStep),
    find_tasks: lazyListener(async () => (await import('./steps.ts')).findTasksStep),
  },
  optionFunctions: {
    list_projects: lazyListener(async () => (await import('./option-steps.ts')).listProjectsStep),
    list_statuses: lazyListener(async () => (await import('./option-steps.ts')).listStatusesStep),
  },
};
