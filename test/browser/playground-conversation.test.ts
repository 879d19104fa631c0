/**
 * Talking to the app in the playground, in a real browser: @Taskbridge picked in a thread's reply
 * box makes the thread a task (preview, Create, the card in the thread), and the Messages tab
 * answers plain `/task` words. The real app, the emulator and the sandbox behind the page.
 */
import { describe, expect, it } from 'vitest';
import { CHROMIUM } from './chromium.ts';
import { messageWith, open, page, tasksTitled, type, usePlaygroundSession } from './playground-session.ts';

describe.runIf(CHROMIUM.mustRun)('talking to Taskbridge in the playground', () => {
  usePlaygroundSession('playground-conversation');

  it('makes a thread a task: @Taskbridge picked in the reply box, the preview, Create, the card in the thread', async () => {
    const title = 'Search returns nothing for accented names';
    await open('U0CHLOE', 'C0WEBSITE');
    await type('Message #website', title);
    await page.keyboard.press('Enter');

    await open('U0ANA', 'C0WEBSITE');
    const source = messageWith(title);
    await source.hover();
    await source.getByRole('button', { name: 'Reply in thread' }).click();
    const thread = page.getByRole('complementary', { name: 'Thread' });
    await thread.getByRole('textbox', { name: 'Reply…' }).click();
    await page.keyboard.type('@task');
    // The app is offered beside the people, and goes out as <@BOTUSERID>.
    await page
      .getByRole('listbox', { name: 'Suggestions' })
      .getByRole('option', { name: /Taskbridge/ })
      .click();
    await page.keyboard.press('Enter');

    const preview = thread.locator('article.message', { hasText: 'Make this thread a task?' });
    await preview.getByText('Only visible to you').waitFor();
    expect(await tasksTitled(title)).toHaveLength(0);
    await preview.getByRole('button', { name: 'Create' }).click();

    await thread.getByRole('button', { name: 'Done', exact: true }).waitFor();
    await expect.poll(() => tasksTitled(title)).toHaveLength(1);
    // The card is in the thread, not the channel.
    expect(
      await page
        .getByRole('region', { name: 'Messages' })
        .getByRole('button', { name: 'Done', exact: true })
        .count(),
    ).toBe(0);
  });

  it('answers plain words in the Messages tab', async () => {
    await open('U0ANA', 'app');
    await type('Message Taskbridge', 'new Renew the SSL certificate #Website due tomorrow');
    await page.keyboard.press('Enter');
    await messageWith('Renew the SSL certificate')
      .getByRole('button', { name: 'Done', exact: true })
      .waitFor();
    expect(await tasksTitled('Renew the SSL certificate')).toHaveLength(1);
  });
});
