/**
 * Work Objects and workflow steps in the playground, in a real browser: a task link's unfurl shows
 * the task's entity, which opens its flexpane, where Ana changes the priority and the service has it;
 * "Workflows" runs Create a task → Assign with Taskbridge's steps and shows each step's outputs.
 * The real app, the emulator and the sandbox behind the page.
 */
import { describe, expect, it } from 'vitest';
import { CHROMIUM } from './chromium.ts';
import {
  api,
  messageWith,
  open,
  page,
  tasksTitled,
  type,
  usePlaygroundSession,
} from './playground-session.ts';

describe.runIf(CHROMIUM.mustRun)('Work Objects and workflows in the playground', () => {
  usePlaygroundSession('playground-work-objects');

  it('opens a task’s flexpane from its unfurl and saves a priority edited there', async () => {
    const task = await api.tasks.get(4);
    const wanted = task.priority === 'urgent' ? 'low' : 'urgent';
    await open('U0ANA', 'C0GENERAL');
    await type('Message #general', 'Where are we with https://work.example.com/projects/1/tasks/4');
    await page.keyboard.press('Enter');
    const chip = messageWith('Where are we with').locator('.entity-chip');
    await chip.getByRole('button', { name: `Open details of ${task.title}` }).click();
    const pane = page.getByRole('complementary', { name: 'Task details' });
    await pane.getByRole('heading', { name: task.title }).waitFor();
    await pane.getByRole('combobox', { name: 'Priority' }).selectOption(wanted);
    await pane.getByRole('button', { name: 'Save' }).click();
    await expect.poll(async () => (await api.tasks.get(4)).priority).toBe(wanted);
    // The flexpane is presented again from the saved task.
    await expect.poll(() => pane.getByRole('combobox', { name: 'Priority' }).inputValue()).toBe(wanted);
  });

  it('runs a workflow of Create a task → Assign and shows each step’s outputs', async () => {
    const title = 'Check the onboarding emails';
    await open('U0ANA', 'C0GENERAL');
    await page.getByRole('button', { name: '⚡ Workflows' }).click();
    const dialog = page.getByRole('dialog', { name: 'Workflows' });
    await dialog.getByRole('textbox', { name: 'Title' }).fill(title);
    await dialog.getByRole('combobox', { name: 'Assign to' }).selectOption('U0DEV');
    await dialog.getByRole('button', { name: 'Run workflow' }).click();
    const assigned = dialog.locator('[data-step="assign_task"]');
    await assigned.getByText('completed').waitFor();
    const [task] = await tasksTitled(title);
    expect(task).toBeDefined();
    expect(await dialog.locator('[data-step="create_task"] [data-output="task_number"]').textContent()).toBe(
      String(task!.id),
    );
    expect(await assigned.locator('[data-output="assignee"]').textContent()).toBe('U0DEV');
    expect((await api.tasks.get(task!.id)).assignees.map((a) => a.name)).toEqual(['Dev Patel']);
  });
});
