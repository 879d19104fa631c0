/**
 * What every button and menu on a task shares: acknowledge at once, find the task it is about,
 * require a linked account (offering the link instead of failing), act once per delivery, and show
 * the outcome where the person clicked. A task deleted meanwhile gets a clear line and its card
 * marked gone; any other failure becomes a private line saying what to do.
 */
import type { AllMiddlewareArgs, BlockAction, SlackActionMiddlewareArgs } from '@slack/bolt';
import type { WebClient } from '@slack/web-api';
import { NotFoundError, type WorkApiClient } from '../../../api/index.ts';
import type { AppDeps } from '../../deps.ts';
import { once } from '../../kit/once.ts';
import { personOf } from '../../kit/person.ts';
import { noteFailure } from '../../kit/report-failure.ts';
import { requireApi } from '../../kit/require-api.ts';
import { actionContext, type TeamActionContext } from '../../kit/team-action.ts';
import { linkOfferForActing, type TaskActor, taskActor } from '../../services/task-actor.ts';
import { describeTaskFailure, describeTaskRefusal } from '../../services/task-refusal.ts';
import type { TaskRef } from '../../ui/values.ts';
import { cardTitleFromText } from './task-card-message.ts';
import {
  presentTaskOutcome,
  surfaceOfAction,
  type TaskOutcome,
  type TaskSurface,
  type Viewer,
} from './task-surface.ts';

type TaskActionArgs = SlackActionMiddlewareArgs<BlockAction> & AllMiddlewareArgs;
type Action = BlockAction['actions'][number];

/** The kit's button context, with what every task button has found before it runs. */
export interface TaskActionContext extends Omit<TeamActionContext, 'api'> {
  /** The workspace's service client, already resolved: every task button needs it. */
  api: WorkApiClient;
  actor: TaskActor;
  surface: TaskSurface;
  ref: TaskRef;
  action: Action;
  body: BlockAction;
}

interface TaskActionSpec {
  /** The action is on a list row, not a card: outcomes never replace the message. Default: false. */
  inList?: boolean;
  /** The task the action is about, from its value or block_id; null when it cannot be read. */
  refOf(action: Action): TaskRef | null;
  run(ctx: TaskActionContext): Promise<TaskOutcome>;
}

/** Said for a task button whose value no longer reads. */
export const STALE_TASK_BUTTON =
  ':warning: That button is out of date. Run `/task show ID` (ID: the task’s number) for a fresh card.';

/** The tombstone of a task found gone, titled as its card was when Slack sent the card back. */
function goneOutcome(body: BlockAction, taskId: number, error: unknown): TaskOutcome {
  return {
    gone: { taskId, title: cardTitleFromText(body.message?.text, taskId) ?? `Task ${taskId}` },
    note: describeTaskFailure(error, taskId),
  };
}

export function taskActionHandler(deps: AppDeps, spec: TaskActionSpec) {
  return async (args: TaskActionArgs) => {
    const { ack, body, client, respond } = args;
    await ack();
    const base = actionContext(deps, args);
    const viewer = personOf(body);
    const surface = surfaceOfAction(body, respond);
    const action = body.actions[0];
    const ref = action ? spec.refOf(action) : null;
    if (!action || !ref) {
      await presentTaskOutcome(deps, client, viewer, surface, { note: STALE_TASK_BUTTON });
      return;
    }
    try {
      const actor = await taskActor(deps, viewer.teamId, viewer.userId);
      if (!actor) {
        await presentTaskOutcome(deps, client, viewer, surface, { note: linkOfferForActing() });
        return;
      }
      const api = await requireApi(deps, viewer.teamId);
      const origin = {
        purpose: 'task-action',
        kind: 'action',
        teamId: viewer.teamId,
        userId: viewer.userId,
        actionTs: action.action_ts,
        actionId: action.action_id,
      } as const;
      await once(deps.idempotency, origin, async () => {
        const ctx: TaskActionContext = { ...base, api, actor, surface, ref, action, body };
        const outcome = await spec.run(ctx);
        await presentTaskOutcome(deps, client, viewer, surface, outcome);
        return true;
      });
    } catch (error) {
      await presentFailure(deps, client, viewer, surface, body, ref.taskId, error, spec.inList);
    }
  };
}

/** Logs a failed action (without secrets) and shows the person what happened. */
export async function presentFailure(
  deps: AppDeps,
  client: WebClient,
  viewer: Viewer,
  surface: TaskSurface,
  body: BlockAction,
  taskId: number,
  error: unknown,
  inList = false,
): Promise<void> {
  if (error instanceof NotFoundError) {
    const gone = goneOutcome(body, taskId, error);
    await presentTaskOutcome(deps, client, viewer, surface, inList ? { note: gone.note } : gone);
    return;
  }
  const { text } = noteFailure(deps, error, {
    what: 'task action',
    describe: (e) => describeTaskRefusal(e, taskId),
  });
  await presentTaskOutcome(deps, client, viewer, surface, { note: text });
}
