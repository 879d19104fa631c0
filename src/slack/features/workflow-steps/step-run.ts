/**
 * What every Taskbridge workflow step shares: who it acts as, once per run, and how it ends.
 *
 * Acting identity: the step acts as the person who started the workflow, as Slack names them in the
 * step's `slack#/types/interactivity` input (`interactor.id`), and only when that person's Slack
 * account is linked to a service account. A workflow author's other inputs (a user picked in the
 * builder) are never taken as who acts: that would let an author act as someone else. A workflow
 * with no person behind it (a schedule) fails with a message that says so.
 *
 * Once per run: Slack may deliver `function_executed` again; the run's `function_execution_id` is
 * claimed in the store (`kit/once.ts`), so a repeat does nothing.
 */
import type { WebClient } from '@slack/web-api';
import type { WorkApiClient } from '../../../api/index.ts';
import type { AppDeps } from '../../deps.ts';
import { once } from '../../kit/once.ts';
import { describeTaskFailure, TaskRefusal } from '../../services/task-refusal.ts';

/** A failure worded for the workflow's author and the person who ran it. */
export class StepFailure extends Error {
  override readonly name = 'StepFailure';
}

export interface StepContext {
  deps: AppDeps;
  teamId: string;
  /** The person who started the workflow, linked. */
  userId: string;
  memberId: number;
  api: WorkApiClient;
  /** Slack's client for this run (its token is the run's own). */
  client: WebClient;
  inputs: Record<string, unknown>;
}

export type StepOutputs = Record<string, string | number>;

interface FunctionArgs {
  body: { team_id?: string; event?: { function_execution_id?: string } };
  inputs: Record<string, unknown>;
  client: WebClient;
  complete(args: { outputs: StepOutputs }): Promise<unknown>;
  fail(args: { error: string }): Promise<unknown>;
}

function interactorOf(inputs: Record<string, unknown>): string | undefined {
  const v = inputs.interactivity as { interactor?: { id?: unknown } } | undefined;
  return typeof v?.interactor?.id === 'string' ? v.interactor.id : undefined;
}

type Outcome = { outputs: StepOutputs } | { error: string };

/** Slack's answer when a run was already completed (an earlier delivery's completion went through). */
const alreadyCompleted = (error: unknown) =>
  (error as { data?: { error?: string } } | null)?.data?.error === 'function_execution_already_completed';

/**
 * A step's handler: `run` returns its outputs or throws. The work runs once per run (its outcome
 * kept); each delivery that finds the outcome hands it to Slack, so a completion lost on the way is
 * made by the next delivery, and one already made is not made twice.
 */
export function workflowStep(title: string, run: (ctx: StepContext) => Promise<StepOutputs>) {
  return (deps: AppDeps) =>
    async ({ body, inputs, client, complete, fail }: FunctionArgs): Promise<void> => {
      const teamId = body.team_id ?? '';
      const executionId = body.event?.function_execution_id ?? '';
      const origin = { purpose: 'workflow-step', kind: 'event', teamId, eventId: executionId } as const;
      const done = await once(deps.idempotency, origin, async (): Promise<Outcome> => {
        try {
          return { outputs: await run(await contextOf(deps, client, teamId, inputs)) };
        } catch (error) {
          if (!(error instanceof StepFailure || error instanceof TaskRefusal)) {
            deps.logger.warn({ err: error, step: title }, 'a workflow step failed');
          }
          return { error: `${title}: ${wordsFor(error)}` };
        }
      });
      // Another delivery of this run is doing the work now; it completes the run.
      if (done.state === 'pending') return;
      const outcome = done.value;
      try {
        if ('outputs' in outcome) await complete({ outputs: outcome.outputs });
        else await fail({ error: outcome.error });
      } catch (error) {
        if (alreadyCompleted(error)) return;
        deps.logger.warn({ err: error, step: title }, 'Slack refused a workflow step’s completion');
        if ('outputs' in outcome) {
          await fail({
            error: `${title}: the step did its work, but Slack refused its outputs. Check the step's outputs in the workflow.`,
          }).catch(() => undefined);
        }
      }
    };
}

async function contextOf(
  deps: AppDeps,
  client: WebClient,
  teamId: string,
  inputs: Record<string, unknown>,
): Promise<StepContext> {
  const userId = interactorOf(inputs);
  if (!userId) {
    throw new StepFailure(
      'this step acts as the person who starts the workflow, and this workflow was started by no one (a schedule or an event). Start it from a link, a button or a shortcut.',
    );
  }
  const link = await deps.userLinks.get(teamId, userId);
  if (!link) {
    throw new StepFailure(
      `<@${userId}> has not linked a Taskbridge account, and the step acts as them. They can run \`/task link\` in Slack, then run the workflow again.`,
    );
  }
  const api = await deps.workApi.clientFor(teamId);
  if (!api)
    throw new StepFailure(
      'this workspace is not connected to the service. An admin can run `/task connect`.',
    );
  return { deps, teamId, userId, memberId: link.memberId, api, client, inputs };
}

function wordsFor(error: unknown): string {
  if (error instanceof StepFailure) return error.message;
  return describeTaskFailure(error, null).replace(/^:[a-z_]+: /, '');
}

/** A required whole number input (a task's number). */
export function taskNumberInput(inputs: Record<string, unknown>, name = 'task_number'): number {
  const value = typeof inputs[name] === 'string' ? Number(inputs[name]) : inputs[name];
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value <= 0) {
    throw new StepFailure(`"${name}" must be a task's number (such as 42).`);
  }
  return value;
}

export function textInput(inputs: Record<string, unknown>, name: string): string | undefined {
  const value = inputs[name];
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}
