import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { CreateTaskBodySchema } from '../../../src/contract/index.ts';
import { ApiError } from '../../../src/sandbox/http/api-error.ts';
import { nestingDepth, parseInput } from '../../../src/sandbox/http/validation.ts';

function errorsOf(schema: z.ZodType, input: unknown, where: 'body' | 'query' = 'body'): ApiError {
  try {
    parseInput(schema, input, where);
  } catch (err) {
    if (err instanceof ApiError) return err;
    throw err;
  }
  throw new Error('expected a validation failure');
}

describe('parseInput', () => {
  it('returns the parsed value', () => {
    expect(parseInput(CreateTaskBodySchema, { project_id: 1, title: ' T ' }, 'body')).toEqual({
      project_id: 1,
      title: 'T',
    });
  });

  it('keys errors by field path, names unknown fields and missing ones, and summarises', () => {
    const err = errorsOf(CreateTaskBodySchema, { title: 7, assignee_ids: [1, 0], surprise: true });
    expect(err.status).toBe(422);
    expect(err.errors).toEqual({
      project_id: ['This field is required.'],
      title: ['Invalid input: expected string, received number'],
      'assignee_ids.1': ['Too small: expected number to be >0'],
      surprise: ['Unknown field.'],
    });
    expect(err.message).toBe('project_id: This field is required. (and 3 more errors)');
  });

  it('explains the date forms a date field takes', () => {
    expect(errorsOf(CreateTaskBodySchema, { project_id: 1, title: 'x', due_date: 'soon' }).errors).toEqual({
      due_date: ['Must be an ISO 8601 date-time with a time-zone offset, or a date YYYY-MM-DD.'],
    });
  });

  it('puts problems with the whole input under its name', () => {
    expect(errorsOf(CreateTaskBodySchema, [1]).errors).toEqual({
      body: ['Invalid input: expected object, received array'],
    });
    expect(errorsOf(z.object({ a: z.string() }), 'x', 'query').errors).toHaveProperty('query');
  });
});

describe('nestingDepth', () => {
  it('measures objects and arrays, and stops early past the limit', () => {
    expect(nestingDepth(1, 10)).toBe(0);
    expect(nestingDepth({ a: [1, { b: {} }] }, 10)).toBe(4);
    let deep: unknown = {};
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(nestingDepth(deep, 128)).toBe(129);
  });
});
