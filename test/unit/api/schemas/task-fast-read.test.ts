/**
 * The fast read of task records against the schema it stands in for: whenever the check says a raw
 * record is already in its read form, the schema's own reading of it deep-equals the record (and
 * so taking it as it is changes nothing). Pure logic: no service needed.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readPage, readRecord } from '../../../../src/api/envelopes.ts';
import { taskRecordSchema } from '../../../../src/api/schemas/records.ts';
import { isCanonicalTask } from '../../../../src/api/schemas/task-fast-read.ts';
import { sandboxTask } from './task-record-fixture.ts';

/** Marks a field left out of the record. */
const MISSING = Symbol('missing');
type Fields = Record<string, unknown>;

/** Builds a record with own fields only, an own `__proto__` field included (as JSON.parse makes it). */
function recordOf(fields: Fields): Fields {
  const out: Fields = {};
  for (const [key, value] of Object.entries(fields)) {
    if (value === MISSING) continue;
    Object.defineProperty(out, key, { value, enumerable: true, writable: true, configurable: true });
  }
  return out;
}

const id = fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER });
const utcMillis = fc
  .date({
    min: new Date('1970-01-01T00:00:00.000Z'),
    max: new Date('2199-12-31T23:59:59.999Z'),
    noInvalidDate: true,
  })
  .map((d) => d.toISOString());
const hexColor = fc
  .tuple(fc.integer({ min: 0, max: 0xffffff }), fc.boolean())
  .map(([n, upper]) => `#${n.toString(16).padStart(6, '0')}`[upper ? 'toUpperCase' : 'toLowerCase']());
/** Extra fields a service may add, an own `__proto__` among them (the check refuses that one). */
const anyExtras = fc.dictionary(
  fc.oneof(fc.string(), fc.constantFrom('project', 'sprint', 'extra', 'data', 'constructor', '__proto__')),
  fc.jsonValue(),
  { maxKeys: 3 },
);
/** Extra fields of a record in its read form: fc.string() can itself yield `__proto__`. */
const extras = anyExtras.filter((more) => !Object.hasOwn(more, '__proto__'));
const member = fc.tuple(id, fc.string(), extras).map(([i, name, more]) => recordOf({ ...more, id: i, name }));

/** Values near a canonical one: each a way a service's record may differ. */
const badId = fc.constantFrom<unknown>(
  0,
  -1,
  -0,
  1.5,
  2 ** 53,
  Number.NaN,
  Number.POSITIVE_INFINITY,
  '7',
  null,
  MISSING,
);
const badDate = fc.oneof(
  utcMillis.map((s) => s.replace('Z', '+00:00')),
  utcMillis.map((s) => s.replace('.000Z', 'Z').replace(/\.\d{3}Z$/, 'Z')),
  utcMillis.map((s) => s.slice(0, 10)),
  utcMillis.map((s) => s.replace('Z', '')),
  fc.constantFrom<unknown>('later', '', 1_700_000_000_000, null, MISSING, '2026-13-01T00:00:00.000Z'),
);
const weird = fc.oneof(
  fc.jsonValue(),
  fc.constantFrom<unknown>(MISSING, undefined, [], {}, new Date(0), JSON.parse('{"__proto__":{"id":1}}')),
  fc.string({ minLength: 500, maxLength: 2_000 }),
);
const badMember = fc.oneof(
  fc.tuple(badId, fc.string()).map(([i, name]) => recordOf({ id: i, name })),
  id.map((i) => ({ id: i })),
  fc
    .tuple(id, fc.string())
    .map(([i, name]) => JSON.parse(JSON.stringify({ id: i, name }).replace('{', '{"__proto__":{},'))),
  fc.tuple(id, fc.string()).map(([i, name]) => Object.assign(Object.create(null), { id: i, name })),
  weird,
);
const status = fc
  .tuple(id, fc.string(), hexColor, extras)
  .map(([i, name, color, more]) => recordOf({ ...more, id: i, name, color }));
const badStatus = fc.oneof(
  fc
    .tuple(id, fc.string(), fc.constantFrom('blue', '#abc', '#GGGGGG', '#aabbccdd', ' #aabbcc'))
    .map(([i, name, color]) => ({ id: i, name, color })),
  fc.tuple(badId, fc.string(), hexColor).map(([i, name, color]) => recordOf({ id: i, name, color })),
  fc
    .tuple(id, fc.string(), hexColor, anyExtras)
    .map(([i, name, color, more]) => recordOf({ ...more, id: i, name, color })),
  weird,
);

/** Each field: its canonical form mostly, else a near one. */
const near = <T>(good: fc.Arbitrary<T>, bad: fc.Arbitrary<unknown>) =>
  fc.oneof({ weight: 5, arbitrary: good as fc.Arbitrary<unknown> }, { weight: 1, arbitrary: bad });

const canonicalFields = {
  id,
  title: fc.string(),
  status,
  assignees: fc.array(member, { maxLength: 3 }),
  due_date: fc.option(utcMillis, { nil: null }),
  priority: fc.oneof(fc.constantFrom('low', 'medium', 'high', 'urgent'), fc.string()),
  created_at: utcMillis,
  project_id: id,
  sprint_id: fc.option(id, { nil: null }),
  description: fc.option(fc.string(), { nil: null }),
  creator: fc.option(member, { nil: null }),
  updated_at: utcMillis,
  sprint_shown: fc.constantFrom<unknown>(MISSING, true, false),
};

const canonicalTask = fc
  .tuple(extras, fc.record(canonicalFields))
  // Extras first or last: key order is the service's and must not matter.
  .map(([more, fields]) =>
    recordOf({
      ...fields,
      ...Object.fromEntries(Object.entries(more).filter(([k]) => k !== 'sprint' && !(k in fields))),
    }),
  );

