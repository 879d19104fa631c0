/**
 * Local mode with its playground page, on loopback with free ports, for the tests that drive the
 * page (in Chromium, or through its JSON API): a fresh data folder and an in-memory store each
 * time, digests unscheduled; `stop()` removes the folder.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createLogger } from '../../src/lib/logger.ts';
import { type LocalSystem, type LocalSystemOptions, startLocalSystem } from '../../src/local/local-system.ts';

export interface PlaygroundSystem {
  system: LocalSystem;
  /** The page's base URL. */
  url: string;
  stop(): Promise<void>;
}

export async function startPlaygroundSystem(
  options: Pick<LocalSystemOptions, 'transport' | 'clock' | 'org'> = {},
): Promise<PlaygroundSystem> {
  const dataDir = mkdtempSync(join(tmpdir(), 'taskbridge-playground-'));
  const system = await startLocalSystem({
    dataDir,
    storeUrl: 'sqlite::memory:',
    encryptionKey: 'cd'.repeat(32),
    port: 0,
    sandboxPort: 0,
    playgroundPort: 0,
    scheduleDigests: false,
    logger: createLogger({ level: process.env.TEST_LOG_LEVEL ?? 'silent' }),
    ...options,
  }).catch((error: unknown) => {
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  });
  if (!system.playground) {
    await system.stop();
    throw new Error('local mode started without its playground');
  }
  return {
    system,
    url: system.playground.url,
    async stop() {
      await system.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
