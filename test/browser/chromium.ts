/**
 * Debian's Chromium driven by playwright-core, for the browser tests. Under CI=true a missing
 * Chromium fails the tests (it must be installed: `apt-get install -y chromium`); elsewhere they
 * are skipped with a message saying how to get it.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BrowserContext, chromium } from 'playwright-core';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

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

/** Why the browser tests cannot run here, or undefined when they can. Throws under CI when missing. */
export function chromiumMissing(): string | undefined {
  if (existsSync(CHROMIUM_PATH)) return undefined;
  const message = `Chromium is not at ${CHROMIUM_PATH}: install it (apt-get install -y chromium) or set CHROMIUM_PATH`;
  if (process.env.CI === 'true') throw new Error(message);
  process.stderr.write(`browser tests skipped: ${message}\n`);
  return message;
}

export interface Browser {
  context: BrowserContext;
  close(): Promise<void>;
}

/** A fresh Chromium with its own user-data-dir, closed and removed by close(). */
export async function launchChromium(): Promise<Browser> {
  const profile = mkdtempSync(join(tmpdir(), 'taskbridge-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
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
