/**
 * Emoji to task in the playground, in a real browser: a channel's :ticket: mapped by command, a
 * person's reaction picked from a message's "Add reaction", the task's card in the message's
 * thread, and the app's ✅ under the message once the card's Done is clicked; an emoji added by
 * the form behind the list's "Add an emoji". The real app, the emulator and the sandbox behind the
 * page.
 */
import { describe, expect, it } from 'vitest';
import { CHROMIUM } from './chromium.ts';
import { messageWith, open, page, tasksTitled, type, usePlaygroundSession } from './playground-session.ts';

describe.runIf(CHROMIUM.mustRun)('emoji to task in the playground', () => {
  usePlaygroundSession('playground-reactions');

  it('makes a message a task with :ticket:, its card in the thread, and shows ✅ once it is done', async () => {
    const title = 'Invoice PDF has the wrong VAT number';
    await open('U0ANA', 'C0WEBSITE');
    // The space closes the channel picker: #Website is the project here, not a channel.
    await type('Message #website', '/task react :ticket: #Website ');
    await page.keyboard.press('Enter');
    await messageWith('to make tasks in').waitFor();

    await open('U0CHLOE', 'C0WEBSITE');
    await type('Message #website', title);
    await page.keyboard.press('Enter');

    await open('U0ANA', 'C0WEBSITE');
    // The message in the channel (once its thread is open, the thread shows it and the card too).
    const source = page
      .getByRole('region', { name: 'Messages' })
      .locator('article.message', { hasText: title });
    await source.hover();
    await source.getByRole('button', { name: 'Add reaction' }).click();
    await source
      .getByRole('dialog', { name: 'Add reaction' })
      .getByRole('button', { name: ':ticket:' })
      .click();
    await source.getByRole('group', { name: 'Reactions' }).locator('[data-emoji="ticket"]').waitFor();
    await expect.poll(() => tasksTitled(title)).toHaveLength(1);

    // The card is in the message's thread, not the channel.
    await source.getByRole('button', { name: /1 repl/ }).click();
    const thread = page.getByRole('complementary', { name: 'Thread' });
    await thread.getByRole('button', { name: 'Done', exact: true }).click();
    await source
      .getByRole('group', { name: 'Reactions' })
      .locator('[data-emoji="white_check_mark"]')
      .waitFor();
    const [task] = await tasksTitled(title);
    expect(task!.status.name).toMatch(/done/i);
  });

  it('adds an emoji by the form from the list: a bad name answered in the form, a good one saved', async () => {
    await open('U0ANA', 'C0WEBSITE');
    await type('Message #website', '/task react ');
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Add an emoji' }).last().click();
    const modal = page.getByRole('dialog', { name: 'Add an emoji' });
    await modal.locator('[data-action-id="rx_emoji_input"]').fill('Bug!');
    await modal.locator('[data-action-id="rx_project_select"]').selectOption({ label: 'Mobile App' });
    await modal.getByRole('button', { name: 'Add', exact: true }).click();
    await modal.getByText("isn't an emoji name").waitFor();
    await modal.locator('[data-action-id="rx_emoji_input"]').fill(':bug:');
    await modal.getByRole('button', { name: 'Add', exact: true }).click();
    await modal.waitFor({ state: 'hidden' });
    const confirmed = messageWith('now makes tasks in');
    await confirmed.waitFor();
    expect(await confirmed.textContent()).toContain('Mobile App');
    await confirmed.getByRole('button', { name: 'Remove' }).nth(1).waitFor();
  });
});
