/**
 * Slack's Work Object entity shapes, as message metadata carries them (`metadata.entities` on
 * chat.postMessage, chat.update and chat.unfurl) and as entity.presentDetails takes one. The app's
 * renderers build within these rules and the emulator checks them.
 *
 * Where the rules come from: the platform notes' "Work Objects" section
 * (`/work/shared/docs/slack-platform.md`), Slack's pages docs.slack.dev/messaging/work-objects and
 * …/work-objects-implementation, and the `EntityMetadata` types of `@slack/types` 3.2
 * (`message-metadata.d.ts`: entity types, the task's fields, string, typed and timestamp fields,
 * `edit`). Slack drops metadata that breaks them and answers `ok: true` with the warning
 * `invalid_metadata_format`; entity.presentDetails refuses it with `invalid_metadata`.
 */

export const TASK_ENTITY_TYPE = 'slack#/entities/task';

/** The entity types Slack knows (`EntityType`). */
const ENTITY_TYPES = [
  TASK_ENTITY_TYPE,
  'slack#/entities/file',
  'slack#/entities/item',
  'slack#/entities/incident',
  'slack#/entities/content_item',
] as const;

type FieldKind = 'string' | 'typed' | 'timestamp' | 'image';

/** The fields each entity type has, and the shape of each (`TaskEntityFields` and its kin). */
const FIELDS: Readonly<Record<string, Readonly<Record<string, FieldKind>>>> = {
  'slack#/entities/task': {
    description: 'string',
    created_by: 'typed',
    date_created: 'timestamp',
    date_updated: 'timestamp',
    assignee: 'typed',
    status: 'string',
    due_date: 'typed',
    priority: 'string',
  },
  'slack#/entities/file': {
    preview: 'image',
    created_by: 'typed',
    date_created: 'timestamp',
    date_updated: 'timestamp',
    last_modified_by: 'typed',
    file_size: 'string',
    mime_type: 'string',
  },
  'slack#/entities/incident': {
    status: 'string',
    priority: 'string',
    urgency: 'string',
    created_by: 'typed',
    assigned_to: 'typed',
    date_created: 'timestamp',
    date_updated: 'timestamp',
    description: 'string',
    service: 'string',
  },
  'slack#/entities/content_item': {
    preview: 'image',
    description: 'string',
    created_by: 'typed',
    date_created: 'timestamp',
    date_updated: 'timestamp',
    last_modified_by: 'typed',
  },
  'slack#/entities/item': {},
};

