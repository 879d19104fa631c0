import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, databaseDigest, startApi } from './helpers/api.ts';

/**
 * Every write endpoint, fuzzed with malformed bodies: each must be refused with a 4xx whose message
 * and `errors` name the field, and leave the database exactly as it was.
 */
type Kind =
  | 'id' // a reference id the sandbox checks exists
  | 'ids'
  | 'title' // non-empty bounded string
  | 'text' // optional long text, nullable
  | 'color'
  | 'date' // YYYY-MM-DD
  | 'datetime' // ISO date-time with offset or a date
  | 'enum'
  | 'number'
  | 'bool'
  | 'record'
  | 'node'
  | 'email';

interface Field {
  name: string;
  kind: Kind;
  required?: boolean;
  nullable?: boolean;
}

interface WriteEndpoint {
  method: 'POST' | 'PUT';
  path: string;
  valid: Record<string, unknown>;
  fields: Field[];
}

const node = {
  id: 'r',
  text: 'Root',
  children: [{ id: 'c', text: 'Child', task_id: 1, color: '#123456', children: [] }],
};

const ENDPOINTS: WriteEndpoint[] = [
  {
    method: 'POST',
    path: '/workspaces',
    valid: { name: 'W', settings: { timezone: 'UTC' } },
    fields: [
      { name: 'name', kind: 'title', required: true },
      { name: 'settings', kind: 'record' },
    ],
  },
  {
    method: 'PUT',
    path: '/workspaces/1',
    valid: { name: 'W2', settings: { locale: 'fr' } },
    fields: [
      { name: 'name', kind: 'title' },
      { name: 'settings', kind: 'record' },
    ],
  },
  {
    method: 'POST',
    path: '/projects',
    valid: { workspace_id: 1, name: 'P', description: 'd', color: '#123456' },
    fields: [
      { name: 'workspace_id', kind: 'id', required: true },
      { name: 'name', kind: 'title', required: true },
      { name: 'description', kind: 'text', nullable: true },
      { name: 'color', kind: 'color', nullable: true },
    ],
  },
  {
    method: 'PUT',
    path: '/projects/1',
    valid: { name: 'P', description: 'd', color: '#ABCDEF', status: 'active' },
    fields: [
      { name: 'name', kind: 'title' },
      { name: 'description', kind: 'text', nullable: true },
      { name: 'color', kind: 'color', nullable: true },
      { name: 'status', kind: 'enum' },
    ],
  },
  {
    method: 'POST',
    path: '/tasks',
    valid: {
      project_id: 1,
      title: 'T',
      description: 'd',
      status_id: 1,
      assignee_ids: [1, 2],
      due_date: '2026-12-01',
      priority: 'low',
      sprint_id: 1,
      creator_id: 2,
    },
    fields: [
      { name: 'project_id', kind: 'id', required: true },
      { name: 'title', kind: 'title', required: true },
      { name: 'description', kind: 'text', nullable: true },
      { name: 'status_id', kind: 'id' },
      { name: 'assignee_ids', kind: 'ids' },
      { name: 'due_date', kind: 'datetime', nullable: true },
      { name: 'priority', kind: 'enum' },
      { name: 'sprint_id', kind: 'id', nullable: true },
      { name: 'creator_id', kind: 'id' },
    ],
  },
  {
    method: 'PUT',
    path: '/tasks/1',
    valid: {
      title: 'T',
      description: null,
      status_id: 2,
      assignee_ids: [3],
      due_date: '2026-12-01T10:00:00+01:00',
      priority: 'high',
      sprint_id: null,
    },
    fields: [
      { name: 'title', kind: 'title' },
      { name: 'description', kind: 'text', nullable: true },
      { name: 'status_id', kind: 'id' },
      { name: 'assignee_ids', kind: 'ids' },
      { name: 'due_date', kind: 'datetime', nullable: true },
      { name: 'priority', kind: 'enum' },
      { name: 'sprint_id', kind: 'id', nullable: true },
    ],
  },
  {
    method: 'POST',
    path: '/sprints',
    valid: { project_id: 1, name: 'S', goal: 'g', start_date: '2026-12-01', end_date: '2026-12-10' },
    fields: [
      { name: 'project_id', kind: 'id', required: true },
      { name: 'name', kind: 'title', required: true },
      { name: 'goal', kind: 'text', nullable: true },
      { name: 'start_date', kind: 'date', nullable: true },
      { name: 'end_date', kind: 'date', nullable: true },
    ],
  },
  {
    method: 'POST',
    path: '/sprints/2/start',
    valid: { start_date: '2026-12-01', end_date: '2026-12-10' },
    fields: [
      { name: 'start_date', kind: 'date' },
      { name: 'end_date', kind: 'date' },
    ],
  },
  {
    method: 'POST',
    path: '/mind-maps',
    valid: { project_id: 1, title: 'M', root: node },
    fields: [
      { name: 'project_id', kind: 'id', required: true },
      { name: 'title', kind: 'title', required: true },
      { name: 'root', kind: 'node' },
    ],
  },
  {
    method: 'PUT',
    path: '/mind-maps/1/data',
    valid: { root: node },
    fields: [{ name: 'root', kind: 'node', required: true }],
  },
  {
    method: 'POST',
    path: '/goals',
    valid: {
      workspace_id: 1,
      project_id: 1,
      title: 'G',
      description: 'd',
      owner_id: 1,
      start_date: '2026-12-01',
      due_date: '2027-01-01',
      status: 'on_track',
    },
    fields: [
      { name: 'workspace_id', kind: 'id', required: true },
      { name: 'project_id', kind: 'id', nullable: true },
      { name: 'title', kind: 'title', required: true },
      { name: 'description', kind: 'text', nullable: true },
      { name: 'owner_id', kind: 'id', nullable: true },
      { name: 'start_date', kind: 'date', nullable: true },
      { name: 'due_date', kind: 'date', nullable: true },
      { name: 'status', kind: 'enum' },
    ],
  },
  {
    method: 'PUT',
    path: '/goals/1',
    valid: { project_id: 2, title: 'G', owner_id: 2, status: 'done', start_date: '2026-12-01' },
    fields: [
      { name: 'project_id', kind: 'id', nullable: true },
      { name: 'title', kind: 'title' },
      { name: 'owner_id', kind: 'id', nullable: true },
      { name: 'start_date', kind: 'date', nullable: true },
      { name: 'status', kind: 'enum' },
    ],
  },
  {
    method: 'POST',
    path: '/goals/1/targets',
    valid: { title: 'K', target_value: 10, type: 'number', start_value: 0, current_value: 1, unit: 'u' },
    fields: [
      { name: 'title', kind: 'title', required: true },
      { name: 'target_value', kind: 'number', required: true },
      { name: 'type', kind: 'enum' },
      { name: 'start_value', kind: 'number' },
      { name: 'current_value', kind: 'number' },
      { name: 'unit', kind: 'text', nullable: true },
    ],
  },
  {
    method: 'POST',
    path: '/automations',
    valid: {
      project_id: 1,
      name: 'A',
      is_active: true,
      trigger: { type: 'task_created', config: {} },
      conditions: [{ field: 'priority', operator: 'eq', value: 'high' }],
      actions: [{ type: 'notify', config: {} }],
    },
    fields: [
      { name: 'project_id', kind: 'id', required: true },
      { name: 'name', kind: 'title', required: true },
      { name: 'is_active', kind: 'bool' },
      { name: 'trigger', kind: 'record', required: true },
      { name: 'actions', kind: 'record', required: true },
    ],
  },
  {
    method: 'POST',
    path: '/automations/1/toggle',
    valid: { is_active: false },
    fields: [{ name: 'is_active', kind: 'bool' }],
  },
  {
    method: 'POST',
    path: '/projects/2/members/invite',
    valid: { email: 'someone@example.org', role: 'viewer' },
    fields: [
      { name: 'email', kind: 'email', required: true },
      { name: 'role', kind: 'enum' },
    ],
  },
  {
    method: 'PUT',
    path: '/projects/1/members/3',
    valid: { role: 'viewer' },
    fields: [{ name: 'role', kind: 'enum', required: true }],
  },
];

