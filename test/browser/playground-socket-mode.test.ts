/**
 * The playground with the app in Socket Mode (LOCAL_SLACK_TRANSPORT=socket): the same page, every
 * request now an envelope over the emulator's WebSocket. A command, a card's button and a modal's
 * options request and submission, in Chromium.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalSystem } from '../../src/local/local-system.ts';
import { type PlaygroundSystem, startPlaygroundSystem } from '../support/playground-system.ts';
import { type Browser, CHROMIUM, launchChromium } from './chromium.ts';

let playground: PlaygroundSystem;
let system: LocalSystem;
let browser: Browser;
let page: Page;

describe.runIf(CHROMIUM.mustRun)('the playground with the app in Socket Mode', () => {
  beforeAll(async () => {
    playground = await startPlaygroundSystem({ transport: 'socket' });
    system = playground.system;
    browser = await launchChromium();
    page = await browser.context.newPage();
    page.setDefaultTimeout(6_000);
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await playground?.stop();
  });

  it('creates a task by command and marks it done, and creates one by the global shortcut', async () => {
    expect(system.eventsUrl).toBeUndefined();
    expect(system.emulator.socketMode.connectionCount('T0001')).toBe(1);
    await page.goto(`${playground.url}#U0ANA/C0WEBSITE`);
    const box = page.getByRole('textbox', { name: 'Message #website' });
    await box.click();
    await box.pressSequentially('/task new Socket-borne card #Website ');
    await page.keyboard.press('Enter');
    const card = page.locator('article.message', { hasText: 'Socket-borne card' }).last();
    await card.getByRole('button', { name: 'Done', exact: true }).click();
    await card.getByRole('button', { name: 'Undo' }).waitFor();

    await page.getByRole('button', { name: 'Shortcuts' }).click();
    await page.getByRole('menuitem', { name: /Create task/ }).click();
    const modal = page.getByRole('dialog', { name: 'Create task' });
    await modal.locator('[data-action-id="ct_project_select"] input').fill('Webs');
    await modal.getByRole('option', { name: 'Website' }).click();
    await modal.locator('[data-action-id="ct_title_input"]').fill('Socket-borne form task');
    await modal.getByRole('button', { name: 'Create' }).click();
    await modal.waitFor({ state: 'hidden' });
    expect(system.emulator.calls('response_action').at(-1)?.response).toMatchObject({ ok: true });
  });
});
