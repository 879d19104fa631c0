import { z } from 'zod';
import { ENDPOINTS, type EndpointDef } from '../../contract/index.ts';
import type { AnswerProfile } from '../http/answer-profile.ts';

type JsonSchema = Record<string, unknown>;

const ERROR_STATUSES: Record<number, string> = {
  400: 'Malformed JSON',
  401: 'Missing or unknown bearer token',
  403: 'Not allowed for this member',
  404: 'Unknown id or route',
  409: 'Wrong state (archived project, sprint not planned, last admin…)',
  422: 'Validation failed; `errors` names each field',
  429: 'Over the rate limit of the request class',
};

function pascal(name: string): string {
  return name
    .split(/[^A-Za-z0-9]/)
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join('');
}

function ref(id: string): JsonSchema {
  return { $ref: `#/components/schemas/${id}` };
}

/** Drops what a component must not carry inside an OpenAPI document (`$schema`, and a fragment `$id`). */
function asComponent(schema: JsonSchema): JsonSchema {
  const { $schema: _dialect, $id: _id, ...rest } = schema;
  return rest;
}

/**
 * The OpenAPI 3.1 document of the whole API as the profile serves it, generated from the contract's
 * zod schemas (the same ones the sandbox validates with) and the profile's answer schemas, so they
 * cannot drift. Records, bodies and response envelopes become named components; the list filters
 * the profile honours become query parameters.
 */
export function buildOpenApiDocument(profile: AnswerProfile): JsonSchema {
  const registry = z.registry<{ id: string }>();
  const idOf = new Map<z.ZodType, string>();
  const name = (schema: z.ZodType, id: string): string => {
    const known = idOf.get(schema);
    if (known) return known;
    registry.add(schema, { id });
    idOf.set(schema, id);
    return id;
  };
  for (const [id, schema] of Object.entries(profile.components)) name(schema, id);
  name(profile.errorSchema, 'Error');
  const endpoints = (ENDPOINTS as readonly EndpointDef[]).filter((ep) => profile.serves(ep));
  for (const ep of endpoints) {
    if (ep.body) name(ep.body, `${pascal(ep.name)}Body`);
    const response = profile.responseSchema(ep, ep.status);
    if (response) name(response, `${pascal(ep.name)}Response`);
    ep.alsoResponds?.forEach((alt) => {
      const schema = profile.responseSchema(ep, alt.status);
      if (schema) name(schema, `${pascal(ep.name)}Response${alt.status}`);
    });
  }
  const generated = z.toJSONSchema(registry, {
    uri: (id) => `#/components/schemas/${id}`,
    io: 'input',
  });
  const schemas: Record<string, JsonSchema> = {};
  for (const [id, schema] of Object.entries(generated.schemas)) {
    schemas[id] = asComponent(schema as JsonSchema);
  }

  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const ep of endpoints) {
    const item = paths[ep.path] ?? {};
    paths[ep.path] = item;
    item[ep.method.toLowerCase()] = operation(ep, idOf, profile);
  }

  return {
    openapi: '3.1.0',
    info: {
      title: 'Work-management service API (Taskbridge sandbox)',
      version: '1.0.0',
      description:
        'The service of ../shared/spec/work-management-api.md as the sandbox implements it; shapes the spec leaves ' +
        'open follow docs api-assumptions.md. Operations marked x-sandbox-extra are not among the spec paths.',
    },
    // Relative to this document, which is served at {base_url}/openapi.json.
    servers: [{ url: '.' }],
    security: [{ bearerAuth: [] }],
    paths,
    components: {
      securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', description: 'An API device token' } },
      schemas,
      headers: profile.rateLimitHeaders ? RATE_LIMIT_HEADERS : {},
    },
  };
}

const RATE_LIMIT_HEADERS = {
  'X-RateLimit-Limit': {
    schema: { type: 'integer' },
    description: 'Requests allowed per minute in this class',
  },
  'X-RateLimit-Remaining': {
    schema: { type: 'integer' },
    description: 'Requests left in the current window',
  },
  'Retry-After': { schema: { type: 'integer' }, description: 'Seconds until the window ends (on 429)' },
  'X-RateLimit-Reset': {
    schema: { type: 'integer' },
    description: 'Epoch seconds when the window ends (on 429)',
  },
};

function operation(ep: EndpointDef, idOf: Map<z.ZodType, string>, profile: AnswerProfile): JsonSchema {
  const parameters: JsonSchema[] = [];
  for (const param of ep.path.match(/\{(\w+)\}/g) ?? []) {
    parameters.push({
      name: param.slice(1, -1),
      in: 'path',
      required: true,
      schema: { type: 'integer', minimum: 1 },
    });
  }
  if (ep.query) {
    const query = z.toJSONSchema(ep.query, { io: 'input' }) as { properties?: Record<string, JsonSchema> };
    const properties = query.properties ?? {};
    for (const name of profile.honouredQuery(ep, Object.keys(properties))) {
      parameters.push({ name, in: 'query', required: false, schema: properties[name] });
    }
  }
  const rateHeaders = profile.rateLimitHeaders
    ? {
        'X-RateLimit-Limit': { $ref: '#/components/headers/X-RateLimit-Limit' },
        'X-RateLimit-Remaining': { $ref: '#/components/headers/X-RateLimit-Remaining' },
      }
    : {};
  const json = (schemaId: string) => ({ 'application/json': { schema: ref(schemaId) } });
  const responses: Record<string, JsonSchema> = {};
  const response = profile.responseSchema(ep, ep.status);
  responses[String(ep.status)] = response
    ? { description: ep.summary, headers: rateHeaders, content: json(idOf.get(response)!) }
    : { description: `${ep.summary}: no content`, headers: rateHeaders };
  for (const alt of ep.alsoResponds ?? []) {
    responses[String(alt.status)] = {
      description: alt.description,
      headers: rateHeaders,
      content: json(idOf.get(profile.responseSchema(ep, alt.status)!)!),
    };
  }
  for (const [status, description] of Object.entries(ERROR_STATUSES)) {
    if (status === '400' && !ep.body) continue;
    const headers =
      status === '429' && profile.rateLimitHeaders
        ? {
            ...rateHeaders,
            'Retry-After': { $ref: '#/components/headers/Retry-After' },
            'X-RateLimit-Reset': { $ref: '#/components/headers/X-RateLimit-Reset' },
          }
        : undefined;
    responses[status] = { description, ...(headers ? { headers } : {}), content: json('Error') };
  }
  return {
    operationId: ep.name,
    summary: ep.summary,
    tags: [ep.group],
    ...(ep.extra ? { 'x-sandbox-extra': true } : {}),
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(ep.body
      ? {
          requestBody: {
            required: !ep.bodyOptional,
            content: json(idOf.get(ep.body)!),
          },
        }
      : {}),
    responses,
  };
}
