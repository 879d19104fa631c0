/** Workspaces: the list, what a form did, and the form (create or rename). */
import { escapeWithin } from '../../../slack-platform/mrkdwn.ts';
import type { KnownBlock, ModalView, RenderedMessage } from '../../ui/block-types.ts';
import { WORKSPACE_FIELDS as F, TEAM_VIEWS } from '../../ui/ids.ts';
import { contextLine, LIMITS, mrkdwn, plainText } from '../../ui/limits.ts';
import { textValue } from '../../ui/modals/view-state.ts';
import { fallbackName, fallbackText } from '../../ui/team/format.ts';
import { type FormResult, formView, textInput } from '../../ui/team/modal-parts.ts';
import { linesToSections } from '../../ui/team/sections.ts';

interface WorkspaceModel {
  id: number;
  name: string;
  settings: Record<string, unknown>;
}

/** The contract's limit (CreateWorkspaceBodySchema): name 1..255. */
const MAX_WORKSPACE_NAME = 255;

function settingsText(settings: Record<string, unknown>): string {
  const zone = typeof settings.timezone === 'string' ? settings.timezone : null;
  const locale = typeof settings.locale === 'string' ? settings.locale : null;
  return [zone, locale]
    .filter(Boolean)
    .map((s) => escapeWithin(String(s), 60))
    .join(' · ');
}

export function renderWorkspaceList(model: { workspaces: readonly WorkspaceModel[] }): RenderedMessage {
  const lines = model.workspaces.map((w) => {
    const settings = settingsText(w.settings);
    return `• *${escapeWithin(w.name, 200)}* (number ${w.id})${settings ? ` · ${settings}` : ''}`;
  });
  const blocks: KnownBlock[] = [{ type: 'header', text: plainText('Workspaces', LIMITS.headerText) }];
  if (lines.length === 0) blocks.push({ type: 'section', text: mrkdwn('No workspaces.') });
  blocks.push(...linesToSections(lines, { maxBlocks: LIMITS.messageBlocks - 2 }));
  blocks.push(
    contextLine(
      '`/task workspaces members ID` lists its people; `workspaces new` and `workspaces rename ID` are for workspace admins.',
    ),
  );
  return {
    text: fallbackText(
      `Workspaces: ${model.workspaces.map((w) => fallbackName(w.name)).join(', ') || 'none'}`,
    ),
    blocks,
  };
}

export function renderWorkspaceSaved(model: {
  workspace: { name: string };
  userId: string;
  change: 'created' | 'renamed';
}): RenderedMessage {
  const text = `:white_check_mark: <@${model.userId}> ${model.change} the workspace *${escapeWithin(model.workspace.name, 200)}*.`;
  return { text, blocks: [{ type: 'section', text: mrkdwn(text) }] };
}

export function renderWorkspaceForm(model: { privateMetadata: string; name: string | null }): ModalView {
  return formView({
    callbackId: TEAM_VIEWS.workspaceForm,
    title: model.name ? 'Rename workspace' : 'New workspace',
    submit: model.name ? 'Rename' : 'Create',
    privateMetadata: model.privateMetadata,
    blocks: [textInput(F.name, 'Name', { initial: model.name, maxLength: MAX_WORKSPACE_NAME })],
  });
}

export function readWorkspaceForm(values: unknown): FormResult<{ name: string }> {
  const name = textValue(values, F.name).trim();
  if (!name) return { ok: false, errors: { [F.name.block]: 'Give the workspace a name.' } };
  if (name.length > MAX_WORKSPACE_NAME) {
    return { ok: false, errors: { [F.name.block]: `At most ${MAX_WORKSPACE_NAME} characters.` } };
  }
  return { ok: true, value: { name } };
}