const huge = 'x'.repeat(100_001);

/** Values that are wrong for a field of this kind (never valid, whatever the rest of the body). */
function badValues(field: Field): fc.Arbitrary<unknown> {
  // Values of another JSON type; a field keeps the values of its own type that are valid for it.
  const otherTypes: Partial<Record<Kind, unknown[]>> = {
    bool: [{ a: 1 }, [1]],
    record: [true, [1]],
    ids: [true, { a: 1 }],
  };
  const wrongTypes = otherTypes[field.kind] ?? [true, { a: 1 }, [1]];
  const byKind: Record<Kind, unknown[]> = {
    id: [0, -1, 1.5, -0.5, '1', 999_999, 2 ** 60, 1e308],
    ids: [[0], [-3], [2.5], ['1'], [999_999], [1, null], 'x', 7, Array.from({ length: 51 }, (_, i) => i + 1)],
    title: ['', '   ', 42, huge],
    text: [42, 'y'.repeat(20_001), false],
    color: ['red', '#12345', '#GGGGGG', '123456', '#1234567', 0x123456],
    date: ['2026-13-01', '2026-02-30', 'tomorrow', '2026-12-01T10:00:00Z', 20261201, '01/12/2026'],
    datetime: ['2026-13-01', 'yesterday', '2026-11-21T25:00:00Z', '2026-11-21T10:00:00', 0, '21 Nov 2026'],
    enum: ['nope', 'ACTIVE', '', 1, huge],
    number: ['ten', '10', null],
    bool: ['true', 1, 0, null],
    record: ['text', 5, [1, 2]],
    node: [
      'root',
      [],
      { id: 'r', text: '', children: [] },
      { id: 'r', text: 'x' },
      { id: 'r', text: 'x', children: [], task_id: 0 },
    ],
    email: ['not-an-email', '@example.com', 'a@', `${huge}@example.com`, 5],
  };
  const nullIfNotNullable = field.nullable ? [] : [null];
  return fc.constantFrom(...byKind[field.kind], ...wrongTypes, ...nullIfNotNullable);
}

