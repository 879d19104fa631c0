import { describe, expect, it } from 'vitest';
import { parseTaskCommand } from '../../../../../src/slack/commands/parse.ts';
import { VERB_NAMES } from '../../../../../src/slack/commands/verbs.ts';
import { renderCreatedMessage } from '../../../../../src/slack/features/create/created.ts';
import { commandErrorMessage, errorMessage } from '../../../../../src/slack/ui/messages/errors.ts';
import { renderHelp } from '../../../../../src/slack/ui/messages/help.ts';
import { expectMessageWithinLimits } from '../../support/block-kit.ts';
import { LINKS, STATUSES, task } from '../../support/fixtures.ts';

const NOW = new Date('2026-11-20T15:00:00.000Z');

describe('renderHelp', () => {
  it('lists only the enabled verbs, in the table’s order', () => {
    const message = renderHelp({ enabled: ['help', 'mine', 'new'] });
    expectMessageWithinLimits(message);
    const list = JSON.stringify(message.blocks);
    expect(list).toContain('`/task new [title] [@person] [due DATE] [!priority] [#Project]`');
    expect(list).toContain('`/task mine [status]`');
    expect(list).not.toContain('/task done');
    expect(list.indexOf('/task new')).toBeLessThan(list.indexOf('/task mine'));
    expect(message.text).toBe('/task commands: new, mine, help');
  });

  it('explains one verb with its aliases and examples', () => {
    const message = renderHelp({ enabled: [...VERB_NAMES], topic: 'new' });
    expectMessageWithinLimits(message);
    const text = JSON.stringify(message.blocks);
    expect(text).toContain('Also: `create`, `add`');
    expect(text).toContain('• `/task new Fix login bug @ben due friday !high #Website`');
  });

  it('fits with every verb and a custom command name', () => {
    expectMessageWithinLimits(renderHelp({ enabled: [...VERB_NAMES], commandName: '/tb' }));
    expect(JSON.stringify(renderHelp({ enabled: ['mine'], commandName: '/tb' }).blocks)).toContain(
      '`/tb mine [status]`',
    );
  });
});

describe('errorMessage', () => {
  it('says what, why and what next, escaping the plain parts', () => {
    const message = errorMessage({
      what: "Couldn't create the task",
      why: 'The project <Website> is archived & read-only.',
      next: 'Pick another project with `/task project`.',
    });
    expectMessageWithinLimits(message);
    expect(message.blocks[0]).toMatchObject({
      text: {
        text: ":warning: *Couldn't create the task*\nThe project &lt;Website&gt; is archived &amp; read-only.",
      },
    });
    expect(message.blocks[1]).toMatchObject({ type: 'context' });
    expect(message.text).toContain("Couldn't create the task");
  });

  it('stays within limits however long the parts are', () => {
    expectMessageWithinLimits(
      errorMessage({ what: '<'.repeat(5000), why: '&'.repeat(10_000), next: 'x'.repeat(5000) }),
    );
  });
});

describe('commandErrorMessage', () => {
  const enabled = ['new', 'mine', 'help'] as const;

  it('answers an unknown verb with help, the suggestion on top', () => {
    const error = parseTaskCommand('nwe thing', { enabled });
    if (error.kind !== 'error') throw new Error('expected an error');
    const message = commandErrorMessage(error, { enabled });
    expectMessageWithinLimits(message);
    expect(JSON.stringify(message.blocks[0])).toContain('Did you mean `/task new`?');
    expect(JSON.stringify(message.blocks)).toContain('/task mine');
  });

  it('shows a misused verb’s problem with its usage', () => {
    const error = parseTaskCommand('new Fix !important');
    if (error.kind !== 'error') throw new Error('expected an error');
    const message = commandErrorMessage(error, { enabled });
    expectMessageWithinLimits(message);
    expect(JSON.stringify(message.blocks)).toContain('Usage: `/task new [title]');
  });
});

describe('renderCreatedMessage', () => {
  it('says who made the task from which message, then shows the card', () => {
    const message = renderCreatedMessage(
      {
        card: {
          task: task(),
          url: 'https://work.test/t/42',
          statuses: STATUSES,
          slackUserIds: LINKS,
          timeZone: 'UTC',
        },
        creatorSlackUserId: 'U0ANA',
        sourcePermalink: 'https://acme.slack.com/archives/C1/p1700000000000100',
      },
      NOW,
    );
    expectMessageWithinLimits(message);
    expect(message.blocks[0]).toMatchObject({
      type: 'context',
      elements: [
        {
          text: ':white_check_mark: <@U0ANA> created a task from <https://acme.slack.com/archives/C1/p1700000000000100|this message>',
        },
      ],
    });
    expect(message.blocks.some((b) => b.type === 'actions')).toBe(true);
    expect(message.text.startsWith('Task created: Task #42: Fix login bug')).toBe(true);
  });

  it('stays within limits with a 3000-character title', () => {
    const message = renderCreatedMessage(
      {
        card: { task: task({ title: '&'.repeat(3000) }) },
        creatorSlackUserId: 'not-an-id',
        sourcePermalink: null,
      },
      NOW,
    );
    expectMessageWithinLimits(message);
    expect(JSON.stringify(message.blocks[0])).toContain('Someone created a task from this message');
  });
});
