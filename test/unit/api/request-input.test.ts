/**
 * A call's input is checked against the contract before anything goes out. Inputs of plain values
 * found valid are remembered per schema, so every answer here must equal a first check's.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ValidationError } from '../../../src/api/errors.ts';
import { checkInput } from '../../../src/api/request-input.ts';
import { ListTasksQuerySchema } from '../../../src/contract/index.ts';

const context = () => ({ method: 'GET', path: '/tasks', requestId: 'r1' });
const check = (schema: z.ZodType, value: object) => () => checkInput(schema, value, 'query', context);

describe('checkInput', () => {
  it('passes a valid query every time, and refuses one differing only in a value or its type', () => {
    const query = { assignee_id: 1, page: 1, per_page: 15, done: 'false' };
    for (let round = 0; round < 3; round++) expect(check(ListTasksQuerySchema, query)).not.toThrow();
    expect(check(ListTasksQuerySchema, { ...query, done: 'no' })).toThrow(ValidationError);
    expect(check(ListTasksQuerySchema, { ...query, page: 0 })).toThrow(ValidationError);
    // The same text as a valid value, another type: `done` takes strings only.
    expect(check(ListTasksQuerySchema, { ...query, done: false })).toThrow(ValidationError);
  });

  it('tells an undefined field from an absent one', () => {
    const strict = z.strictObject({ page: z.number().optional() });
    expect(check(strict, {})).not.toThrow();
    expect(check(strict, { extra: undefined })).toThrow(ValidationError);
    expect(check(strict, { page: undefined })).not.toThrow();
  });

  it('checks inputs holding more than plain values every time', () => {
    const ids = z.object({ ids: z.array(z.number().int()) });
    const value = { ids: [1, 2] };
    expect(check(ids, value)).not.toThrow();
    value.ids.push(1.5);
    expect(check(ids, value)).toThrow(ValidationError);
  });

  it('names the field and the request in the error', () => {
    let error: unknown;
    try {
      checkInput(ListTasksQuerySchema, { page: -1 }, 'query', context);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).requestId).toBe('r1');
    expect((error as ValidationError).fields).toMatchObject({ page: [expect.any(String)] });
  });
});
