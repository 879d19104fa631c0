/**
 * The guarded dispatcher checks the address it is about to dial: a name whose resolver answers a
 * private address (DNS re-binding: public when the form was checked, private now) is refused in
 * the socket's own lookup, and an IP literal in any spelling before a socket exists. A loopback
 * server counts connections: refused means it never saw one.
 */
import type { LookupAddress } from 'node:dns';
import { createServer, type Server } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  type AddressPolicy,
  AddressRefusedError,
  ConnectionError,
  createGuardedDispatcher,
  createWorkApiClient,
  type Resolve,
  STRICT_ADDRESS_POLICY,
  WorkApiError,
} from '../../../src/api/index.ts';

let server: Server;
let port = 0;
let connections = 0;

beforeAll(async () => {
  server = createServer((socket) => {
    connections++;
    socket.destroy();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as { port: number }).port;
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});
beforeEach(() => {
  connections = 0;
});

/** A resolver for test names only: nothing here asks real DNS. */
function resolverOf(answers: Record<string, LookupAddress[]>): { resolve: Resolve; asked: string[] } {
  const asked: string[] = [];
  return {
    asked,
    resolve: async (hostname) => {
      asked.push(hostname);
      const found = answers[hostname];
      if (!found) throw Object.assign(new Error(`no test answer for ${hostname}`), { code: 'ENOTFOUND' });
      return found;
    },
  };
}

async function callAt(baseUrl: string, policy: AddressPolicy, resolve?: Resolve): Promise<WorkApiError> {
  const api = createWorkApiClient({
    baseUrl,
    token: 'guarded-test-token',
    dispatcher: createGuardedDispatcher(policy, resolve ? { resolve } : {}),
    retry: { maxRetries: 0 },
    timeoutMs: 5_000,
    cache: false,
  });
  try {
    await api.workspaces.list({ per_page: 1 });
  } catch (error) {
    if (error instanceof WorkApiError) return error;
    throw error;
  }
  throw new Error('expected the call to fail');
}

describe('the guarded dispatcher', () => {
  it('refuses, in the lookup of the dial itself, a name that resolves to a private address', async () => {
    const dns = resolverOf({ 'work.example.test': [{ address: '127.0.0.1', family: 4 }] });
    const error = await callAt(`https://work.example.test:${port}/api`, STRICT_ADDRESS_POLICY, dns.resolve);
    expect(error).toBeInstanceOf(AddressRefusedError);
    expect(error.message).toContain('resolves to a loopback address');
    expect(dns.asked).toEqual(['work.example.test']);
    expect(connections).toBe(0);
  });

  it('refuses a name when any one of its addresses is private', async () => {
    const dns = resolverOf({
      'mixed.example.test': [
        { address: '93.184.216.34', family: 4 },
        { address: '::ffff:127.0.0.1', family: 6 },
      ],
    });
    const error = await callAt(`https://mixed.example.test:${port}/api`, STRICT_ADDRESS_POLICY, dns.resolve);
    expect(error).toBeInstanceOf(AddressRefusedError);
    expect(connections).toBe(0);
  });

  it('dials exactly what the lookup answered when the policy allows it (the lookup is the dial)', async () => {
    const dns = resolverOf({ 'work.example.test': [{ address: '127.0.0.1', family: 4 }] });
    const error = await callAt(
      `https://work.example.test:${port}/api`,
      { allowPrivate: true, allowedHosts: [] },
      dns.resolve,
    );
    // The test server is no TLS server: the connection is made, then fails.
    expect(error).toBeInstanceOf(ConnectionError);
    expect(connections).toBe(1);
  });

  it('refuses IP literals in any spelling and plain http before a socket is opened', async () => {
    const dns = resolverOf({});
    for (const host of ['127.1', '2130706433', '0x7f.1', '0177.0.0.1', '[::1]', '[::ffff:127.0.0.1]']) {
      const error = await callAt(`https://${host}:${port}/api`, STRICT_ADDRESS_POLICY, dns.resolve);
      expect(error, host).toBeInstanceOf(AddressRefusedError);
    }
    const plain = await callAt(`http://127.0.0.1:${port}/api`, { allowPrivate: true, allowedHosts: [] });
    expect(plain).toBeInstanceOf(AddressRefusedError);
    expect(dns.asked).toEqual([]);
    expect(connections).toBe(0);
  });

  it('lets an allowed host through over http, at its port only', async () => {
    const policy = { allowPrivate: false, allowedHosts: [`127.0.0.1:${port}`] };
    expect(await callAt(`http://127.0.0.1:${port}/api`, policy)).toBeInstanceOf(ConnectionError);
    expect(connections).toBe(1);
    expect(await callAt(`http://127.0.0.1:${port + 1}/api`, policy)).toBeInstanceOf(AddressRefusedError);
    expect(connections).toBe(1);
  });
});
