/**
 * Requests Slack sends for Work Objects and Workflow Builder steps, signed and sent through the
 * signer (`signer.event`, `signer.send`), with the emulator's side kept in step: the trigger_id of
 * an entity click is remembered for entity.presentDetails, a step's run gets its execution and
 * token. Shapes: docs.slack.dev/reference/events/entity_details_requested (user, external_ref,
 * entity_url, link, app_unfurl_url, trigger_id, user_locale, channel, message_ts, thread_ts) and
 * …/reference/events/function_executed (function, inputs, function_execution_id,
 * workflow_execution_id, bot_access_token). A flexpane edit arrives, as Slack's Work Objects
 * implementation page describes it, as a `view_submission` whose view is of type `entity_detail`,
 * naming the entity and carrying each edited field in `state.values[field][field]`.
 */
import { randomBytes } from 'node:crypto';
import type { SlackEmulator } from './create-slack-emulator.ts';
import {
  declaredFunction,
  executionOf,
  type FunctionExecution,
  startExecution,
} from './methods/functions.ts';
import { rememberEntityTrigger } from './methods/work-objects.ts';
import type { EventOptions, SignedResponse, SlackSigner } from './signer.ts';

export interface EntityClick {
  userId: string;
  teamId?: string;
  entityUrl: string;
  externalRef: { id: string; type?: string };
  channel?: string;
  messageTs?: string;
  threadTs?: string;
  appUnfurlUrl?: string;
}

/** A person clicks a Work Object: `entity_details_requested`, with a fresh trigger_id. */
export async function requestEntityDetails(
  signer: SlackSigner,
  emulator: SlackEmulator,
  click: EntityClick,
  options: EventOptions = {},
): Promise<{ triggerId: string; answer: SignedResponse }> {
  const teamId = click.teamId ?? emulator.team().id;
  const triggerId = emulator.issueTriggerId(click.userId, teamId);
  rememberEntityTrigger(emulator.state, triggerId, {
    externalRefId: click.externalRef.id,
    entityUrl: click.entityUrl,
    userId: click.userId,
  });
  const url = new URL(click.entityUrl);
  const answer = await signer.event(
    {
      type: 'entity_details_requested',
      user: click.userId,
      external_ref: click.externalRef,
      entity_url: click.entityUrl,
      link: { url: click.entityUrl, domain: url.host },
      ...(click.appUnfurlUrl ? { app_unfurl_url: click.appUnfurlUrl } : {}),
      trigger_id: triggerId,
      user_locale: 'en-US',
      ...(click.channel ? { channel: click.channel } : {}),
      ...(click.messageTs ? { message_ts: click.messageTs } : {}),
      ...(click.threadTs ? { thread_ts: click.threadTs } : {}),
    },
    { ...options, teamId },
  );
  return { triggerId, answer };
}

/** What a person picked in the flexpane's editor for one field. */
export type EntityFieldEdit =
  | { kind: 'select'; value: string }
  | { kind: 'user'; userId: string }
  | { kind: 'date'; date: string | null }
  | { kind: 'text'; value: string };

function editState(edit: EntityFieldEdit): Record<string, unknown> {
  switch (edit.kind) {
    case 'select':
      return { type: 'static_select', selected_option: { value: edit.value } };
    case 'user':
      return { type: 'users_select', selected_user: edit.userId };
    case 'date':
      return { type: 'datepicker', selected_date: edit.date };
    case 'text':
      return { type: 'plain_text_input', value: edit.value };
  }
}

