/** The project form (create or edit): workspace when there is a choice, name, description, colour. */
import type { KnownBlock, ModalView } from '../../ui/block-types.ts';
import { PROJECT_FIELDS as F, TEAM_VIEWS } from '../../ui/ids.ts';
import { contextLine, option } from '../../ui/limits.ts';
import { selectedValue, textValue } from '../../ui/modals/view-state.ts';
import { type FormResult, formView, idValue, staticSelect, textInput } from '../../ui/team/modal-parts.ts';

/** The contract's limits (CreateProjectBodySchema): name 1..255. */
const MAX_PROJECT_NAME = 255;
const MAX_PROJECT_DESCRIPTION = 3000;

/** The colours offered; "none" leaves the project without one. */
const PROJECT_COLOURS: ReadonlyArray<{ name: string; hex: string }> = [
  { name: 'Blue', hex: '#3B82F6' },
  { name: 'Purple', hex: '#8B5CF6' },
  { name: 'Amber', hex: '#F59E0B' },
  { name: 'Green', hex: '#22C55E' },
  { name: 'Red', hex: '#EF4444' },
  { name: 'Pink', hex: '#EC4899' },
  { name: 'Teal', hex: '#14B8A6' },
  { name: 'Grey', hex: '#6B7280' },
];
const NO_COLOUR = 'none';
const HEX = /^#[0-9A-Fa-f]{6}$/;

interface ProjectFormModel {
  privateMetadata: string;
  /** The project being edited; null to create one. */
  project: { name: string; description: string | null; color: string | null } | null;
  /** Workspaces to choose from when creating in more than one. */
  workspaces: ReadonlyArray<{ id: number; name: string }>;
  /** A name to start a new project with, as typed after `/task projects new`. */
  name?: string | null | undefined;
}

function colourOptions(current: string | null) {
  const options = [option('No colour', NO_COLOUR), ...PROJECT_COLOURS.map((c) => option(c.name, c.hex))];
  if (
    current &&
    HEX.test(current) &&
    !PROJECT_COLOURS.some((c) => c.hex.toLowerCase() === current.toLowerCase())
  ) {
    options.push(option(`Current (${current})`, current));
  }
  return options;
}

export function renderProjectForm(model: ProjectFormModel): ModalView {
  const p = model.project;
  const blocks: KnownBlock[] = [];
  if (!p && model.workspaces.length > 1) {
    blocks.push(
      staticSelect(
        F.workspace,
        'Workspace',
        model.workspaces.map((w) => option(w.name, String(w.id))),
        { initial: String(model.workspaces[0]?.id) },
      ),
    );
  }
  const colours = colourOptions(p?.color ?? null);
  const initialColour =
    colours.find((o) => (o.value ?? '').toLowerCase() === (p?.color ?? '').toLowerCase())?.value ?? NO_COLOUR;
  blocks.push(
    textInput(F.name, 'Name', {
      initial: p?.name ?? (model.name ? model.name.slice(0, MAX_PROJECT_NAME) : undefined),
      maxLength: MAX_PROJECT_NAME,
    }),
    textInput(F.description, 'Description', {
      initial: p?.description,
      multiline: true,
      optional: true,
      maxLength: MAX_PROJECT_DESCRIPTION,
    }),
    staticSelect(F.color, 'Colour', colours, { initial: initialColour, optional: true }),
  );
  if (p && p.description === null && p.color === null) {
    // Nothing to prefill: either the project has neither, or the service does not show them.
    blocks.push(contextLine('Left empty, the description and colour stay as the service holds them.'));
  }
  return formView({
    callbackId: TEAM_VIEWS.projectForm,
    title: p ? 'Edit project' : 'New project',
    submit: p ? 'Save' : 'Create',
    privateMetadata: model.privateMetadata,
    blocks,
  });
}

interface ProjectSubmission {
  /** Null when the form offered no workspace (the metadata names it). */
  workspaceId: number | null;
  name: string;
  description: string | null;
  color: string | null;
}

export function readProjectForm(values: unknown, hasWorkspaceField: boolean): FormResult<ProjectSubmission> {
  const errors: Record<string, string> = {};
  const name = textValue(values, F.name).trim();
  if (!name) errors[F.name.block] = 'Give the project a name.';
  else if (name.length > MAX_PROJECT_NAME) errors[F.name.block] = `At most ${MAX_PROJECT_NAME} characters.`;
  const workspaceId = hasWorkspaceField ? idValue(selectedValue(values, F.workspace)) : null;
  if (hasWorkspaceField && workspaceId === null) errors[F.workspace.block] = 'Choose a workspace.';
  const colour = selectedValue(values, F.color);
  if (colour !== null && colour !== NO_COLOUR && !HEX.test(colour))
    errors[F.color.block] = 'Choose a colour.';
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  const description = textValue(values, F.description).trim();
  return {
    ok: true,
    value: {
      workspaceId,
      name,
      description: description || null,
      color: colour && colour !== NO_COLOUR ? colour : null,
    },
  };
}
