/**
 * What the playground's browser tests share: one local system (sandbox, emulator, the app, the
 * page) and one Chromium per test file, a fresh page per test (closed after it, with a screenshot
 * of what it showed when the test failed), and the steps a person takes. Each test starts as a new
 * visit: modals a person left open are closed first.
 *
 * The bindings below are live (ES modules): a test reads `page` as this file set it for that test.
 */
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { createWorkApiClient, type WorkApiClient } from '../../src/api/index.ts';
import type { LocalSystem } from '../../src/local/local-system.ts';
import { type PlaygroundSystem, startPlaygroundSystem } from '../support/playground-system.ts';
import { type Browser, launchChromium } from './chromium.ts';

export let playground: PlaygroundSystem;
export let system: LocalSystem;
/** The sandbox read directly (no cache), to check what the service holds. */
export let api: WorkApiClient;
export let page: Page;
let browser: Browser;

/** Call inside the file's `describe`: starts the system and Chromium, and a page per test. */
export function usePlaygroundSession(
  name = 'playground',
  options: Parameters<typeof startPlaygroundSystem>[0] = {},
): void {
  beforeAll(async () => {
    playground = await startPlaygroundSystem(options);
    system = playground.system;
    api = createWorkApiClient({ baseUrl: system.sandbox.url, token: system.sandbox.token, cache: false });
    browser = await launchChromium();
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await playground?.stop();
  });
  beforeEach(async () => {
    page = await browser.context.newPage();
    // Well inside the test's own timeout, so a missing element fails with the locator named.
    page.setDefaultTimeout(6_000);
    for (const user of ['U0ANA', 'U0BEN', 'U0CHLOE']) {
      for (const view of system.emulator.openModals(user)) system.emulator.closeView(view.id, true);
    }
  });
  afterEach(async ({ task }) => {
    // What the page showed when a test failed, for the person reading the failure.
    if (task.result?.state === 'fail') {
      const file = join(tmpdir(), `${name}-failed-${task.name.replace(/\W+/g, '-')}.png`);
      await page.screenshot({ path: file });
      process.stderr.write(`screenshot of the failure: ${file}\n`);
    }
    await page.close();
  });
}

/** Opens the page as a person (by Slack user id) in a channel (`C0…`, `home` or `app`). */
export async function open(user: string, channel: string): Promise<void> {
  await page.goto(`${playground.url}#${user}/${channel}`);
  await page.getByRole('main').waitFor();
}

/** The newest message showing text. */
export function messageWith(text: string) {
  return page.locator('article.message', { hasText: text }).last();
}

/** Types into the text box named `box`, key by key, as a person does. */
export async function type(box: string, text: string): Promise<void> {
  const input = page.getByRole('textbox', { name: box });
  await input.click();
  await input.pressSequentially(text);
}

export async function tasksTitled(title: string) {
  return (await api.tasks.list({ q: title, per_page: 100 })).data.filter((task) => task.title === title);
}
