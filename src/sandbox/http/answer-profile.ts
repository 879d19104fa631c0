/**
 * What the sandbox's answers look like, per profile. 'full' answers as the contract (src/contract)
 * says; 'spec-minimal' gives no more than the spec shows, so a client can be tested against a
 * service that differs from ours wherever the spec is silent. Everything that differs between the
 * two lives here: a serializer (and its schema) per resource, the envelopes, the error body, the
 * rate-limit headers, the query parameters honoured, and which endpoints exist.
 */
import { z } from 'zod';
import {
  AutomationSchema,
  type EndpointDef,
  type EndpointName,
  ErrorBodySchema,
  GoalSchema,
  IdSchema,
  InvitationSchema,
  MemberRefSchema,
  type Meta,
  MetaSchema,
  MindMapNodeSchema,
  MindMapSchema,
  MindMapSummarySchema,
  ProjectMemberSchema,
  ProjectSchema,
  ProjectStatusDefSchema,
  SprintReportSchema,
  SprintSchema,
  TargetSchema,
  TaskSchema,
  TaskStatusSchema,
  WorkspaceMemberSchema,
  WorkspaceSchema,
} from '../../contract/index.ts';
import { jsonText, plainRecord } from '../db/raw-json.ts';
import type { FieldErrors } from './api-error.ts';

export type ProfileName = 'full' | 'spec-minimal';
export const PROFILE_NAMES: readonly ProfileName[] = ['full', 'spec-minimal'];

/** What a handler answers, before the profile gives it its shape. */
export type Answer =
  | { status: 200 | 201; record: unknown }
  | { status: 200; page: { data: readonly unknown[]; meta: Meta } }
  | { status: 204 };

export interface AnswerProfile {
  readonly name: ProfileName;
  /** Whether the endpoint exists; one that does not answers the unknown-route 404. */
  serves(endpoint: EndpointDef): boolean;
  /** The query a handler sees: the parameters this profile honours, page size within its cap. */
  query(endpoint: EndpointDef, raw: Record<string, unknown>): Record<string, unknown>;
  /** The body of a successful answer: a value, JSON text (a string), or undefined for a 204. */
  body(endpoint: EndpointDef, answer: Answer): unknown;
  /** The body of every failure. */
  error(status: number, message: string, errors?: FieldErrors): unknown;
  /** Whether answers carry X-RateLimit-* (and a 429 Retry-After and X-RateLimit-Reset). */
  readonly rateLimitHeaders: boolean;
  /** The schema of an endpoint's success body with this status (null: no body), for the OpenAPI document and tests. */
  responseSchema(endpoint: EndpointDef, status: number): z.ZodType | null;
  readonly errorSchema: z.ZodType;
  /** Of an endpoint's query parameters, those this profile honours (for the OpenAPI document). */
  honouredQuery(endpoint: EndpointDef, names: readonly string[]): string[];
  /** Schemas the OpenAPI document names under `components.schemas`, beside each endpoint's own. */
  readonly components: Readonly<Record<string, z.ZodType>>;
}

export interface ProfileOptions {
  /** spec-minimal only: ignore `page` too (every list answers its first page). */
  pagingIgnored?: boolean;
}

// ---- full: the contract as it is ----

