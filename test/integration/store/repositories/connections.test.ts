import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fixedClock } from '../../../../src/lib/clock.ts';
import { createCipher } from '../../../../src/store/cipher.ts';
import { openStore } from '../../../../src/store/open-store.ts';
import { createConnections, tokenHint } from '../../../../src/store/repositories/connections.ts';
import type { Store } from '../../../../src/store/types.ts';

const cipher = createCipher('2'.repeat(64));
const clock = fixedClock('2026-04-01T10:00:00.000Z');
const token = 'svc_live_0123456789abcdefa9f2';

describe('connections', () => {
  let store: Store;
  beforeEach(async () => {
    store = await openStore('sqlite::memory:');
  });
  afterEach(async () => {
    await store.close();
  });

  it('saves a connection and returns a summary without the token', async () => {
    const connections = createConnections(store, cipher, { clock });
    const summary = await connections.save('T1', {
      baseUrl: 'https://work.example.com/api',
      token,
      connectedBy: 'U1',
    });
    expect(summary).toEqual({
      baseUrl: 'https://work.example.com/api',
      connectedBy: 'U1',
      connectedAt: '2026-04-01T10:00:00.000Z',
      tokenHint: '…a9f2',
    });
    expect(JSON.stringify(summary)).not.toContain(token);
    expect(await connections.describe('T1')).toEqual(summary);
  });

  it('decrypts the token for internal use and stores it sealed', async () => {
    const connections = createConnections(store, cipher, { clock });
    await connections.save('T1', { baseUrl: 'http://127.0.0.1:4010', token, connectedBy: 'U1' });
    expect((await connections.get('T1'))?.token).toBe(token);
    expect(JSON.stringify(await store.get('team:T1:connection'))).not.toContain(token);
  });

  it('cannot be read back under another team (the sealed token is bound to its record)', async () => {
    const connections = createConnections(store, cipher, { clock });
    await connections.save('T1', { baseUrl: 'http://127.0.0.1:4010', token, connectedBy: 'U1' });
    await store.set('team:T2:connection', await store.get('team:T1:connection'));
    await expect(connections.get('T2')).rejects.toThrow(/integrity check/);
  });

  it('reads a connection another instance saved anew, and refuses one altered since it was last read', async () => {
    // Two repositories on one store: two instances. The reader has opened the first token already.
    const writer = createConnections(store, cipher, { clock });
    const reader = createConnections(store, cipher, { clock });
    await writer.save('T1', { baseUrl: 'http://127.0.0.1:4010', token, connectedBy: 'U1' });
    expect((await reader.get('T1'))?.token).toBe(token);
    await writer.save('T1', { baseUrl: 'http://127.0.0.1:4011', token: `${token}-new`, connectedBy: 'U2' });
    expect(await reader.get('T1')).toMatchObject({ baseUrl: 'http://127.0.0.1:4011', token: `${token}-new` });

    const stored = (await store.get('team:T1:connection')) as { sealedToken: string };
    const [version, iv, tag, body] = stored.sealedToken.split(':');
    const flipped = `${body!.startsWith('A') ? 'B' : 'A'}${body!.slice(1)}`;
    await store.set('team:T1:connection', { ...stored, sealedToken: [version, iv, tag, flipped].join(':') });
    await expect(reader.get('T1')).rejects.toThrow(/integrity check/);
  });

  it('cannot be read under another team even after the token was opened for its own', async () => {
    const connections = createConnections(store, cipher, { clock });
    await connections.save('T1', { baseUrl: 'http://127.0.0.1:4010', token, connectedBy: 'U1' });
    expect((await connections.get('T1'))?.token).toBe(token);
    await store.set('team:T2:connection', await store.get('team:T1:connection'));
    await expect(connections.get('T2')).rejects.toThrow(/integrity check/);
  });

  it('deletes, and answers undefined for a workspace with no connection', async () => {
    const connections = createConnections(store, cipher, { clock });
    expect(await connections.get('T1')).toBeUndefined();
    expect(await connections.describe('T1')).toBeUndefined();
    await connections.save('T1', { baseUrl: 'http://127.0.0.1:4010', token, connectedBy: 'U1' });
    expect(await connections.delete('T1')).toBe(true);
    expect(await connections.get('T1')).toBeUndefined();
  });

  it('refuses bad input naming the field, without echoing the token', async () => {
    const connections = createConnections(store, cipher);
    await expect(connections.save('T1', { baseUrl: 'ftp://x', token, connectedBy: 'U1' })).rejects.toThrow(
      /baseUrl must be an absolute http\(s\) URL/,
    );
    await expect(connections.save('T1', { baseUrl: 'not a url', token, connectedBy: 'U1' })).rejects.toThrow(
      /baseUrl/,
    );
    await expect(
      connections.save('T1', { baseUrl: 'http://x', token: ' ', connectedBy: 'U1' }),
    ).rejects.toThrow(/token must be a non-empty string/);
    await expect(connections.save('T 1', { baseUrl: 'http://x', token, connectedBy: 'U1' })).rejects.toThrow(
      /teamId/,
    );
  });

  it('masks short tokens entirely', () => {
    expect(tokenHint('short-token')).toBe('…');
    expect(tokenHint('0123456789abcdef')).toBe('…cdef');
  });
});
