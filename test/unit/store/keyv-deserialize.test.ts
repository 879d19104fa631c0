/**
 * The store's reader of keyv records gives exactly what keyv's own reader gives, for any value its
 * writer may have written: strings starting with ':' (escaped by the writer), buffers, nesting.
 */
import fc from 'fast-check';
import { Keyv } from 'keyv';
import { describe, expect, it } from 'vitest';
import { fastDeserialize } from '../../../src/store/keyv-deserialize.ts';

const keyv = new Keyv();
const write = keyv.serialize!;
const keyvRead = keyv.deserialize!;
const read = fastDeserialize(keyvRead);

/** Strings made mostly of the characters that matter here. */
const tricky = fc.string({
  unit: fc.constantFrom(':', '"', ',', '[', '{', '\\', ' ', 'a', 'b', 'é', '\u003a'),
  maxLength: 12,
});
const value = fc.letrec((tie) => ({
  leaf: fc.oneof(
    tricky,
    fc.string(),
    fc.integer(),
    fc.double({ noNaN: true, noDefaultInfinity: true }),
    fc.boolean(),
    fc.constant(null),
  ),
  node: fc.oneof(
    { depthSize: 'small' },
    tie('leaf'),
    fc.array(tie('node'), { maxLength: 4 }),
    fc.dictionary(tricky, tie('node'), { maxKeys: 4 }),
  ),
})).node;

describe('fastDeserialize', () => {
  it('reads every record as keyv’s own reader does', async () => {
    await fc.assert(
      fc.asyncProperty(value, fc.option(fc.integer({ min: 0 })), async (v, expires) => {
        const text = await write({ value: v, expires: expires ?? undefined });
        expect(await read(text)).toEqual(await keyvRead(text));
      }),
      { numRuns: 2_000 },
    );
  });

  it('undoes the writer’s escapes: strings starting with a colon, and buffers', async () => {
    const record = { value: { a: ':x', b: ['::y', 'z'], c: Buffer.from('hi') }, expires: 5 };
    const text = await write(record);
    expect(await read(text)).toEqual(record);
    // ':' spelled as its JSON escape is still a leading colon to keyv's reader.
    const escaped = '{"value":"\\u003ax"}';
    expect(await keyvRead(escaped)).toEqual({ value: 'x' });
    expect(await read(escaped)).toEqual({ value: 'x' });
  });

  it('parses a record without such strings plainly', async () => {
    const text = await write({
      value: { memberId: 7, memberName: 'Ana', proof: 'email' },
      expires: undefined,
    });
    expect(await read(text)).toEqual({ value: { memberId: 7, memberName: 'Ana', proof: 'email' } });
  });
});