const fullProfile: AnswerProfile = {
  name: 'full',
  serves: () => true,
  query: (_endpoint, raw) => raw,
  body: (_endpoint, answer) => {
    if ('record' in answer) return { data: plainRecord(answer.record) };
    if ('page' in answer) {
      // Joined as text: the records of a task page come serialised already (db/raw-json.ts).
      const { data, meta } = answer.page;
      return `{"data":[${data.map(jsonText).join(',')}],"meta":${JSON.stringify(meta)}}`;
    }
    return undefined;
  },
  error: (_status, message, errors) => (errors ? { message, errors } : { message }),
  rateLimitHeaders: true,
  responseSchema: (endpoint, status) =>
    status === endpoint.status
      ? endpoint.response
      : (endpoint.alsoResponds?.find((alt) => alt.status === status)?.response ?? null),
  errorSchema: ErrorBodySchema,
  honouredQuery: (_endpoint, names) => [...names],
  components: {
    Task: TaskSchema,
    TaskStatus: TaskStatusSchema,
    MemberRef: MemberRefSchema,
    ProjectStatusDef: ProjectStatusDefSchema,
    Workspace: WorkspaceSchema,
    WorkspaceMember: WorkspaceMemberSchema,
    Project: ProjectSchema,
    ProjectMember: ProjectMemberSchema,
    Invitation: InvitationSchema,
    Sprint: SprintSchema,
    SprintReport: SprintReportSchema,
    Target: TargetSchema,
    Goal: GoalSchema,
    Automation: AutomationSchema,
    MindMapNode: MindMapNodeSchema,
    MindMapSummary: MindMapSummarySchema,
    MindMap: MindMapSchema,
    Meta: MetaSchema,
  },
};

// ---- spec-minimal: only what the spec shows ----

/** The spec's seven task fields (Part 2), in its order. */
const MinimalTaskSchema = TaskSchema.pick({
  id: true,
  title: true,
  status: true,
  assignees: true,
  due_date: true,
  priority: true,
  created_at: true,
});
const NamedSchema = z.strictObject({ id: IdSchema, name: z.string() });
const TitledSchema = z.strictObject({ id: IdSchema, title: z.string() });
/** An invitation has no name; the address it went to is what names it. */
const InvitationRefSchema = z.strictObject({ id: IdSchema, email: z.string() });
const MinimalMetaSchema = MetaSchema.omit({ last_page: true });

type Row = Record<string, unknown>;
interface Serializer {
  schema: z.ZodType;
  serialize(record: Row): unknown;
}

const task: Serializer = {
  schema: MinimalTaskSchema,
  serialize: (t) => ({
    id: t.id,
    title: t.title,
    status: t.status,
    assignees: t.assignees,
    due_date: t.due_date,
    priority: t.priority,
    created_at: t.created_at,
  }),
};
const named: Serializer = { schema: NamedSchema, serialize: (r) => ({ id: r.id, name: r.name }) };
const titled: Serializer = { schema: TitledSchema, serialize: (r) => ({ id: r.id, title: r.title }) };
/** `POST /projects/{id}/members/invite` answers an invitation, or the member when already one. */
const memberOrInvitation: Serializer = {
  schema: z.union([NamedSchema, InvitationRefSchema]),
  serialize: (r) => ('name' in r ? { id: r.id, name: r.name } : { id: r.id, email: r.email }),
};

/** The serializer of each endpoint's records; extras (not served) have none. */
const MINIMAL_RECORDS: Partial<Record<EndpointName, Serializer>> = {
  'workspaces.list': named,
  'workspaces.create': named,
  'workspaces.update': named,
  'workspaces.members': named,
  'projects.list': named,
  'projects.create': named,
  'projects.get': named,
  'projects.update': named,
  'tasks.list': task,
  'tasks.create': task,
  'tasks.get': task,
  'tasks.update': task,
  'tasks.listByProject': task,
  'sprints.listByProject': named,
  'sprints.create': named,
  'sprints.start': named,
  'mindMaps.listByProject': titled,
  'mindMaps.create': titled,
  'mindMaps.replaceData': titled,
  'goals.list': titled,
  'goals.create': titled,
  'goals.update': titled,
  'goals.addTarget': titled,
  'automations.list': named,
  'automations.create': named,
  'automations.toggle': named,
  'members.listByProject': named,
  'members.invite': memberOrInvitation,
  'members.updateRole': named,
};

/** The spec's largest page is not shown; this profile picks a small one so paging is exercised. */
export const MINIMAL_MAX_PER_PAGE = 10;

/** Query parameters the spec shows, per endpoint (Part 4: only the project task list has any). */
const SHOWN_QUERY: Partial<Record<EndpointName, readonly string[]>> = {
  'tasks.listByProject': ['status', 'per_page'],
};

