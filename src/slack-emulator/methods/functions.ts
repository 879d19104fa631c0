/**
 * Workflow Builder custom steps on the emulator: the app's functions as its manifest declares them
 * (`functions:` with typed `input_parameters` and `output_parameters`), a step's run (what the
 * `function_executed` event carries: `function_execution_id`, `inputs`, a `bot_access_token` good
 * for that run), and `functions.completeSuccess` / `functions.completeError`, with the outputs
 * checked against the declared types. Sources: the platform notes' "Workflow Builder custom steps"
 * section; Slack's pages docs.slack.dev/tools/bolt-js/concepts/custom-steps,
 * …/reference/events/function_executed, …/reference/methods/functions.completeSuccess and
 * …/functions.completeError, and the manifest reference (`functions`, Slack's types
 * `slack#/types/user_id`, `slack#/types/channel_id`, `slack#/types/interactivity`).
 */
import { randomBytes } from 'node:crypto';
import { type Args, jsonArg, SlackApiError, stringArg } from '../api-error.ts';
import type { EmulatorState } from '../state.ts';
import { authed, type MethodSpec } from './context.ts';

export interface FunctionParameter {
  type: string;
  /** Options served by another of the app's steps (`#/functions/<callback_id>`), shown as a menu in Workflow Builder. */
  dynamic_options?: { function: string; inputs?: Record<string, unknown> };
  title?: string;
  description?: string;
  enum?: readonly string[];
}

export interface FunctionParameters {
  properties: Readonly<Record<string, FunctionParameter>>;
  required?: readonly string[];
}

/** One entry of the manifest's `functions:`, by callback_id. */
export interface FunctionDeclaration {
  title: string;
  description?: string;
  input_parameters: FunctionParameters;
  output_parameters: FunctionParameters;
}

export interface FunctionExecution {
  id: string;
  teamId: string;
  callbackId: string;
  inputs: Record<string, unknown>;
  botToken: string;
  state: 'running' | 'completed' | 'failed';
  outputs?: Record<string, unknown>;
  error?: string;
}

interface FunctionsOfState {
  declared: Map<string, FunctionDeclaration>;
  executions: Map<string, FunctionExecution>;
}

const OF_STATE = new WeakMap<EmulatorState, FunctionsOfState>();

function of(state: EmulatorState): FunctionsOfState {
  let found = OF_STATE.get(state);
  if (!found) {
    found = { declared: new Map(), executions: new Map() };
    OF_STATE.set(state, found);
  }
  return found;
}

/** The app's functions, as its manifest's `functions:` declares them. */
export function declareFunctions(state: EmulatorState, functions: Record<string, FunctionDeclaration>): void {
  for (const [id, declaration] of Object.entries(functions)) of(state).declared.set(id, declaration);
}

export function declaredFunction(state: EmulatorState, callbackId: string): FunctionDeclaration | undefined {
  return of(state).declared.get(callbackId);
}

/** A value's problem for one of Slack's parameter types, or null when it fits. */
export function typeProblem(state: EmulatorState, type: string, value: unknown): string | null {
  switch (type) {
    case 'string':
      return typeof value === 'string' ? null : 'must be a string';
    case 'integer':
      return Number.isInteger(value) ? null : 'must be an integer';
    case 'number':
      return typeof value === 'number' && Number.isFinite(value) ? null : 'must be a number';
    case 'boolean':
      return typeof value === 'boolean' ? null : 'must be a boolean';
    case 'slack#/types/user_id':
      return typeof value === 'string' && state.users.has(value) ? null : 'must be the id of a user (U…)';
    case 'slack#/types/channel_id':
      return typeof value === 'string' && state.channels.has(value)
        ? null
        : 'must be the id of a channel (C…)';
    case 'slack#/types/options_select': {
      const ok =
        Array.isArray(value) &&
        value.length <= 100 &&
        value.every((o) => {
          const v = o as { text?: { text?: unknown }; value?: unknown } | null;
          return typeof v?.text?.text === 'string' && typeof v.value === 'string';
        });
      return ok ? null : 'must be at most 100 options, each with text.text and a string value';
    }
    case 'slack#/types/interactivity': {
      const v = value as { interactor?: { id?: unknown }; interactivity_pointer?: unknown } | null;
      return v && typeof v.interactivity_pointer === 'string' && typeof v.interactor?.id === 'string'
        ? null
        : 'must be an interactivity object (interactivity_pointer, interactor)';
    }
    default:
      return null;
  }
}