/** One problem, with a JSON pointer into the metadata, worded as Slack's `response_metadata` is. */
export interface EntityProblem {
  pointer: string;
  message: string;
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const isText = (v: unknown): v is string => typeof v === 'string' && v.length > 0;

function checkEdit(edit: unknown, at: string, out: EntityProblem[]): void {
  if (edit === undefined) return;
  if (!isObject(edit) || typeof edit.enabled !== 'boolean') {
    out.push({ pointer: `${at}/edit`, message: 'edit must be an object with a boolean enabled' });
    return;
  }
  const select = edit.select;
  if (select !== undefined) {
    if (!isObject(select)) out.push({ pointer: `${at}/edit/select`, message: 'select must be an object' });
    else if (select.static_options !== undefined && !Array.isArray(select.static_options)) {
      out.push({ pointer: `${at}/edit/select/static_options`, message: 'static_options must be an array' });
    }
  }
}

function checkField(kind: FieldKind, field: unknown, at: string, out: EntityProblem[]): void {
  if (!isObject(field)) {
    out.push({ pointer: at, message: 'a field must be an object' });
    return;
  }
  if (field.tag_color !== undefined && typeof field.tag_color !== 'string') {
    out.push({ pointer: `${at}/tag_color`, message: 'tag_color must be a string' });
  }
  checkEdit(field.edit, at, out);
  if (kind === 'string' && typeof field.value !== 'string') {
    out.push({ pointer: `${at}/value`, message: 'value must be a string' });
  }
  if (kind === 'timestamp' && typeof field.value !== 'number') {
    out.push({ pointer: `${at}/value`, message: 'value must be a Unix timestamp (a number)' });
  }
  if (kind === 'image' && !isText(field.alt_text)) {
    out.push({ pointer: `${at}/alt_text`, message: 'alt_text is required' });
  }
  if (kind === 'typed') {
    if (!isText(field.type)) {
      out.push({ pointer: `${at}/type`, message: 'type is required' });
      return;
    }
    if (field.type === 'slack#/types/user') {
      const user = field.user;
      const ok = isObject(user) && (isText(user.user_id) || isText(user.text));
      if (!ok) out.push({ pointer: `${at}/user`, message: 'a user field needs user.user_id or user.text' });
    } else if (field.type === 'slack#/types/timestamp') {
      if (typeof field.value !== 'number') {
        out.push({ pointer: `${at}/value`, message: 'a timestamp field needs a numeric value' });
      }
    } else if (
      field.value !== undefined &&
      typeof field.value !== 'string' &&
      typeof field.value !== 'number'
    ) {
      out.push({ pointer: `${at}/value`, message: 'value must be a string or a number' });
    }
  }
}

/** The problems of one entity (empty: Slack takes it). `unfurlUrls`: chat.unfurl's URLs, each entity must name one. */
export function entityProblems(entity: unknown, at = '', unfurlUrls?: readonly string[]): EntityProblem[] {
  const out: EntityProblem[] = [];
  if (!isObject(entity)) return [{ pointer: at || '/', message: 'an entity must be an object' }];
  const type = entity.entity_type;
  if (typeof type !== 'string' || !(ENTITY_TYPES as readonly string[]).includes(type)) {
    out.push({
      pointer: `${at}/entity_type`,
      message: `entity_type must be one of ${ENTITY_TYPES.join(', ')}`,
    });
  }
  if (!isText(entity.url)) out.push({ pointer: `${at}/url`, message: 'url is required' });
  const ref = entity.external_ref;
  if (!isObject(ref) || !isText(ref.id)) {
    out.push({ pointer: `${at}/external_ref/id`, message: 'external_ref.id is required (a string)' });
  }
  if (unfurlUrls) {
    if (!isText(entity.app_unfurl_url)) {
      out.push({ pointer: `${at}/app_unfurl_url`, message: 'app_unfurl_url is required in chat.unfurl' });
    } else if (!unfurlUrls.includes(entity.app_unfurl_url)) {
      out.push({
        pointer: `${at}/app_unfurl_url`,
        message: 'app_unfurl_url must be one of the unfurled URLs',
      });
    }
  }
  const payload = entity.entity_payload;
  if (!isObject(payload)) {
    out.push({ pointer: `${at}/entity_payload`, message: 'entity_payload is required' });
    return out;
  }
  const attributes = payload.attributes;
  if (!isObject(attributes) || !isObject(attributes.title) || !isText(attributes.title.text)) {
    out.push({ pointer: `${at}/entity_payload/attributes/title/text`, message: 'a title is required' });
  }
  const known = typeof type === 'string' ? FIELDS[type] : undefined;
  const fields = payload.fields;
  if (fields !== undefined) {
    if (!isObject(fields)) {
      out.push({ pointer: `${at}/entity_payload/fields`, message: 'fields must be an object' });
    } else if (known) {
      for (const [key, field] of Object.entries(fields)) {
        const kind = known[key];
        const where = `${at}/entity_payload/fields/${key}`;
        if (!kind) out.push({ pointer: where, message: `${key} is not a field of ${String(type)}` });
        else checkField(kind, field, where, out);
      }
    }
  }
  const custom = payload.custom_fields;
  const customKeys = new Set<string>();
  if (custom !== undefined) {
    if (!Array.isArray(custom)) {
      out.push({ pointer: `${at}/entity_payload/custom_fields`, message: 'custom_fields must be an array' });
    } else {
      custom.forEach((field, i) => {
        const where = `${at}/entity_payload/custom_fields/${i}`;
        if (!isObject(field) || !isText(field.key) || !isText(field.label) || !isText(field.type)) {
          out.push({ pointer: where, message: 'a custom field needs key, label and type' });
          return;
        }
        customKeys.add(field.key);
        checkEdit(field.edit, where, out);
      });
    }
  }
  const order = payload.display_order;
  if (order !== undefined) {
    const shown = new Set([...Object.keys(isObject(fields) ? fields : {}), ...customKeys]);
    if (!Array.isArray(order) || order.some((k) => typeof k !== 'string' || !shown.has(k))) {
      out.push({
        pointer: `${at}/entity_payload/display_order`,
        message: 'display_order must list only keys of the entity’s fields and custom fields',
      });
    }
  }
  return out;
}

/** The problems of message metadata carrying entities (none: Slack keeps it). Event metadata is left alone. */
export function messageMetadataProblems(metadata: unknown, unfurlUrls?: readonly string[]): EntityProblem[] {
  if (!isObject(metadata)) return [{ pointer: '/metadata', message: 'metadata must be an object' }];
  if (metadata.entities === undefined) {
    if (unfurlUrls)
      return [{ pointer: '/metadata/entities', message: 'entities is required in chat.unfurl' }];
    return isText(metadata.event_type) && isObject(metadata.event_payload)
      ? []
      : [{ pointer: '/metadata', message: 'metadata needs event_type and event_payload, or entities' }];
  }
  if (!Array.isArray(metadata.entities) || metadata.entities.length === 0) {
    return [{ pointer: '/metadata/entities', message: 'entities must be a non-empty array' }];
  }
  return metadata.entities.flatMap((e, i) => entityProblems(e, `/metadata/entities/${i}`, unfurlUrls));
}

/** As Slack words a problem in `response_metadata`: `[WARNING] … [json-pointer:/…]`. */
export function formatEntityProblem(level: 'ERROR' | 'WARNING', p: EntityProblem): string {
  return `[${level}] ${p.message} [json-pointer:${p.pointer}]`;
}
