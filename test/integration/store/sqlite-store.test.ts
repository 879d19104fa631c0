import { spawn } from 'node:child_process';
import { EventEmitter } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openStore } from '../../../src/store/open-store.ts';
import { inReadSession } from '../../../src/store/read-session.ts';
import { describeStoreContract } from './support/store-contract.ts';

const dir = mkdtempSync(join(tmpdir(), 'taskbridge-store-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describeStoreContract('sqlite::memory:', () => openStore('sqlite::memory:'), { clock: 'process' });
let fileCount = 0;
describeStoreContract('sqlite file', () => openStore(`sqlite:${join(dir, `contract-${fileCount++}.db`)}`), {
  clock: 'process',
});

describe('SQLite store on a file', () => {
  it('creates missing folders and keeps records across reopening', async () => {
    const url = `sqlite:${join(dir, 'nested', 'deeper', 'kept.db')}`;
    const first = await openStore(url);
    await first.set('team:T1:connection', { baseUrl: 'http://x' });
    await first.close();
    const second = await openStore(url);
    expect(await second.get('team:T1:connection')).toEqual({ baseUrl: 'http://x' });
    await second.close();
  });

  it('grants each claim to exactly one of several processes sharing the file', async () => {
    const file = join(dir, 'claims.db');
    // Create the schema first so the workers race on claims, not on CREATE TABLE.
    await (await openStore(`sqlite:${file}`)).close();
    const worker = `
      const { openStore } = await import(${JSON.stringify(join(process.cwd(), 'src/store/open-store.ts'))});
      const store = await openStore(${JSON.stringify(`sqlite:${file}`)});
      const won = [];
      for (let i = 0; i < 40; i++) if (await store.claim('key-' + i, 60000)) won.push(i);
      await store.close();
      process.stdout.write(JSON.stringify(won));
    `;
    const runWorker = () =>
      new Promise<number[]>((resolve, reject) => {
        const child = spawn(process.execPath, ['--input-type=module', '-e', worker], {
          stdio: ['ignore', 'pipe', 'pipe'],
        });
        let out = '';
        let err = '';
        child.stdout.on('data', (chunk) => {
          out += chunk;
        });
        child.stderr.on('data', (chunk) => {
          err += chunk;
        });
        child.on('error', reject);
        child.on('close', (code) => (code === 0 ? resolve(JSON.parse(out)) : reject(new Error(err))));
      });
    const results = await Promise.all([runWorker(), runWorker(), runWorker(), runWorker()]);
    const wins = results.flat().sort((a, b) => a - b);
    expect(wins).toEqual(Array.from({ length: 40 }, (_, i) => i));
  });

  it('reads what another connection to the file wrote, from the next request on', async () => {
    const url = `sqlite:${join(dir, 'two-connections.db')}`;
    const mine = await openStore(url);
    const other = await openStore(url);
    try {
      // Read once, so this connection keeps a copy of the record, the absent one and the free claim.
      await asRequest(async () => {
        await mine.set('team:T1:links-stamp', 'a');
        expect(await mine.get('team:T1:links-stamp')).toBe('a');
        expect(await mine.get('team:T1:connection')).toBeUndefined();
        expect(await mine.claimed('running:T1:U1')).toBe(false);
      });

      await other.set('team:T1:links-stamp', 'b');
      await other.set('team:T1:connection', { baseUrl: 'http://x' });
      expect(await other.claim('running:T1:U1', 60_000)).toBe(true);
      await asRequest(async () => {
        expect(await mine.get('team:T1:links-stamp')).toBe('b');
        expect(await mine.get('team:T1:connection')).toEqual({ baseUrl: 'http://x' });
        expect(await mine.claimed('running:T1:U1')).toBe(true);
      });

      await other.release('running:T1:U1');
      expect(await other.delete('team:T1:connection')).toBe(true);
      // Outside a request every read goes to the file.
      expect(await mine.claimed('running:T1:U1')).toBe(false);
      await asRequest(async () => {
        expect(await mine.claimed('running:T1:U1')).toBe(false);
        expect(await mine.get('team:T1:connection')).toBeUndefined();
        // Its own writes it reads at once.
        await mine.set('team:T1:links-stamp', 'c');
        expect(await mine.get('team:T1:links-stamp')).toBe('c');
        expect(await mine.claim('running:T1:U2', 60_000)).toBe(true);
        expect(await mine.claimed('running:T1:U2')).toBe(true);
      });
      await asRequest(async () => {
        expect(await other.get('team:T1:links-stamp')).toBe('c');
        expect(await other.claimed('running:T1:U2')).toBe(true);
      });
    } finally {
      await mine.close();
      await other.close();
    }
  });
});

/** Runs `work` as one request to the app (store/read-session.ts), whose response is then sent. */
async function asRequest(work: () => Promise<void>): Promise<void> {
  const res = new EventEmitter();
  await inReadSession(res, work);
  res.emit('finish');
}
