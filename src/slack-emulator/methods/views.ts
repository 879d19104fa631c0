import { formatProblem, validateView } from '../../slack-platform/block-kit-limits.ts';
import { type Args, jsonArg, requireStringArg, SlackApiError, stringArg } from '../api-error.ts';
import type { EmulatorView, ViewRecord } from '../model.ts';
import type { EmulatorState } from '../state.ts';
import { type AuthedContext, authed, type MethodSpec } from './context.ts';

/** Slack keeps at most three views in a modal stack. */
export const MODAL_STACK_LIMIT = 3;

/** Checks a view payload and builds the stored view; `keep` carries the id and stack links of an update. */
export function buildView(
  raw: unknown,
  ctx: Pick<AuthedContext, 'state' | 'team'>,
  keep?: Pick<EmulatorView, 'id' | 'root_view_id' | 'previous_view_id' | 'external_id'>,
): EmulatorView {
  const problems = validateView(raw);
  if (problems.length > 0) throw new SlackApiError('invalid_arguments', problems.map(formatProblem));
  const view = raw as Record<string, unknown>;
  const id = keep?.id ?? ctx.state.nextId('V');
  return {
    id,
    team_id: ctx.team.id,
    type: view.type as 'modal' | 'home',
    ...(view.title !== undefined ? { title: view.title } : {}),
    ...(view.submit !== undefined ? { submit: view.submit } : {}),
    ...(view.close !== undefined ? { close: view.close } : {}),
    blocks: view.blocks as unknown[],
    private_metadata: (view.private_metadata as string | undefined) ?? '',
    callback_id: (view.callback_id as string | undefined) ?? '',
    // An update that leaves external_id out keeps the view's own.
    external_id: (view.external_id as string | undefined) ?? keep?.external_id ?? '',
    state: { values: {} },
    hash: ctx.state.hash(),
    clear_on_close: view.clear_on_close === true,
    notify_on_close: view.notify_on_close === true,
    root_view_id: keep ? keep.root_view_id : view.type === 'modal' ? id : null,
    previous_view_id: keep ? keep.previous_view_id : null,
    app_id: ctx.team.appId,
    app_installed_team_id: ctx.team.id,
    bot_id: ctx.team.botId,
  };
}

function viewArg(args: Args): unknown {
  const view = jsonArg(args, 'view', 'invalid_arguments');
  if (view === undefined)
    throw new SlackApiError('invalid_arguments', ['[ERROR] missing required field: view']);
  return view;
}

function assertModal(view: unknown): void {
  if ((view as { type?: unknown } | null)?.type !== 'modal') {
    throw new SlackApiError('invalid_arguments', ['[ERROR] must be modal [json-pointer:/view/type]']);
  }
}

function assertFreshExternalId(state: EmulatorState, teamId: string, view: EmulatorView): void {
  if (!view.external_id) return;
  for (const record of state.views.values()) {
    if (
      record.view.team_id === teamId &&
      record.view.external_id === view.external_id &&
      record.view.id !== view.id
    ) {
      throw new SlackApiError('duplicate_external_id');
    }
  }
}

/** Closes every view of a user's modal stack. */
export function closeStack(state: EmulatorState, teamId: string, userId: string): void {
  const key = state.stackKey(teamId, userId);
  for (const id of state.modalStacks.get(key) ?? []) {
    const record = state.views.get(id);
    if (record) record.open = false;
  }
  state.modalStacks.delete(key);
}

const open = authed((args, ctx) => {
  const raw = viewArg(args);
  assertModal(raw);
  const view = buildView(raw, ctx);
  assertFreshExternalId(ctx.state, ctx.team.id, view);
  const { userId } = ctx.triggers.redeem(stringArg(args, 'trigger_id'), ctx.team.id);
  closeStack(ctx.state, ctx.team.id, userId);
  ctx.state.views.set(view.id, { view, userId, open: true });
  ctx.state.modalStacks.set(ctx.state.stackKey(ctx.team.id, userId), [view.id]);
  return { ok: true, view };
});

const push = authed((args, ctx) => {
  const raw = viewArg(args);
  assertModal(raw);
  const { userId } = ctx.triggers.redeem(stringArg(args, 'trigger_id'), ctx.team.id);
  const key = ctx.state.stackKey(ctx.team.id, userId);
  const stack = ctx.state.modalStacks.get(key) ?? [];
  // views.push needs a modal open already: it adds to that stack.
  if (stack.length === 0) throw new SlackApiError('not_found');
  if (stack.length >= MODAL_STACK_LIMIT) throw new SlackApiError('push_limit_reached');
  const built = buildView(raw, ctx);
  const view = { ...built, root_view_id: stack[0]!, previous_view_id: stack[stack.length - 1]! };
  assertFreshExternalId(ctx.state, ctx.team.id, view);
  ctx.state.views.set(view.id, { view, userId, open: true });
  stack.push(view.id);
  ctx.state.modalStacks.set(key, stack);
  return { ok: true, view };
});

function findView(ctx: AuthedContext, args: Args): ViewRecord {
  const viewId = stringArg(args, 'view_id');
  const externalId = stringArg(args, 'external_id');
  if (!viewId && !externalId) {
    throw new SlackApiError('invalid_arguments', ['[ERROR] view_id or external_id is required']);
  }
  const record = viewId
    ? ctx.state.views.get(viewId)
    : [...ctx.state.views.values()].find((each) => each.view.external_id === externalId);
  if (!record || record.view.team_id !== ctx.team.id || !record.open) throw new SlackApiError('not_found');
  return record;
}

const update = authed((args, ctx) => {
  const raw = viewArg(args);
  const record = findView(ctx, args);
  const hash = stringArg(args, 'hash');
  if (hash !== undefined && hash !== record.view.hash) throw new SlackApiError('hash_conflict');
  if ((raw as { type?: unknown }).type !== record.view.type) {
    throw new SlackApiError('invalid_arguments', [
      `[ERROR] must be ${record.view.type} [json-pointer:/view/type]`,
    ]);
  }
  const view = buildView(raw, ctx, record.view);
  assertFreshExternalId(ctx.state, ctx.team.id, view);
  record.view = view;
  delete record.errors;
  return { ok: true, view };
});

const publish = authed((args, ctx) => {
  const userId = requireStringArg(args, 'user_id');
  const user = ctx.state.users.get(userId);
  if (!user || user.teamId !== ctx.team.id) throw new SlackApiError('user_not_found');
  const raw = viewArg(args);
  if ((raw as { type?: unknown } | null)?.type !== 'home') {
    throw new SlackApiError('invalid_arguments', ['[ERROR] must be home [json-pointer:/view/type]']);
  }
  const key = ctx.state.stackKey(ctx.team.id, userId);
  const existingId = ctx.state.homes.get(key);
  const existing = existingId ? ctx.state.views.get(existingId) : undefined;
  const hash = stringArg(args, 'hash');
  if (existing && hash !== undefined && hash !== existing.view.hash) throw new SlackApiError('hash_conflict');
  const view = buildView(raw, ctx, existing?.view);
  ctx.state.views.set(view.id, { view, userId, open: true });
  ctx.state.homes.set(key, view.id);
  return { ok: true, view };
});

export const viewMethods: Record<string, MethodSpec> = {
  'views.open': open,
  'views.push': push,
  'views.update': update,
  'views.publish': publish,
};
