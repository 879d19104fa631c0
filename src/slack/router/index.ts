/**
 * The app's router: every feature's routes (`features/<feature>/routes.ts`) merged into one table
 * per Slack surface, and `registerListeners` that attaches them to a Bolt app. The manifest test
 * reads these tables: each command, shortcut and event here is in manifest.yml, and each one there
 * is here.
 */
import type { App } from '@slack/bolt';
import type { AppDeps } from '../deps.ts';
import { ACCOUNT_ROUTES } from '../features/account/routes.ts';
import { ASSISTANT_ROUTES } from '../features/assistant/routes.ts';
import { AUTOMATION_ROUTES } from '../features/automations/routes.ts';
import { CONVERSATION_ROUTES } from '../features/conversation/routes.ts';
import { CREATE_ROUTES } from '../features/create/routes.ts';
import { DIGEST_ROUTES } from '../features/digest/routes.ts';
import { DIRECTORY_ROUTES } from '../features/directory/routes.ts';
import { FIND_ROUTES } from '../features/find/routes.ts';
import { GOAL_ROUTES } from '../features/goals/routes.ts';
import { HOME_ROUTES } from '../features/home/routes.ts';
import { MEMBER_ROUTES } from '../features/members/routes.ts';
import { MIND_MAP_ROUTES } from '../features/mind-maps/routes.ts';
import { NOTIFICATION_ROUTES } from '../features/notifications/routes.ts';
import { PROJECT_ROUTES } from '../features/projects/routes.ts';
import { REACTION_ROUTES } from '../features/reactions/routes.ts';
import { REMINDER_ROUTES } from '../features/reminders/routes.ts';
import { SERVICE_EVENTS_ROUTES } from '../features/service-events/routes.ts';
import { SPRINT_ROUTES } from '../features/sprints/routes.ts';
import { TASK_ROUTES } from '../features/tasks/routes.ts';
import { UNFURL_ROUTES } from '../features/unfurls/routes.ts';
import { WORK_OBJECT_ROUTES } from '../features/work-objects/routes.ts';
import { WORKFLOW_STEP_ROUTES } from '../features/workflow-steps/routes.ts';
import { WORKSPACE_ROUTES } from '../features/workspaces/routes.ts';
import { answerInTime } from '../kit/in-time.ts';
import type { FeatureRoutes, Listener } from '../kit/routes.ts';
import { runningCommandsIn } from '../kit/running-commands.ts';
import { COMMAND_NAME } from '../ui/ids.ts';
import { appMentionListener, directMessageListener } from './conversation.ts';
import { mergeRoutes } from './merge-routes.ts';
import { answeredByText, taskCommand } from './task-command.ts';
import { registerById } from './unrouted.ts';

const FEATURES: readonly FeatureRoutes[] = [
  CREATE_ROUTES,
  TASK_ROUTES,
  ACCOUNT_ROUTES,
  HOME_ROUTES,
  DIRECTORY_ROUTES,
  UNFURL_ROUTES,
  SPRINT_ROUTES,
  MEMBER_ROUTES,
  PROJECT_ROUTES,
  WORKSPACE_ROUTES,
  GOAL_ROUTES,
  AUTOMATION_ROUTES,
  MIND_MAP_ROUTES,
  DIGEST_ROUTES,
  SERVICE_EVENTS_ROUTES,
  NOTIFICATION_ROUTES,
  CONVERSATION_ROUTES,
  FIND_ROUTES,
  REMINDER_ROUTES,
  REACTION_ROUTES,
  ASSISTANT_ROUTES,
  WORK_OBJECT_ROUTES,
  WORKFLOW_STEP_ROUTES,
];

const FEATURE_VERBS = mergeRoutes(FEATURES).verbs;

/** `/task` itself: parses the text and hands the intent to the verb a feature declared. */
const TASK_COMMAND: FeatureRoutes = {
  commands: { [COMMAND_NAME]: taskCommand(FEATURE_VERBS) },
};

/**
 * The same verbs said to the app: `@Taskbridge …` and its Messages tab. Keyed as the manifest
 * names the events (`message.im`); Bolt hears them by type (`message`).
 */
const SAID_TO_APP: FeatureRoutes = {
  events: {
    app_mention: appMentionListener(FEATURE_VERBS),
    'message.im': directMessageListener(FEATURE_VERBS),
  },
};

/** Commands whose text alone may answer them, by name (see `answerInTime`'s `answeredByText`). */
const ANSWERED_BY_TEXT = new Map([[COMMAND_NAME, answeredByText(FEATURE_VERBS)]]);

export const ROUTES = mergeRoutes([...FEATURES, TASK_COMMAND, SAID_TO_APP]);
export const COMMAND_ROUTES = ROUTES.commands;
export const SHORTCUT_ROUTES = ROUTES.shortcuts;
export const EVENT_ROUTES = ROUTES.events;
export const FUNCTION_ROUTES = new Map([...ROUTES.functions, ...ROUTES.optionFunctions]);

export function registerListeners(app: App, deps: AppDeps): void {
  // Where a person waits, they hear within 3 s (kit/in-time.ts); a command repeated while it still
  // runs is answered once, on whichever instance it lands (the store holds what runs).
  const running = runningCommandsIn(deps.store, deps.clock);
  const build = (table: ReadonlyMap<string, Listener>, wrap: boolean) =>
    new Map([...table].map(([id, make]) => [id, wrap ? answerInTime(deps, make(deps)) : make(deps)]));
  for (const [name, make] of ROUTES.commands) {
    const byText = ANSWERED_BY_TEXT.get(name);
    app.command(name, answerInTime(deps, make(deps), running, byText ? { answeredByText: byText } : {}));
  }
  for (const [name, make] of ROUTES.events) app.event(name.split('.')[0] ?? name, make(deps));
  // Workflow Builder steps: Bolt acks each function_executed itself; the step completes or fails it.
  for (const [callbackId, make] of ROUTES.functions) app.function(callbackId, make(deps));
  for (const [callbackId, make] of ROUTES.optionFunctions)
    app.function(callbackId, { autoAcknowledge: false }, make(deps));
  registerById(app, deps, {
    shortcuts: build(ROUTES.shortcuts, true),
    views: build(ROUTES.views, true),
    actions: build(ROUTES.actions, true),
    options: build(ROUTES.options, false),
  });
}
