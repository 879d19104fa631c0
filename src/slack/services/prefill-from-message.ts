/**
 * A Slack message as the start of a task: its first line (readable, not markup) as the title, the
 * whole text as the description, and the message's permalink kept at the end so the task leads
 * back to the conversation.
 */
import { type MarkupNames, slackMarkupToText, truncate } from '../../slack-platform/mrkdwn.ts';
import { MAX_DESCRIPTION_INPUT } from '../ui/modals/task-fields.ts';

/** Long enough for a sentence, short enough to read as a title. */
const TITLE_FROM_MESSAGE = 120;

interface MessagePrefill {
  title: string;
  description: string;
}

/** Cuts at the last space before `max` when there is one reasonably near, so words stay whole. */
function cutAtWord(text: string, max: number): string {
  if (text.length <= max) return text;
  const space = text.lastIndexOf(' ', max - 1);
  return space > max / 2 ? `${text.slice(0, space)}…` : truncate(text, max);
}

export function prefillFromMessage(
  message: { text: string; permalink?: string | null | undefined },
  names: MarkupNames = {},
): MessagePrefill {
  const text = slackMarkupToText(message.text, names).trim();
  const firstLine =
    text
      .split('\n')
      .find((line) => line.trim() !== '')
      ?.trim() ?? '';
  const source = message.permalink ? `\n\nFrom Slack: ${message.permalink}` : '';
  const room = MAX_DESCRIPTION_INPUT - source.length;
  const body = text.length > room ? truncate(text, room) : text;
  return {
    title: cutAtWord(firstLine, TITLE_FROM_MESSAGE),
    description: `${body}${source}`.trim(),
  };
}
