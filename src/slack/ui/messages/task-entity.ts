/**
 * A task as a Work Object (`slack#/entities/task`): the entity message metadata carries on a task
 * card or unfurl, and the flexpane's fuller entity with its editable fields. Slack shows the Block
 * Kit card where it cannot show the entity, so the card always goes beside it. Shapes and limits:
 * `src/slack-platform/entity-metadata.ts`.
 */
import type { TaskRecord } from '../../../api/index.ts';
import type { ProjectStatusDef } from '../../../contract/index.ts';
import { PRIORITIES } from '../../../contract/index.ts';
import { resolveTimeZone, toLocalDateString } from '../../../lib/dates.ts';
import { TASK_ENTITY_TYPE } from '../../../slack-platform/entity-metadata.ts';
import { truncate } from '../../../slack-platform/mrkdwn.ts';
import { memberPlain, priorityPlain, type SlackUserIds } from './task-parts.ts';

/** The entity's `external_ref.type`: which of the app's records an entity names. */
export const TASK_REF_TYPE = 'task';

interface TaskEntityModel {
  task: TaskRecord;
  /** The task's page in the service: the entity's url (required by Slack). */
  url: string;
  slackUserIds?: SlackUserIds | undefined;
  /** The project's statuses: the status editor's options. */
  statuses?: readonly ProjectStatusDef[] | undefined;
  /** The link pasted in Slack, for an unfurl's entity. */
  appUnfurlUrl?: string | undefined;
  /** The flexpane of a person who may change the task: status, assignee, due date and priority editable. */
  editable?: boolean | undefined;
  /** The reader's zone, for the due day an editable flexpane shows (a message's entity shows an instant). */
  timeZone?: string | undefined;
}

type EntityField = Record<string, unknown>;

export interface TaskEntity {
  entity_type: typeof TASK_ENTITY_TYPE;
  url: string;
  external_ref: { id: string; type: string };
  app_unfurl_url?: string;
  entity_payload: {
    attributes: Record<string, unknown>;
    fields: Record<string, EntityField>;
    display_order: string[];
  };
}

/** Slack's tag colours are named; the nearest to a status's own colour. */
function tagColor(hex: string): string {
  const m = /^#?([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
  if (!m) return 'gray';
  const [r, g, b] = [m[1], m[2], m[3]].map((h) => Number.parseInt(h ?? '0', 16)) as [number, number, number];
  if (r > 180 && g < 120) return 'red';
  if (r > 180 && g > 150 && b < 120) return 'yellow';
  if (g > r && g > b) return 'green';
  if (b > r && b > g) return 'blue';
  return 'gray';
}

const PRIORITY_COLORS: Readonly<Record<string, string>> = {
  urgent: 'red',
  high: 'red',
  medium: 'yellow',
  low: 'gray',
};

function assigneeField(model: TaskEntityModel): EntityField | undefined {
  const { assignees } = model.task;
  const first = assignees[0];
  const edit = model.editable ? { edit: { enabled: true, optional: true } } : {};
  if (!first)
    return model.editable ? { type: 'slack#/types/user', user: { text: 'Nobody' }, ...edit } : undefined;
  const slackId = model.slackUserIds?.get(first.id);
  const others = assignees.length > 1 ? ` +${assignees.length - 1}` : '';
  if (slackId && assignees.length === 1)
    return { type: 'slack#/types/user', user: { user_id: slackId }, ...edit };
  return {
    type: 'slack#/types/user',
    user: { text: truncate(`${memberPlain(first)}${others}`, 100) },
    ...edit,
  };
}

/** The task's entity; `editable` adds the editors a flexpane shows to someone who may change it. */
export function taskEntity(model: TaskEntityModel): TaskEntity {
  const { task } = model;
  const editable = model.editable === true;
  const statusOptions = [...(model.statuses ?? [])]
    .sort((a, b) => a.position - b.position)
    .slice(0, 100)
    .map((s) => ({ text: { type: 'plain_text', text: truncate(s.name, 75) }, value: String(s.id) }));
  const fields: Record<string, EntityField> = {
    status: {
      value: truncate(task.status.name, 100),
      tag_color: tagColor(task.status.color),
      ...(editable && statusOptions.length > 0
        ? {
            edit: {
              enabled: true,
              select: { current_value: String(task.status.id), static_options: statusOptions },
            },
          }
        : {}),
    },
    priority: {
      value: priorityPlain(task.priority),
      tag_color: PRIORITY_COLORS[task.priority] ?? 'gray',
      ...(editable
        ? {
            edit: {
              enabled: true,
              select: {
                current_value: task.priority,
                static_options: PRIORITIES.map((p) => ({
                  text: { type: 'plain_text', text: priorityPlain(p) },
                  value: p,
                })),
              },
            },
          }
        : {}),
    },
  };
  const assignee = assigneeField(model);
  if (assignee) fields.assignee = assignee;
  if (editable) {
    // The day in the reader's zone, as the card's date picker shows and sets it.
    const zone = resolveTimeZone(model.timeZone);
    fields.due_date = {
      type: 'slack#/types/date',
      ...(task.due_date ? { value: toLocalDateString(new Date(task.due_date), zone) } : {}),
      edit: { enabled: true, optional: true },
    };
  } else if (task.due_date) {
    // An instant, which Slack shows in each reader's own zone.
    fields.due_date = {
      type: 'slack#/types/timestamp',
      value: Math.floor(new Date(task.due_date).getTime() / 1000),
    };
  }
  if (task.description) fields.description = { value: truncate(task.description, 1000), long: true };
  fields.date_updated = { value: Math.floor(new Date(task.updated_at).getTime() / 1000) };
  const order = ['status', 'assignee', 'due_date', 'priority', 'description', 'date_updated'];
  return {
    entity_type: TASK_ENTITY_TYPE,
    url: model.url,
    external_ref: { id: String(task.id), type: TASK_REF_TYPE },
    ...(model.appUnfurlUrl ? { app_unfurl_url: model.appUnfurlUrl } : {}),
    entity_payload: {
      attributes: {
        title: { text: truncate(task.title.trim() || `Task ${task.id}`, 250) },
        display_type: 'Task',
        display_id: `#${task.id}`,
        product_name: 'Taskbridge',
      },
      fields,
      display_order: order.filter((key) => key in fields),
    },
  };
}

/** Message metadata carrying the task's entity (for chat.postMessage, chat.update and chat.unfurl). */
export function taskEntityMetadata(model: TaskEntityModel): { entities: TaskEntity[] } {
  return { entities: [taskEntity(model)] };
}

/**
 * A message's metadata with the task's entity redrawn from `model` (a card updated in place keeps
 * its Work Object current); undefined when the metadata holds no entity of this task.
 */
export function withTaskEntityRedrawn(
  metadata: unknown,
  model: Omit<TaskEntityModel, 'url' | 'appUnfurlUrl'>,
): { entities: unknown[] } | undefined {
  const entities = (metadata as { entities?: unknown } | null | undefined)?.entities;
  if (!Array.isArray(entities)) return undefined;
  const id = String(model.task.id);
  let found = false;
  const next = entities.map((e) => {
    const entity = e as Partial<TaskEntity> | null;
    if (entity?.entity_type !== TASK_ENTITY_TYPE || entity.external_ref?.id !== id || !entity.url) return e;
    found = true;
    return taskEntity({
      ...model,
      url: entity.url,
      ...(entity.app_unfurl_url ? { appUnfurlUrl: entity.app_unfurl_url } : {}),
    });
  });
  return found ? { entities: next } : undefined;
}
