/**
 * `/task help`: the verbs this deployment answers (the caller passes them), or one verb in
 * detail. Also the answer to an unknown verb, with the closest one suggested above the list.
 */

import { escapeMrkdwn } from '../../../slack-platform/mrkdwn.ts';
import type { VerbName } from '../../commands/intents.ts';
import { VERBS, type VerbSpec } from '../../commands/verbs.ts';
import type { KnownBlock, RenderedMessage } from '../block-types.ts';
import { COMMAND_NAME } from '../ids.ts';
import { contextLine, joinWithin, LIMITS, mrkdwn, plainText } from '../limits.ts';

interface HelpModel {
  /** The verbs to list, in the table's order whatever order they come in. */
  enabled: readonly VerbName[];
  /** One verb to explain in detail. */
  topic?: VerbName | null | undefined;
  /** A line above the list, e.g. why help is shown ("`/task fxi` isn't a command…"). mrkdwn. */
  notice?: string | null | undefined;
  /** The slash command as registered. Default: `/task`. */
  commandName?: string | undefined;
}

function usageLine(spec: VerbSpec, command: string): string {
  return `\`${command} ${spec.name}${spec.usage ? ` ${spec.usage}` : ''}\``;
}

function topicBlocks(spec: VerbSpec, command: string): KnownBlock[] {
  const lines = [`${usageLine(spec, command)}\n${spec.summary}.`];
  if (spec.aliases.length > 0) lines.push(`Also: ${spec.aliases.map((a) => `\`${a}\``).join(', ')}`);
  lines.push(`Examples:\n${spec.examples.map((e) => `• \`${command} ${e}\``).join('\n')}`);
  return [{ type: 'section', text: mrkdwn(lines.join('\n\n')) }];
}

export function renderHelp(model: HelpModel, _now?: Date): RenderedMessage {
  const command = model.commandName ?? COMMAND_NAME;
  const verbs = VERBS.filter((v) => model.enabled.includes(v.name));
  const blocks: KnownBlock[] = [];
  if (model.notice) blocks.push({ type: 'section', text: mrkdwn(model.notice) });
  const topic = model.topic ? verbs.find((v) => v.name === model.topic) : undefined;
  if (topic) {
    blocks.push(...topicBlocks(topic, command));
    blocks.push(contextLine(`\`${command} help\` lists every command.`));
    return { text: `${command} ${topic.name}: ${topic.summary}`, blocks };
  }
  blocks.push({ type: 'header', text: plainText(`${command} commands`, LIMITS.headerText) });
  const lines = verbs.map((v) => `${usageLine(v, command)}  ${escapeMrkdwn(v.summary)}`);
  blocks.push({ type: 'section', text: mrkdwn(joinWithin(lines, '\n', LIMITS.sectionText)) });
  const newVerb = verbs.find((v) => v.name === 'new');
  if (newVerb) {
    blocks.push(
      contextLine(
        `Example: \`${command} ${newVerb.examples[0]}\`. Dates after \`due\` are read in your time zone. \`${command} help VERB\` explains one command.`,
      ),
    );
  }
  blocks.push(
    contextLine(
      'Also without the command: mention @Taskbridge in a channel or thread (`@Taskbridge mine`, `@Taskbridge Fix the login page #Website due friday`; alone in a thread, it makes the thread a task), or write the same words in Taskbridge’s Messages tab.',
    ),
  );
  const names = verbs.map((v) => v.name).join(', ');
  const prefix = model.notice ? `${model.notice} ` : '';
  return { text: `${prefix}${command} commands: ${names}`, blocks };
}