const nearTask = fc
  .tuple(
    anyExtras,
    fc.record({
      id: near(id, badId),
      title: near(fc.string(), weird),
      status: near(status, badStatus),
      assignees: near(
        fc.array(member, { maxLength: 3 }),
        fc.oneof(fc.array(near(member, badMember), { minLength: 1, maxLength: 3 }), weird),
      ),
      due_date: near(fc.option(utcMillis, { nil: null }), badDate),
      priority: near(fc.string(), weird),
      created_at: near(utcMillis, badDate),
      project_id: near(id, fc.oneof(badId, fc.constant(null))),
      sprint_id: near(fc.option(id, { nil: null }), badId),
      description: near(fc.option(fc.string(), { nil: null }), weird),
      creator: near(fc.option(member, { nil: null }), badMember),
      updated_at: near(utcMillis, badDate),
      sprint_shown: near(fc.constantFrom<unknown>(MISSING, true, false), weird),
      project: near(
        fc.constant(MISSING),
        fc.oneof(
          id.map((i) => ({ id: i, name: 'P' })),
          weird,
        ),
      ),
      sprint: near(
        fc.constant(MISSING),
        fc.oneof(
          id.map((i) => ({ id: i })),
          weird,
        ),
      ),
    }),
    fc.boolean(),
  )
  .map(([more, fields, extrasFirst]) =>
    recordOf(extrasFirst ? { ...more, ...fields } : { ...fields, ...more }),
  );

/** Schemas read in a list of no known project and of a project. */
const schemas = [taskRecordSchema(), taskRecordSchema({ projectId: 5 })];

describe('the fast read of task records', () => {
  it('says yes to every record already in its read form, and the schema reads it to an equal record', () => {
    fc.assert(
      fc.property(canonicalTask, (raw) => {
        expect(isCanonicalTask(raw)).toBe(true);
        for (const schema of schemas) expect(schema.parse(raw)).toStrictEqual(raw);
      }),
      { numRuns: 1_000 },
    );
  });

  it('whenever it says yes to a near-canonical record, the schema reads it to an equal record', () => {
    let yes = 0;
    fc.assert(
      fc.property(nearTask, (raw) => {
        if (!isCanonicalTask(raw)) return;
        yes++;
        for (const schema of schemas) expect(schema.parse(raw)).toStrictEqual(raw);
      }),
      { numRuns: 5_000 },
    );
    // The property says something only if some near records were canonical after all.
    expect(yes).toBeGreaterThan(0);
  });

  const task = sandboxTask;
  const without = (key: keyof typeof task) =>
    Object.fromEntries(Object.entries(task).filter(([k]) => k !== key));

  it('says yes to the sandbox form, with or without extra fields', () => {
    expect(isCanonicalTask(task)).toBe(true);
    expect(
      isCanonicalTask({ ...task, sprint_id: 3, sprint_shown: true, url: 'https://x', tags: ['a'] }),
    ).toBe(true);
  });

  it.each([
    ['a missing spec field', without('priority')],
    ['a missing field beyond the spec', without('updated_at')],
    ['no project id', without('project_id')],
    ['a null project id (the list may know it)', { ...task, project_id: null }],
    ['a nested project beside no id', { ...without('project_id'), project: { id: 9, name: 'P' } }],
    ['a nested sprint beside a null sprint id', { ...task, sprint: { id: 4 } }],
    ['an id as a string', { ...task, id: '7' }],
    ['a negative id', { ...task, id: -7 }],
    ['a zero id', { ...task, project_id: 0 }],
    ['a fractional id', { ...task, sprint_id: 1.5 }],
    ['an id past the safe integers', { ...task, id: 2 ** 53 }],
    ['a date with an offset', { ...task, due_date: '2026-11-21T10:30:00+01:00' }],
    ['a date without milliseconds', { ...task, created_at: '2026-11-01T08:00:00Z' }],
    ['a bare date', { ...task, due_date: '2026-11-21' }],
    ['an unreadable update time', { ...task, updated_at: 'later' }],
    ['a status colour by name', { ...task, status: { ...task.status, color: 'blue' } }],
    ['a status without a name', { ...task, status: { id: 2, color: '#3B82F6' } }],
    ['an assignee without a name', { ...task, assignees: [{ id: 2 }] }],
    ['a creator with a bad id', { ...task, creator: { id: -1, name: 'Ana' } }],
    ['a description that is not text', { ...task, description: 5 }],
    ['a priority that is not text', { ...task, priority: 1 }],
    ['a sprint_shown that is not a boolean', { ...task, sprint_shown: 'no' }],
    ['an own __proto__ field', JSON.parse(JSON.stringify(task).replace('{', '{"__proto__":{"x":1},'))],
    ['a class instance', Object.assign(new (class Task {})(), task)],
    ['an array', [task]],
  ])('says no to %s', (_kind, raw) => {
    expect(isCanonicalTask(raw)).toBe(false);
  });

  it('is what page and record readers take as it is; the rest the schema reads', () => {
    const specOnly = without('project_id');
    const page = readPage([task, specOnly], taskRecordSchema({ projectId: 3 }), {
      requestUrl: new URL('http://work.test/api/tasks'),
      headers: {},
    });
    expect(page.data[0]).toBe(task);
    expect(page.data[1]).not.toBe(specOnly);
    expect(page.data[1]?.project_id).toBe(3);
    expect(readRecord({ data: task }, taskRecordSchema())).toBe(task);
    expect(readRecord({ data: { ...task, updated_at: 'later' } }, taskRecordSchema()).updated_at).toBe(
      task.created_at,
    );
  });
});
