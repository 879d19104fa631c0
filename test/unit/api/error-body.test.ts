import { describe, expect, it } from 'vitest';
import { readErrorBody } from '../../../src/api/error-body.ts';

describe('reading error bodies', () => {
  it("reads Laravel's {message, errors}", () => {
    expect(
      readErrorBody(
        JSON.stringify({ message: 'The given data was invalid.', errors: { title: ['Required.'] } }),
      ),
    ).toEqual({ message: 'The given data was invalid.', fields: { title: ['Required.'] } });
  });

  it('reads {error: {code, message}} and {error: "text"}', () => {
    expect(readErrorBody('{"error":{"code":"locked","message":"Sprint is locked"}}').message).toBe(
      'Sprint is locked',
    );
    expect(readErrorBody('{"error":"invalid_token","error_description":"expired"}').message).toBe(
      'invalid_token',
    );
  });

  it('reads {errors: [{message, field?}]}', () => {
    expect(
      readErrorBody('{"errors":[{"message":"Bad date","field":"due_date"},{"message":"Nope"}]}'),
    ).toEqual({
      message: 'Nope',
      fields: { due_date: ['Bad date'] },
    });
  });

  it("reads Jira's {errorMessages, errors: {field: msg}}", () => {
    expect(
      readErrorBody('{"errorMessages":["Issue does not exist"],"errors":{"summary":"Too long"}}'),
    ).toEqual({
      message: 'Issue does not exist',
      fields: { summary: ['Too long'] },
    });
  });

  it('says nothing for an empty, non-JSON or odd body, and never throws', () => {
    for (const body of ['', '   ', '<html>Bad Gateway</html>', 'null', '[1,2]', '{"message":42}', '{']) {
      expect(readErrorBody(body)).toEqual({ message: undefined, fields: {} });
    }
  });

  it('cuts a very long message', () => {
    const { message } = readErrorBody(JSON.stringify({ message: 'x'.repeat(5_000) }));
    expect(message!.length).toBeLessThan(400);
  });
});