type Mutation = { label: string; body: unknown; field: string };

function mutation(ep: WriteEndpoint): fc.Arbitrary<Mutation> {
  const replace = fc
    .constantFrom(...ep.fields)
    .chain((field) => badValues(field).map((value) => ({ field, value })))
    .map(({ field, value }) => ({
      label: `${field.name} = ${JSON.stringify(value)?.slice(0, 60)}`,
      body: { ...ep.valid, [field.name]: value },
      field: field.name,
    }));
  const required = ep.fields.filter((f) => f.required);
  const remove =
    required.length === 0
      ? []
      : [
          fc.constantFrom(...required).map((field) => {
            const { [field.name]: _gone, ...rest } = ep.valid;
            return { label: `without ${field.name}`, body: rest, field: field.name };
          }),
        ];
  const known = new Set(ep.fields.map((f) => f.name).concat(Object.keys(ep.valid)));
  const extra = fc
    .stringMatching(/^[a-z][a-z_]{0,15}$/)
    .filter((key) => !known.has(key))
    .map((key) => ({ label: `extra ${key}`, body: { ...ep.valid, [key]: 1 }, field: key }));
  return fc.oneof(replace, extra, ...remove);
}

let api: Api;
beforeAll(async () => {
  api = await startApi();
});
afterAll(() => api.sandbox.close());

describe('bad input on every write endpoint', () => {
  it('the fuzzer starts from bodies that are valid (each succeeds on its own sandbox)', async () => {
    for (const ep of ENDPOINTS) {
      const fresh = await startApi();
      const before = databaseDigest(fresh.sandbox.db);
      const res = await fresh.call(ep.method, ep.path, { body: ep.valid });
      expect(res.status, `${ep.method} ${ep.path}: ${res.text}`).toBeLessThan(300);
      expect(databaseDigest(fresh.sandbox.db), `${ep.method} ${ep.path} writes`).not.toBe(before);
      await fresh.sandbox.close();
    }
  });

  it('refuses malformed fields with a 4xx naming the field, and changes nothing', async () => {
    const before = databaseDigest(api.sandbox.db);
    const arbitrary = fc.constantFrom(...ENDPOINTS).chain((ep) => mutation(ep).map((m) => ({ ep, m })));
    await fc.assert(
      fc.asyncProperty(arbitrary, async ({ ep, m }) => {
        const res = await api.call(ep.method, ep.path, { body: m.body });
        const where = `${ep.method} ${ep.path} with ${m.label}: ${res.status} ${res.text.slice(0, 300)}`;
        expect(res.status, where).toBeGreaterThanOrEqual(400);
        expect(res.status, where).toBeLessThan(500);
        if (res.status !== 413) {
          const named = Object.keys(res.body.errors ?? {}).some(
            (k) => k === m.field || k.startsWith(`${m.field}.`),
          );
          expect(named, where).toBe(true);
          expect(res.body.message, where).toContain(m.field);
        }
        expect(databaseDigest(api.sandbox.db), where).toBe(before);
      }),
      // A request that wrongly succeeds changes the database for every later case; stop at the first.
      { numRuns: 400, endOnFailure: true },
    );
  });

  it('refuses bodies that are not objects', async () => {
    const before = databaseDigest(api.sandbox.db);
    const notObjects = fc.oneof(
      fc.array(fc.jsonValue(), { maxLength: 4 }),
      fc.string(),
      fc.double({ noNaN: true, noDefaultInfinity: true }),
      fc.boolean(),
      fc.constant(null),
    );
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...ENDPOINTS), notObjects, async (ep, body) => {
        const res = await api.call(ep.method, ep.path, { body });
        expect(res.status).toBe(422);
        expect(Object.keys(res.body.errors)).toEqual(['body']);
        expect(databaseDigest(api.sandbox.db)).toBe(before);
      }),
      { numRuns: 150 },
    );
  });
});