const ERROR_CODES: Record<number, string> = {
  400: 'bad_request',
  401: 'unauthenticated',
  403: 'forbidden',
  404: 'not_found',
  409: 'conflict',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  422: 'validation_failed',
  429: 'too_many_requests',
  500: 'server_error',
  503: 'service_unavailable',
};

const MinimalErrorSchema = z.strictObject({
  error: z.strictObject({ code: z.string(), message: z.string() }),
});

function serializerOf(endpoint: EndpointDef): Serializer {
  const serializer = MINIMAL_RECORDS[endpoint.name as EndpointName];
  if (!serializer) throw new Error(`spec-minimal has no serializer for ${endpoint.name}`);
  return serializer;
}

/** Whether an endpoint answers a list (its contract envelope has `meta`). */
function isList(endpoint: EndpointDef): boolean {
  const shape = (endpoint.response as { shape?: Record<string, unknown> } | null)?.shape;
  return shape !== undefined && 'meta' in shape;
}

function specMinimalProfile(opts: ProfileOptions): AnswerProfile {
  // One schema object per endpoint, so the OpenAPI document can name each once.
  const schemas = new Map<EndpointDef, z.ZodType>();
  const successSchema = (endpoint: EndpointDef): z.ZodType => {
    let schema = schemas.get(endpoint);
    if (!schema) {
      const record = serializerOf(endpoint).schema;
      schema = isList(endpoint) ? z.strictObject({ data: z.array(record), meta: MinimalMetaSchema }) : record;
      schemas.set(endpoint, schema);
    }
    return schema;
  };
  return {
    name: 'spec-minimal',
    serves: (endpoint) => !endpoint.extra,
    query: (endpoint, raw) => {
      const kept: Record<string, unknown> = {};
      for (const key of SHOWN_QUERY[endpoint.name as EndpointName] ?? []) {
        if (raw[key] !== undefined) kept[key] = raw[key];
      }
      if (!opts.pagingIgnored && raw.page !== undefined) kept.page = raw.page;
      // A page size over the cap (or none: the default is larger) is the cap, as meta.per_page says.
      const perPage = kept.per_page;
      if (
        perPage === undefined ||
        (typeof perPage === 'string' && /^\d+$/.test(perPage) && Number(perPage) > MINIMAL_MAX_PER_PAGE)
      ) {
        kept.per_page = String(MINIMAL_MAX_PER_PAGE);
      }
      return kept;
    },
    body: (endpoint, answer) => {
      if ('record' in answer) return serializerOf(endpoint).serialize(plainRecord(answer.record) as Row);
      if ('page' in answer) {
        const { serialize } = serializerOf(endpoint);
        const { total, per_page, current_page } = answer.page.meta;
        return {
          data: answer.page.data.map((r) => serialize(plainRecord(r) as Row)),
          meta: { total, per_page, current_page },
        };
      }
      return undefined;
    },
    error: (status, message) => ({ error: { code: ERROR_CODES[status] ?? `http_${status}`, message } }),
    rateLimitHeaders: false,
    responseSchema: (endpoint, status) => {
      if (endpoint.response === null || endpoint.extra) return null;
      if (status !== endpoint.status && !endpoint.alsoResponds?.some((alt) => alt.status === status))
        return null;
      return successSchema(endpoint);
    },
    errorSchema: MinimalErrorSchema,
    honouredQuery: (endpoint, names) => {
      const shown = [
        ...(SHOWN_QUERY[endpoint.name as EndpointName] ?? []),
        ...(opts.pagingIgnored ? [] : ['page']),
      ];
      return names.filter((name) => shown.includes(name));
    },
    components: {
      Task: MinimalTaskSchema,
      TaskStatus: TaskStatusSchema,
      MemberRef: MemberRefSchema,
      Named: NamedSchema,
      Titled: TitledSchema,
      InvitationRef: InvitationRefSchema,
      MindMapNode: MindMapNodeSchema,
      Meta: MinimalMetaSchema,
    },
  };
}

export function answerProfile(name: ProfileName = 'full', opts: ProfileOptions = {}): AnswerProfile {
  return name === 'spec-minimal' ? specMinimalProfile(opts) : fullProfile;
}
