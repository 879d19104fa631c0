/**
 * The subscribe form: which project, which events, filters (in the command's syntax, shown under
 * the field), and whether thread replies also show in the channel. Pure.
 */
import { PROJECT_EVENT_KINDS, type ProjectEventKind } from '../../../notify/events/project-event.ts';
import type { ModalView } from '../../ui/block-types.ts';
import { NOTIFY_FIELDS, NOTIFY_VIEWS } from '../../ui/ids.ts';
import { LIMITS, option, plainText } from '../../ui/limits.ts';
import { KIND_LABELS } from './event-kinds.ts';

interface SubscribeFormModel {
  channelId: string;
  projects: ReadonlyArray<{ id: number; name: string }>;
  initial: {
    projectId: number | null;
    events: readonly ProjectEventKind[];
    filters: string;
    broadcast: boolean;
  };
  /** Sealed `private_metadata`. */
  metadata: string;
}

export function renderSubscribeForm(model: SubscribeFormModel): ModalView {
  const projects = model.projects
    .slice(0, LIMITS.staticSelectOptions)
    .map((p) => option(p.name, String(p.id)));
  const initialProject = projects.find((o) => o.value === String(model.initial.projectId));
  const events = PROJECT_EVENT_KINDS.map((k) => option(KIND_LABELS[k], k));
  const initialEvents = events.filter((o) => model.initial.events.includes(o.value as ProjectEventKind));
  const broadcast = option('Also send thread replies to the channel', 'broadcast');
  return {
    type: 'modal',
    callback_id: NOTIFY_VIEWS.form,
    private_metadata: model.metadata,
    title: plainText('Follow a project', LIMITS.modalTitle),
    submit: plainText('Save', LIMITS.modalButton),
    close: plainText('Cancel', LIMITS.modalButton),
    blocks: [
      {
        type: 'section',
        text: {
          type: 'mrkdwn',
          text: `Task changes are posted in <#${model.channelId}>, one thread per task.`,
        },
      },
      {
        type: 'input',
        block_id: NOTIFY_FIELDS.project.block,
        label: plainText('Project', 2000),
        element: {
          type: 'static_select',
          action_id: NOTIFY_FIELDS.project.action,
          options: projects,
          ...(initialProject ? { initial_option: initialProject } : {}),
        },
      },
      {
        type: 'input',
        block_id: NOTIFY_FIELDS.events.block,
        label: plainText('Events', 2000),
        element: {
          type: 'checkboxes',
          action_id: NOTIFY_FIELDS.events.action,
          options: events,
          ...(initialEvents.length > 0 ? { initial_options: initialEvents } : {}),
        },
      },
      {
        type: 'input',
        block_id: NOTIFY_FIELDS.filters.block,
        optional: true,
        label: plainText('Filters', 2000),
        hint: plainText(
          'status:Done  !high  @ben  "login" — put - before one to exclude it (-status:Done, -@ben), or not:"wip" for a title word.',
          2000,
        ),
        element: {
          type: 'plain_text_input',
          action_id: NOTIFY_FIELDS.filters.action,
          ...(model.initial.filters ? { initial_value: model.initial.filters } : {}),
          placeholder: plainText('-status:Done !high', 150),
        },
      },
      {
        type: 'input',
        block_id: NOTIFY_FIELDS.options.block,
        optional: true,
        label: plainText('Options', 2000),
        element: {
          type: 'checkboxes',
          action_id: NOTIFY_FIELDS.options.action,
          options: [broadcast],
          ...(model.initial.broadcast ? { initial_options: [broadcast] } : {}),
        },
      },
    ],
  };
}