/** Every problem of `values` against declared parameters: missing required ones, wrong types, unknown names. */
export function parameterProblems(
  state: EmulatorState,
  declared: FunctionParameters,
  values: Record<string, unknown>,
  what: 'input' | 'output',
): string[] {
  const problems: string[] = [];
  for (const name of declared.required ?? []) {
    if (values[name] === undefined || values[name] === null)
      problems.push(`[ERROR] ${what} ${name} is required`);
  }
  for (const [name, value] of Object.entries(values)) {
    const parameter = declared.properties[name];
    if (!parameter) {
      problems.push(`[ERROR] ${name} is not a declared ${what} parameter`);
      continue;
    }
    if (value === undefined || value === null) continue;
    const problem = typeProblem(state, parameter.type, value);
    if (problem) problems.push(`[ERROR] ${what} ${name} (${parameter.type}) ${problem}`);
    else if (parameter.enum && !parameter.enum.includes(String(value))) {
      problems.push(`[ERROR] ${what} ${name} must be one of ${parameter.enum.join(', ')}`);
    }
  }
  return problems;
}

/** Starts one run of a step: its execution id and the token Slack hands the app for it. */
export function startExecution(
  state: EmulatorState,
  teamId: string,
  callbackId: string,
  inputs: Record<string, unknown>,
): FunctionExecution {
  const declaration = declaredFunction(state, callbackId);
  if (!declaration) throw new Error(`The manifest declares no function ${callbackId}`);
  const problems = parameterProblems(state, declaration.input_parameters, inputs, 'input');
  if (problems.length > 0) throw new Error(`Inputs of ${callbackId}: ${problems.join('; ')}`);
  const team = state.team(teamId);
  const id = `Fx${randomBytes(6).toString('hex').toUpperCase()}`;
  const botToken = `xwfp-emulator-${randomBytes(12).toString('hex')}`;
  state.tokens.set(botToken, { teamId, kind: 'bot', userId: team.botUserId, revoked: false });
  const execution: FunctionExecution = { id, teamId, callbackId, inputs, botToken, state: 'running' };
  of(state).executions.set(id, execution);
  return execution;
}

export function executionOf(state: EmulatorState, id: string): FunctionExecution | undefined {
  return of(state).executions.get(id);
}

function runningExecution(args: Args, state: EmulatorState, teamId: string): FunctionExecution {
  const id = stringArg(args, 'function_execution_id', 'invalid_arguments');
  const execution = id ? executionOf(state, id) : undefined;
  if (!execution || execution.teamId !== teamId) throw new SlackApiError('function_execution_not_found');
  if (execution.state !== 'running') throw new SlackApiError('function_execution_already_completed');
  return execution;
}

const completeSuccess = authed((args, ctx) => {
  const execution = runningExecution(args, ctx.state, ctx.team.id);
  const outputs = jsonArg(args, 'outputs', 'invalid_arguments');
  if (typeof outputs !== 'object' || outputs === null || Array.isArray(outputs)) {
    throw new SlackApiError('invalid_arguments', [
      '[ERROR] outputs must be an object [json-pointer:/outputs]',
    ]);
  }
  const declaration = declaredFunction(ctx.state, execution.callbackId)!;
  const problems = parameterProblems(
    ctx.state,
    declaration.output_parameters,
    outputs as Record<string, unknown>,
    'output',
  );
  if (problems.length > 0) throw new SlackApiError('invalid_outputs', problems);
  execution.state = 'completed';
  execution.outputs = outputs as Record<string, unknown>;
  return { ok: true };
});

const completeError = authed((args, ctx) => {
  const execution = runningExecution(args, ctx.state, ctx.team.id);
  const error = stringArg(args, 'error', 'invalid_arguments');
  execution.state = 'failed';
  execution.error = error ?? '';
  return { ok: true };
});

export const functionMethods: Record<string, MethodSpec> = {
  'functions.completeSuccess': completeSuccess,
  'functions.completeError': completeError,
};