/** A person saves edits in an entity's flexpane: a `view_submission` of an `entity_detail` view. */
export async function submitEntityEdit(
  signer: SlackSigner,
  emulator: SlackEmulator,
  click: EntityClick,
  fields: Record<string, EntityFieldEdit>,
): Promise<{ triggerId: string; answer: SignedResponse }> {
  const team = emulator.team(click.teamId);
  const org = team.enterpriseId ? emulator.state.enterprises.get(team.enterpriseId) : undefined;
  const triggerId = emulator.issueTriggerId(click.userId, team.id);
  rememberEntityTrigger(emulator.state, triggerId, {
    externalRefId: click.externalRef.id,
    entityUrl: click.entityUrl,
    userId: click.userId,
  });
  const user = emulator.user(click.userId);
  const payload = {
    type: 'view_submission',
    team: {
      id: team.id,
      domain: team.domain,
      ...(org ? { enterprise_id: org.id, enterprise_name: org.name } : {}),
    },
    user: {
      id: click.userId,
      username: user?.name ?? click.userId,
      name: user?.name ?? click.userId,
      team_id: team.id,
    },
    api_app_id: team.appId,
    trigger_id: triggerId,
    view: {
      id: `V${randomBytes(5).toString('hex').toUpperCase()}`,
      type: 'entity_detail',
      callback_id: '',
      entity_url: click.entityUrl,
      external_ref: click.externalRef,
      ...(click.appUnfurlUrl ? { app_unfurl_url: click.appUnfurlUrl } : {}),
      state: {
        values: Object.fromEntries(
          Object.entries(fields).map(([key, edit]) => [key, { [key]: editState(edit) }]),
        ),
      },
      team_id: team.id,
      app_id: team.appId,
    },
    // In an Enterprise Grid org, the org and whether the app is installed org-wide (as signer-payloads.ts).
    is_enterprise_install: org?.orgInstalled ?? false,
    enterprise: org ? { id: org.id, name: org.name } : null,
  };
  const body = new URLSearchParams({ payload: JSON.stringify(payload) }).toString();
  const answer = await signer.send(body, 'application/x-www-form-urlencoded');
  return { triggerId, answer: { ...answer, payload } };
}

export interface StepRun {
  callbackId: string;
  /** Who started the workflow: the step's `slack#/types/interactivity` inputs name them as interactor. */
  userId: string;
  inputs: Record<string, unknown>;
  teamId?: string;
}

/** Fills each interactivity input of the step with the person who started the workflow, as Slack does. */
function withInteractivity(emulator: SlackEmulator, run: StepRun): Record<string, unknown> {
  const declared = declaredFunction(emulator.state, run.callbackId);
  const inputs = { ...run.inputs };
  for (const [name, parameter] of Object.entries(declared?.input_parameters.properties ?? {})) {
    if (parameter.type === 'slack#/types/interactivity' && inputs[name] === undefined) {
      inputs[name] = {
        interactivity_pointer: `${emulator.state.clock.now().getTime()}.${randomBytes(6).toString('hex')}`,
        interactor: { id: run.userId, secret: randomBytes(12).toString('hex') },
      };
    }
  }
  return inputs;
}

/** The `function_executed` event of one run (sent again as is for a redelivery). */
export function functionExecutedEvent(
  emulator: SlackEmulator,
  execution: FunctionExecution,
): Record<string, unknown> {
  const declared = declaredFunction(emulator.state, execution.callbackId)!;
  const team = emulator.team(execution.teamId);
  const list = (p: typeof declared.input_parameters) =>
    Object.entries(p.properties).map(([name, def]) => ({
      name,
      type: def.type,
      title: def.title ?? name,
      is_required: (p.required ?? []).includes(name),
    }));
  return {
    type: 'function_executed',
    function: {
      id: `Fn${execution.callbackId
        .toUpperCase()
        .replace(/[^A-Z0-9]/g, '')
        .slice(0, 10)}`,
      callback_id: execution.callbackId,
      title: declared.title,
      description: declared.description ?? '',
      type: 'app',
      input_parameters: list(declared.input_parameters),
      output_parameters: list(declared.output_parameters),
      app_id: team.appId,
    },
    inputs: execution.inputs,
    function_execution_id: execution.id,
    workflow_execution_id: `Wx${execution.id.slice(2)}`,
    bot_access_token: execution.botToken,
  };
}

