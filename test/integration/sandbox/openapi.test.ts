import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ENDPOINTS, type EndpointDef } from '../../../src/contract/index.ts';
import { type Api, startApi } from './helpers/api.ts';

/** The 30 method + path pairs of the spec's Part 4, copied from the spec itself. */
const SPEC_PART_4 = `
GET /workspaces
POST /workspaces
PUT /workspaces/{id}
GET /workspaces/{id}/members
GET /projects
POST /projects
GET /projects/{id}
PUT /projects/{id}
GET /tasks
POST /tasks
GET /tasks/{id}
PUT /tasks/{id}
DELETE /tasks/{id}
GET /projects/{id}/tasks
GET /projects/{id}/sprints
POST /sprints
POST /sprints/{id}/start
GET /projects/{id}/mind-maps
POST /mind-maps
PUT /mind-maps/{id}/data
GET /goals
POST /goals
PUT /goals/{id}
POST /goals/{id}/targets
GET /automations
POST /automations
POST /automations/{id}/toggle
GET /projects/{id}/members
POST /projects/{id}/members/invite
PUT /projects/{id}/members/{uid}`
  .trim()
  .split('\n');

type Doc = {
  openapi: string;
  paths: Record<
    string,
    Record<string, { operationId: string; responses: Record<string, Record<string, unknown>> }>
  >;
  components: { schemas: Record<string, unknown> };
};

let api: Api;
let doc: Doc;
beforeAll(async () => {
  api = await startApi();
  const res = await fetch(`${api.sandbox.url}/openapi.json`);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  doc = (await res.json()) as Doc;
});
afterAll(() => api.sandbox.close());

describe('the OpenAPI document at /api/openapi.json', () => {
  it('is OpenAPI 3.1 and lists all 30 method + path pairs of the spec', () => {
    expect(SPEC_PART_4).toHaveLength(30);
    expect(doc.openapi).toBe('3.1.0');
    for (const pair of SPEC_PART_4) {
      const [method, path] = pair.split(' ') as [string, string];
      expect(doc.paths[path]?.[method.toLowerCase()], pair).toBeDefined();
    }
    const operations = Object.values(doc.paths).flatMap((item) => Object.keys(item));
    expect(operations).toHaveLength(ENDPOINTS.length);
  });

  it('describes each answer with the JSON Schema of the contract schema the sandbox uses', () => {
    for (const ep of ENDPOINTS as readonly EndpointDef[]) {
      const op = doc.paths[ep.path]?.[ep.method.toLowerCase()];
      expect(op?.operationId).toBe(ep.name);
      const success = op?.responses[String(ep.status)] as {
        content?: Record<string, { schema: { $ref: string } }>;
      };
      if (ep.response === null) {
        expect(success.content).toBeUndefined();
        continue;
      }
      const refName = success.content?.['application/json']?.schema.$ref.replace('#/components/schemas/', '');
      const component = doc.components.schemas[refName ?? ''];
      // Generated alone, the contract schema inlines what the document names; compare after resolving.
      const alone = z.toJSONSchema(ep.response, { io: 'input' }) as Record<string, unknown>;
      expect(resolve(component, doc), ep.name).toEqual(resolve(stripDialect(alone), alone));
      expect(op?.responses['401'], ep.name).toBeDefined();
      expect(op?.responses['429'], ep.name).toBeDefined();
    }
  });

  it('has no dangling references', () => {
    const text = JSON.stringify(doc);
    for (const [, name] of text.matchAll(/"\$ref":"#\/components\/schemas\/([^"]+)"/g)) {
      expect(doc.components.schemas[name ?? ''], name).toBeDefined();
    }
  });

  it('needs no token', async () => {
    const res = await fetch(`${api.sandbox.url}/openapi.json`);
    expect(res.status).toBe(200);
  });
});

describe('the server', () => {
  it('serves every endpoint of the table (none falls to "No route")', async () => {
    for (const ep of ENDPOINTS as readonly EndpointDef[]) {
      const path = ep.path.replace('{id}', '999999').replace('{uid}', '999999');
      const res = await api.call(ep.method, path, ep.body ? { body: {} } : {});
      expect(res.body?.message ?? '', `${ep.method} ${ep.path}`).not.toMatch(/^No route/);
      expect(res.status, `${ep.method} ${ep.path}`).toBeLessThan(500);
    }
  });
});

function stripDialect(schema: Record<string, unknown>): Record<string, unknown> {
  const { $schema: _s, ...rest } = schema;
  return rest;
}

/** Inlines local `$ref`s (cycles stop at a marker), so two documents of one shape compare equal. */
function resolve(node: unknown, root: unknown, seen: string[] = []): unknown {
  if (Array.isArray(node)) return node.map((n) => resolve(n, root, seen));
  if (node === null || typeof node !== 'object') return node;
  const obj = node as Record<string, unknown>;
  if (typeof obj.$ref === 'string') {
    const ref = obj.$ref;
    if (seen.includes(ref)) return { cycle: true };
    const target = ref
      .replace(/^#\//, '')
      .split('/')
      .reduce<unknown>((at, key) => (at as Record<string, unknown> | undefined)?.[key], root);
    return resolve(target, root, [...seen, ref]);
  }
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(obj)) {
    if (key === '$defs' || key === '$id') continue;
    out[key] = resolve(value, root, seen);
  }
  return out;
}
