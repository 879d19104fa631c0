import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CipherError,
  createCipher,
  generateEncryptionKey,
  parseEncryptionKey,
} from '../../../src/store/cipher.ts';

const hexKey = 'a'.repeat(64);

describe('parseEncryptionKey', () => {
  it('accepts 32 bytes as 64 hex characters or base64 (padded, unpadded, URL-safe)', () => {
    const bytes = Buffer.from(Array.from({ length: 32 }, (_, i) => 250 - i));
    expect(parseEncryptionKey(bytes.toString('hex'))).toEqual(bytes);
    expect(parseEncryptionKey(bytes.toString('base64'))).toEqual(bytes);
    expect(parseEncryptionKey(bytes.toString('base64url'))).toEqual(bytes);
    expect(parseEncryptionKey(` ${bytes.toString('hex')}\n`)).toEqual(bytes);
  });

  it.each([
    ['short hex', 'ab'.repeat(16)],
    ['long hex', 'ab'.repeat(33)],
    ['16-byte base64', Buffer.alloc(16, 1).toString('base64')],
    ['a passphrase', 'correct horse battery staple'],
    ['empty', ''],
  ])('rejects %s, says how to make a key, and never repeats the value', (_, value) => {
    let message = '';
    try {
      parseEncryptionKey(value);
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toContain('openssl rand -hex 32');
    if (value.length > 3) expect(message).not.toContain(value);
  });

  it('generates keys it accepts', () => {
    const key = generateEncryptionKey();
    expect(key).toMatch(/^[0-9a-f]{64}$/);
    expect(parseEncryptionKey(key)).toHaveLength(32);
    expect(generateEncryptionKey()).not.toBe(key);
  });
});

describe('createCipher', () => {
  const cipher = createCipher(hexKey);

  it('round-trips any text, with a fresh IV each time', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), fc.string(), (plaintext, context) => {
        const sealed = cipher.encrypt(plaintext, context);
        expect(cipher.decrypt(sealed, context)).toBe(plaintext);
      }),
    );
    const a = cipher.encrypt('xoxb-same');
    const b = cipher.encrypt('xoxb-same');
    expect(a).not.toBe(b);
    expect(a.split(':')[1]).not.toBe(b.split(':')[1]);
  });

  it('writes a versioned format that does not contain the plaintext', () => {
    const sealed = cipher.encrypt('xoxb-secret-token-value');
    expect(sealed).toMatch(/^v1:[\w-]{16}:[\w-]{22}:[\w-]+$/);
    expect(sealed).not.toContain('secret');
  });

  it('fails clearly on a tampered value, another key or another context', () => {
    const sealed = cipher.encrypt('xoxb-secret', 'team:T1:connection');
    const parts = sealed.split(':');
    const body = Buffer.from(parts[3]!, 'base64url');
    body[0] = body[0]! ^ 1;
    const tampered = [parts[0], parts[1], parts[2], body.toString('base64url')].join(':');
    expect(() => cipher.decrypt(tampered, 'team:T1:connection')).toThrow(CipherError);
    expect(() => cipher.decrypt(tampered, 'team:T1:connection')).toThrow(/integrity check/);
    expect(() => createCipher('b'.repeat(64)).decrypt(sealed, 'team:T1:connection')).toThrow(/integrity/);
    expect(() => cipher.decrypt(sealed, 'team:T2:connection')).toThrow(/another record/);
    expect(() => cipher.decrypt('plain-token')).toThrow(/not in the v1 format/);
    expect(() => cipher.decrypt('v1:AA:AA:AA')).toThrow(/damaged/);
  });

  it('accepts raw key bytes and refuses a wrong length', () => {
    expect(createCipher(Buffer.alloc(32, 7)).decrypt(createCipher(Buffer.alloc(32, 7)).encrypt('x'))).toBe(
      'x',
    );
    expect(() => createCipher(Buffer.alloc(16))).toThrow(/openssl rand -hex 32/);
  });
});