/** Starts a run of a step and sends its `function_executed` event. */
export async function executeStep(
  signer: SlackSigner,
  emulator: SlackEmulator,
  run: StepRun,
  options: EventOptions = {},
): Promise<{ execution: FunctionExecution; event: Record<string, unknown>; answer: SignedResponse }> {
  const teamId = run.teamId ?? emulator.team().id;
  const execution = startExecution(emulator.state, teamId, run.callbackId, withInteractivity(emulator, run));
  const event = functionExecutedEvent(emulator, execution);
  const answer = await signer.event(event, { ...options, teamId });
  return { execution, event, answer };
}

/** Waits until the app completes a run (success or error). */
export async function stepCompleted(
  emulator: SlackEmulator,
  executionId: string,
  timeoutMs = 10_000,
): Promise<FunctionExecution> {
  const done = () => {
    const e = executionOf(emulator.state, executionId);
    return e && e.state !== 'running' ? e : undefined;
  };
  const now = done();
  if (now) return now;
  return new Promise((resolve, reject) => {
    const stop = emulator.onCall(() => {
      const e = done();
      if (!e) return;
      stop();
      clearTimeout(timer);
      resolve(e);
    });
    const timer = setTimeout(() => {
      stop();
      reject(new Error(`Step run ${executionId} was not completed within ${timeoutMs} ms`));
    }, timeoutMs);
  });
}

/** One step of a small workflow: an input is a value, or an earlier step's output. */
export interface WorkflowStep {
  callbackId: string;
  inputs: Record<string, unknown | { fromStep: number; output: string }>;
}

export interface WorkflowRun {
  steps: FunctionExecution[];
  /** `completed` when every step completed; otherwise the step that failed ended it. */
  state: 'completed' | 'failed';
}

const isReference = (v: unknown): v is { fromStep: number; output: string } =>
  typeof v === 'object' && v !== null && 'fromStep' in v && 'output' in v;

/** Runs steps in order, as Workflow Builder does: each one's outputs feed the next one's inputs. */
export async function runWorkflow(
  signer: SlackSigner,
  emulator: SlackEmulator,
  workflow: { userId: string; teamId?: string; steps: readonly WorkflowStep[] },
): Promise<WorkflowRun> {
  const done: FunctionExecution[] = [];
  for (const step of workflow.steps) {
    const inputs: Record<string, unknown> = {};
    for (const [name, value] of Object.entries(step.inputs)) {
      inputs[name] = isReference(value) ? done[value.fromStep]?.outputs?.[value.output] : value;
    }
    const { execution } = await executeStep(signer, emulator, {
      callbackId: step.callbackId,
      userId: workflow.userId,
      inputs,
      ...(workflow.teamId ? { teamId: workflow.teamId } : {}),
    });
    const finished = await stepCompleted(emulator, execution.id);
    done.push(finished);
    if (finished.state === 'failed') return { steps: done, state: 'failed' };
  }
  return { steps: done, state: 'completed' };
}

/**
 * What Workflow Builder shows for an input with `dynamic_options` when an author sets the step up:
 * it runs the named step (`#/functions/<callback_id>`) and reads its `options` output.
 */
export async function dynamicOptions(
  signer: SlackSigner,
  emulator: SlackEmulator,
  q: { callbackId: string; input: string; authorId: string; teamId?: string },
): Promise<Array<{ text: { text: string }; value: string }>> {
  const parameter = declaredFunction(emulator.state, q.callbackId)?.input_parameters.properties[q.input];
  const source = parameter?.dynamic_options?.function.replace(/^#\/functions\//, '');
  if (!source || !declaredFunction(emulator.state, source)) {
    throw new Error(`${q.callbackId}.${q.input} has no dynamic options from a declared function`);
  }
  const { execution } = await executeStep(signer, emulator, {
    callbackId: source,
    userId: q.authorId,
    inputs: { ...(parameter?.dynamic_options?.inputs ?? {}) },
    ...(q.teamId ? { teamId: q.teamId } : {}),
  });
  const done = await stepCompleted(emulator, execution.id);
  if (done.state !== 'completed') throw new Error(`${source} failed: ${done.error ?? ''}`);
  return (done.outputs?.options ?? []) as Array<{ text: { text: string }; value: string }>;
}
