/**
 * The playground with an Enterprise Grid org (LOCAL_SLACK_ORG=1), in Chromium: the sidebar's
 * workspace switcher moves between Acme and Globex's Sales, Engineering and Legal, each with its
 * own person, channels and Home. The app is installed org-wide through Slack's OAuth path, and one
 * service connection serves the whole org: a task made in Engineering is found from Sales. Legal,
 * where the app was not added, is told how an org admin adds it.
 */
import { describe, expect, it } from 'vitest';
import { ORG_SEED } from '../../src/slack-emulator/index.ts';
import { CHROMIUM } from './chromium.ts';
import {
  messageWith,
  open,
  page,
  system,
  tasksTitled,
  type,
  usePlaygroundSession,
} from './playground-session.ts';

const switchTo = (workspace: string) =>
  page.getByRole('combobox', { name: 'Workspace' }).selectOption({ label: `${workspace} (Globex)` });

const channelList = () => page.getByRole('navigation', { name: 'Channels' });

describe.runIf(CHROMIUM.mustRun)('the playground with an org, in Chromium', () => {
  usePlaygroundSession('playground-org', { org: true });

  it('switches between an org’s workspaces, with one org connection and Legal told how to add the app', async () => {
    // Installed as a real admin would: Acme through its install page, Globex org-wide.
    const installs = system.emulator.calls('oauth.v2.access');
    expect(installs.map((call) => call.response.is_enterprise_install)).toEqual([false, true]);
    await open('U0ANA', 'C0GENERAL');
    await expect(page.getByRole('combobox', { name: 'Workspace' }).inputValue()).resolves.toBe('T0001');

    await switchTo('Globex Engineering');
    await page.getByRole('heading', { name: '# eng' }).waitFor();
    expect(await page.getByRole('combobox', { name: 'Viewing as' }).inputValue()).toBe(ORG_SEED.users.eve.id);
    expect(await channelList().getByRole('button').allInnerTexts()).toEqual(
      expect.arrayContaining([expect.stringContaining('eng')]),
    );
    await channelList()
      .getByRole('button', { name: /general/ })
      .waitFor({ state: 'detached' });
    await type('Message #eng', '/task new Draft the org rollout plan #Website ');
    await page.keyboard.press('Enter');
    await messageWith('Draft the org rollout plan')
      .getByRole('button', { name: 'Done', exact: true })
      .waitFor();
    const [task] = await tasksTitled('Draft the org rollout plan');
    expect(task).toBeDefined();
    // The card went to Engineering, on the org's token (the command came signed from there).
    const card = system.emulator
      .calls()
      .find((call) => JSON.stringify(call.args).includes('Draft the org rollout plan'));
    expect(card?.teamId).toBe(ORG_SEED.teams.eng.id);
    // The task's flexpane and a workflow with Taskbridge's steps, in Engineering too.
    const link = `https://work.example.com/projects/1/tasks/${task!.id}`;
    await type('Message #eng', `Who takes ${link}`);
    await page.keyboard.press('Enter');
    const chip = messageWith('Who takes').locator('.entity-chip');
    await chip.getByRole('button', { name: 'Open details of Draft the org rollout plan' }).click();
    const pane = page.getByRole('complementary', { name: 'Task details' });
    await pane.getByRole('heading', { name: 'Draft the org rollout plan' }).waitFor();
    await pane.getByRole('button', { name: 'Close details' }).click();
    await page.getByRole('button', { name: '⚡ Workflows' }).click();
    const dialog = page.getByRole('dialog', { name: 'Workflows' });
    await dialog.getByRole('textbox', { name: 'Title' }).fill('Book the org kickoff room');
    await dialog.getByRole('combobox', { name: 'Assign to' }).selectOption(ORG_SEED.users.eve.id);
    await dialog.getByRole('button', { name: 'Run workflow' }).click();
    await dialog.locator('[data-step="assign_task"]').getByText('completed').waitFor();
    expect(await tasksTitled('Book the org kickoff room')).toHaveLength(1);
    await dialog.getByRole('button', { name: 'Close workflows' }).click();
    // The org connection serves Eve's own tasks too: the one the workflow gave her.
    await type('Message #eng', '/task mine');
    await page.keyboard.press('Enter');
    await messageWith('Your tasks').getByText('Book the org kickoff room').waitFor();

    await switchTo('Globex Sales');
    await page.getByRole('heading', { name: '# sales' }).waitFor();
    expect(await page.getByRole('combobox', { name: 'Viewing as' }).inputValue()).toBe(ORG_SEED.users.sam.id);
    // Its own channels: Engineering's #eng and its card are not here.
    expect(await channelList().getByRole('button', { name: /eng/ }).count()).toBe(0);
    expect(await page.locator('article.message', { hasText: 'Draft the org rollout plan' }).count()).toBe(0);
    // The same org connection: the task made in Engineering is found from Sales.
    await type('Message #sales', `/task show ${task!.id}`);
    await page.keyboard.press('Enter');
    await messageWith('Draft the org rollout plan').waitFor();
    // Sales' Home, as its org admin sees it: the org-wide install and where it was added.
    await channelList()
      .getByRole('button', { name: /Taskbridge/ })
      .click();
    await page
      .getByRole('region', { name: 'Home' })
      .getByText(/Installed for Globex, added to 2 workspaces/)
      .waitFor();

    await switchTo('Globex Legal');
    await page.getByRole('heading', { name: '# legal' }).waitFor();
    await type('Message #legal', '/task mine');
    await page.keyboard.press('Enter');
    const refusal = messageWith('has not been added to this workspace');
    await refusal.waitFor();
    expect(await refusal.textContent()).toContain('Add to more workspaces');
    expect(await tasksTitled('Draft the org rollout plan')).toHaveLength(1);
  });
});
