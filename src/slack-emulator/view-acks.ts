import { SlackApiError } from './api-error.ts';
import { buildView, closeStack, MODAL_STACK_LIMIT } from './methods/views.ts';
import type { EmulatorState } from './state.ts';

/**
 * Applies an app's answer to a view_submission as Slack would: no response_action closes the
 * submitted view (returning to the one below it), `clear` closes the stack, `update` replaces the
 * view, `push` adds one, `errors` keeps it open with messages under the named blocks.
 * Returns the problem when the answer itself is not acceptable.
 */
export function applyViewSubmissionAck(
  state: EmulatorState,
  viewId: string,
  ack: unknown,
): Record<string, unknown> {
  const record = state.views.get(viewId);
  if (!record?.open) return { ok: false, error: 'not_found' };
  const team = state.team(record.view.team_id);
  const key = state.stackKey(team.id, record.userId);
  const stack = state.modalStacks.get(key) ?? [];
  const answer = (typeof ack === 'object' && ack !== null ? ack : {}) as Record<string, unknown>;
  try {
    switch (answer.response_action) {
      case undefined:
        closeTop(state, key, stack, viewId);
        return { ok: true };
      case 'clear':
        closeStack(state, team.id, record.userId);
        return { ok: true };
      case 'update': {
        const view = buildView(answer.view, { state, team }, record.view);
        record.view = view;
        delete record.errors;
        return { ok: true, view };
      }
      case 'push': {
        if (stack.length >= MODAL_STACK_LIMIT) throw new SlackApiError('push_limit_reached');
        const built = buildView(answer.view, { state, team });
        const view = { ...built, root_view_id: stack[0] ?? built.id, previous_view_id: viewId };
        state.views.set(view.id, { view, userId: record.userId, open: true });
        stack.push(view.id);
        state.modalStacks.set(key, stack);
        return { ok: true, view };
      }
      case 'errors': {
        const errors = answer.errors;
        if (typeof errors !== 'object' || errors === null || Object.keys(errors).length === 0) {
          throw new SlackApiError('invalid_arguments', ['[ERROR] errors must name at least one block']);
        }
        const blockIds = new Set(
          record.view.blocks.map((block) => (block as { block_id?: string }).block_id),
        );
        const unknown = Object.keys(errors).filter((blockId) => !blockIds.has(blockId));
        if (unknown.length > 0) {
          throw new SlackApiError('invalid_arguments', [
            `[ERROR] no input block with block_id ${unknown.join(', ')}`,
          ]);
        }
        record.errors = errors as Record<string, string>;
        return { ok: true };
      }
      default:
        throw new SlackApiError('invalid_arguments', [
          `[ERROR] unknown response_action ${String(answer.response_action)}`,
        ]);
    }
  } catch (error) {
    if (error instanceof SlackApiError) return error.toResponse();
    throw error;
  }
}

/** A view_closed: the closed view leaves the stack, or the whole stack when Slack says it was cleared. */
export function applyViewClosed(state: EmulatorState, viewId: string, cleared: boolean): void {
  const record = state.views.get(viewId);
  if (!record) return;
  const key = state.stackKey(record.view.team_id, record.userId);
  if (cleared) closeStack(state, record.view.team_id, record.userId);
  else closeTop(state, key, state.modalStacks.get(key) ?? [], viewId);
}

function closeTop(state: EmulatorState, key: string, stack: string[], viewId: string): void {
  const record = state.views.get(viewId);
  if (record) record.open = false;
  const index = stack.indexOf(viewId);
  // Views pushed above the closed one go with it.
  const removed = index >= 0 ? stack.splice(index) : [];
  for (const id of removed) {
    const each = state.views.get(id);
    if (each) each.open = false;
  }
  if (stack.length === 0) state.modalStacks.delete(key);
}
