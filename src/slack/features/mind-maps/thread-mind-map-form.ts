/** "Thread to mind map": the form that picks the project and the map's title. */
import type { ModalView } from '../../ui/block-types.ts';
import { THREAD_MIND_MAP_FIELDS as F, TEAM_VIEWS } from '../../ui/ids.ts';
import { option } from '../../ui/limits.ts';
import { selectedValue, textValue } from '../../ui/modals/view-state.ts';
import { plural } from '../../ui/team/format.ts';
import {
  type FormResult,
  formNote,
  formView,
  idValue,
  staticSelect,
  textInput,
} from '../../ui/team/modal-parts.ts';

/** The contract's limit on a mind map's title (CreateMindMapBodySchema): 1..500. */
const MAX_MAP_TITLE = 500;

export function renderThreadMindMapForm(model: {
  privateMetadata: string;
  projects: ReadonlyArray<{ id: number; name: string }>;
  projectId: number | null;
  title: string;
  replies: number;
}): ModalView {
  return formView({
    callbackId: TEAM_VIEWS.threadToMindMap,
    title: 'Thread to mind map',
    submit: 'Make the map',
    privateMetadata: model.privateMetadata,
    blocks: [
      formNote(
        `The thread’s first message becomes the centre and its ${plural(model.replies, 'reply', 'replies')} the branches, in order.`,
      ),
      staticSelect(
        F.project,
        'Project',
        model.projects.map((p) => option(p.name, String(p.id))),
        {
          initial: model.projectId === null ? null : String(model.projectId),
          placeholder: 'Choose a project',
        },
      ),
      textInput(F.title, 'Title', { initial: model.title, maxLength: MAX_MAP_TITLE }),
    ],
  });
}

export function readThreadMindMapForm(values: unknown): FormResult<{ projectId: number; title: string }> {
  const errors: Record<string, string> = {};
  const projectId = idValue(selectedValue(values, F.project));
  if (projectId === null) errors[F.project.block] = 'Choose the project the map belongs to.';
  const title = textValue(values, F.title).trim();
  if (!title) errors[F.title.block] = 'Give the map a title.';
  if (Object.keys(errors).length > 0 || projectId === null) return { ok: false, errors };
  return { ok: true, value: { projectId, title: title.slice(0, MAX_MAP_TITLE) } };
}
