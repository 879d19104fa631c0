/**
 * The assistant panel in the playground, in a real browser: opened from the sidebar, it shows the
 * prompts the app set; a prompt clicked is answered in the thread with the DM's list, and the
 * thread takes its title from those words. The real app, the emulator and the sandbox behind it.
 */
import { describe, expect, it } from 'vitest';
import { CHROMIUM } from './chromium.ts';
import { open, page, tasksTitled, type, usePlaygroundSession } from './playground-session.ts';

describe.runIf(CHROMIUM.mustRun)('the assistant panel in the playground', () => {
  usePlaygroundSession('playground-assistant');

  it('offers prompts, answers one in the thread, and takes a task from typed words', async () => {
    await open('U0ANA', 'C0WEBSITE');
    await page.getByRole('button', { name: 'Open the assistant' }).click();
    const pane = page.getByRole('complementary', { name: 'Thread' });
    const assistant = pane.getByRole('region', { name: 'Assistant' });
    await assistant.getByRole('button', { name: 'My tasks' }).click();
    await pane.locator('article.message', { hasText: 'Your tasks' }).waitFor();
    await expect.poll(() => pane.getByRole('heading', { level: 2 }).textContent()).toBe('Assistant · mine');

    await type('Reply…', 'new Draft the Q1 roadmap #Website due friday');
    await page.keyboard.press('Enter');
    await pane
      .locator('article.message', { hasText: 'Draft the Q1 roadmap' })
      .getByRole('button', { name: 'Done', exact: true })
      .waitFor();
    expect(await tasksTitled('Draft the Q1 roadmap')).toHaveLength(1);
  });
});
