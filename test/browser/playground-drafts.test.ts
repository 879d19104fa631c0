/**
 * The playground keeps what a person typed, as Slack does: the message box's draft per person and
 * channel (across switches and a reload), a send that fails leaves the text with the reason beside
 * it, an open modal's values survive a reload, and a modal left open from an earlier visit closes
 * by ×, Close or Escape even when the app behind it is gone; and the app's DM is marked unread when
 * a global shortcut's task is posted there. Real Chromium, the real app; the app is stopped (its
 * port closed) for the last tests, so they run last.
 */
import { WebClient } from '@slack/web-api';
import { beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM } from './chromium.ts';
import { open, page, playground, system, usePlaygroundSession } from './playground-session.ts';

const box = (name: string) => page.getByRole('textbox', { name });

/** A modal opened straight through Slack's API, as the app would have opened it on an earlier visit. */
async function leaveModalOpen(user: string, title: string): Promise<string> {
  const slack = new WebClient(system.emulator.botToken, { slackApiUrl: system.emulator.url });
  const opened = await slack.views.open({
    trigger_id: system.emulator.issueTriggerId(user),
    view: {
      type: 'modal',
      callback_id: 'left_from_before',
      notify_on_close: true,
      title: { type: 'plain_text', text: title },
      submit: { type: 'plain_text', text: 'Save' },
      close: { type: 'plain_text', text: 'Cancel' },
      blocks: [
        {
          type: 'input',
          block_id: 'note',
          label: { type: 'plain_text', text: 'Note' },
          element: { type: 'plain_text_input', action_id: 'note_input' },
        },
      ],
    },
  });
  return opened.view!.id!;
}

describe.runIf(CHROMIUM.mustRun)('the playground keeps what a person typed', () => {
  usePlaygroundSession('playground-drafts');

  it('keeps a draft per person and channel, across switches and a reload, and serves its icon', async () => {
    await open('U0ANA', 'C0GENERAL');
    await box('Message #general').click();
    await page.keyboard.type('Half a thought about the launch');

    await page.getByRole('button', { name: 'random' }).click();
    expect(await box('Message #random').inputValue()).toBe('');
    await page.getByRole('button', { name: 'general' }).click();
    expect(await box('Message #general').inputValue()).toBe('Half a thought about the launch');

    // Ben has his own box in #general: Ana's draft is hers.
    await page.getByRole('combobox', { name: 'Viewing as' }).selectOption({ label: 'Ben Okafor' });
    await page.waitForURL(/#U0BEN\/C0GENERAL$/);
    expect(await box('Message #general').inputValue()).toBe('');

    await open('U0ANA', 'C0GENERAL');
    await page.reload();
    expect(await box('Message #general').inputValue()).toBe('Half a thought about the launch');

    const icon = await fetch(new URL('/favicon.ico', playground.url));
    expect(icon.status).toBe(200);
    expect(icon.headers.get('content-type')).toContain('image/svg+xml');
  });

  it('keeps an open modal’s values across a reload', async () => {
    await open('U0ANA', 'C0GENERAL');
    await page.getByRole('button', { name: 'Shortcuts' }).click();
    await page.getByRole('menuitem', { name: /Create task/ }).click();
    const modal = page.getByRole('dialog', { name: 'Create task' });
    await modal.locator('[data-action-id="ct_title_input"]').fill('Plan the offsite');
    await modal.locator('[data-action-id="ct_due_date_picker"]').fill('2026-12-03');

    await page.reload();
    expect(await modal.locator('[data-action-id="ct_title_input"]').inputValue()).toBe('Plan the offsite');
    expect(await modal.locator('[data-action-id="ct_due_date_picker"]').inputValue()).toBe('2026-12-03');
    await page.keyboard.press('Escape');
    await modal.waitFor({ state: 'hidden' });
    await expect.poll(() => system.emulator.openModals('U0ANA')).toHaveLength(0);
  });

  it('marks the app’s DM unread when a global shortcut’s task lands there, until it is read', async () => {
    await open('U0ANA', 'C0GENERAL');
    await page.getByRole('button', { name: 'Shortcuts' }).click();
    await page.getByRole('menuitem', { name: /Create task/ }).click();
    const modal = page.getByRole('dialog', { name: 'Create task' });
    await modal.locator('[data-action-id="ct_project_select"] input').fill('Webs');
    await modal.getByRole('option', { name: 'Website' }).click();
    await modal.locator('[data-action-id="ct_title_input"]').fill('Order the banners');
    await modal.getByRole('button', { name: 'Create' }).click();
    await modal.waitFor({ state: 'hidden' });

    const app = page
      .getByRole('navigation', { name: 'Channels' })
      .getByRole('button', { name: /Taskbridge/ });
    await app.getByText('new', { exact: true }).waitFor();
    await app.click();
    await page.getByRole('tab', { name: /Messages/ }).click();
    await page.locator('article.message', { hasText: 'Order the banners' }).waitFor();
    await page.getByRole('button', { name: 'general' }).click();
    await box('Message #general').waitFor();
    expect(await app.getByText('new', { exact: true }).count()).toBe(0);
  });

  describe('with the app stopped', () => {
    beforeAll(async () => {
      await system.app.stop();
    });

    it('leaves a command that could not be sent in the box, with the reason beside it', async () => {
      await open('U0ANA', 'C0RANDOM');
      await box('Message #random').click();
      await page.keyboard.type('/task mine');
      await page.keyboard.press('Enter');
      const problem = page.locator('.composer').getByRole('alert');
      await problem.waitFor();
      expect(await problem.textContent()).toMatch(/^Not sent: .*dispatch_failed.* press Enter to try again/);
      expect(await box('Message #random').inputValue()).toBe('/task mine');
      await page.reload();
      expect(await box('Message #random').inputValue()).toBe('/task mine');
    });

    it('closes a modal left from an earlier visit, whose submission fails, by × and by Escape', async () => {
      await leaveModalOpen('U0BEN', 'Left open');
      await open('U0BEN', 'C0GENERAL');
      const modal = page.getByRole('dialog', { name: 'Left open' });
      await modal.locator('[data-action-id="note_input"]').fill('Anything');
      await modal.getByRole('button', { name: 'Save' }).click();
      expect(await modal.getByRole('alert').textContent()).toMatch(/^Not submitted: the app did not answer/);
      await modal.getByRole('button', { name: 'Close', exact: true }).click();
      await modal.waitFor({ state: 'hidden' });

      await leaveModalOpen('U0BEN', 'Left open too');
      await page.reload();
      const another = page.getByRole('dialog', { name: 'Left open too' });
      await another.waitFor();
      await page.keyboard.press('Escape');
      await another.waitFor({ state: 'hidden' });
      // Nothing is left to cover the page: the box takes typing again.
      await box('Message #general').click();
      await expect.poll(() => system.emulator.openModals('U0BEN')).toHaveLength(0);
    });
  });
});
