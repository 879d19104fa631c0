import type { EndpointName } from '../../contract/index.ts';
import { automationHandlers } from './automations.ts';
import { goalHandlers } from './goals.ts';
import type { Handler } from './handler-context.ts';
import { memberHandlers } from './members.ts';
import { mindMapHandlers } from './mind-maps.ts';
import { projectHandlers } from './projects.ts';
import { sprintHandlers } from './sprints.ts';
import { taskHandlers } from './tasks.ts';
import { workspaceHandlers } from './workspaces.ts';

/** One handler per endpoint of the contract's table; the type makes a missing one a compile error. */
export const HANDLERS: Record<EndpointName, Handler> = {
  ...workspaceHandlers,
  ...projectHandlers,
  ...taskHandlers,
  ...sprintHandlers,
  ...mindMapHandlers,
  ...goalHandlers,
  ...automationHandlers,
  ...memberHandlers,
};
