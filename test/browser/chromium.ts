/**
 * Debian's Chromium driven by playwright-core, for the browser tests. Under CI=true a missing
 * Chromium fails the tests (it must be installed: `apt-get install -y chromium`); elsewhere they
 * are skipped with a message saying how to get it (test/support/required-tool.ts).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BrowserContext, chromium } from 'playwright-core';
import { requiredTool } from '../support/required-tool.ts';

export const CHROMIUM = requiredTool('chromium', 'apt-get install -y chromium');

const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export interface Browser {
  context: BrowserContext;
  close(): Promise<void>;
}

/** A fresh Chromium with its own user-data-dir, closed and removed by close(). Fails when it is missing. */
export async function launchChromium(): Promise<Browser> {
  const executablePath = CHROMIUM.require();
  const profile = mkdtempSync(join(tmpdir(), 'taskbridge-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath,
    args: ARGS,
    headless: true,
    viewport: { width: 1360, height: 860 },
    timezoneId: 'Europe/London',
    locale: 'en-US',
  });
  return {
    context,
    async close() {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}
