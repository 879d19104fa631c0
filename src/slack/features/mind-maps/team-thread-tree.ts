/**
 * A Slack thread as a mind map tree: the parent message is the root and every reply a child of
 * it, in the thread's order, with Slack's markup turned into plain text. The tree is built whole,
 * because the service replaces a map's whole tree on each write: a partial tree would lose ideas.
 */
import type { WebClient } from '@slack/web-api';
import type { MindMapNode } from '../../../contract/index.ts';
import { truncate } from '../../../lib/truncate.ts';
import { slackMarkupToText } from '../../../slack-platform/mrkdwn.ts';
import { TEAM_ACTIONS } from '../../ui/ids.ts';

export interface ThreadMessage {
  ts: string;
  text: string;
  bot_id?: string | undefined;
}

/** The service's limit on a node's text (MindMapNodeSchema). */
export const MAX_NODE_TEXT = 1000;
/** Replies read at most: far beyond a thread people discuss in, and a bounded write. */
export const MAX_THREAD_REPLIES = 1000;
const EMPTY = '(no text)';

function nodeText(raw: string, users: ReadonlyMap<string, string>): string {
  const text = slackMarkupToText(raw, { users }).replace(/\s+/g, ' ').trim();
  if (text === '') return EMPTY;
  return truncate(text, MAX_NODE_TEXT);
}

/** Node ids from message ts: unique within a thread, and stable if the map is built again. */
function nodeId(ts: string): string {
  return `msg-${ts.replace(/[^0-9]/g, '-')}`;
}

/** The tree of a thread whose first message is its parent. */
export function threadToTree(
  messages: readonly ThreadMessage[],
  users: ReadonlyMap<string, string>,
): MindMapNode {
  const [parent, ...replies] = messages;
  if (!parent) throw new Error('a thread has at least its parent message');
  const seen = new Set<string>([nodeId(parent.ts)]);
  const children: MindMapNode[] = [];
  for (const reply of replies) {
    const id = nodeId(reply.ts);
    if (seen.has(id)) continue;
    seen.add(id);
    children.push({ id, text: nodeText(reply.text, users), children: [] });
  }
  return { id: nodeId(parent.ts), text: nodeText(parent.text, users), children };
}

/** A short title from the parent message: its first line, plain. */
export function titleFromMessage(text: string, users: ReadonlyMap<string, string>): string {
  const first =
    slackMarkupToText(text, { users })
      .split('\n')
      .find((line) => line.trim() !== '') ?? '';
  const line = first.replace(/\s+/g, ' ').trim();
  if (line === '') return 'Thread';
  return truncate(line, 100);
}

/** Slack user ids mentioned without a name (`<@U123>`), to look their names up. */
export function mentionedUsers(messages: readonly ThreadMessage[]): string[] {
  const ids = new Set<string>();
  for (const m of messages) for (const match of m.text.matchAll(/<@([UW][A-Z0-9]+)>/g)) ids.add(match[1]!);
  return [...ids];
}

/**
 * Whether a message is this app's note of a mind map made from the thread (its "Show outline"
 * button says so): a map made twice should not list the first map's note. The app's other posts
 * in a thread (a task's card, its changes) are replies like any other.
 */
function isMindMapNote(
  m: { bot_id?: string | undefined; blocks?: unknown },
  ownBotId: string | undefined,
): boolean {
  if (!ownBotId || m.bot_id !== ownBotId || !Array.isArray(m.blocks)) return false;
  return m.blocks.some((block: { accessory?: { action_id?: unknown } } | null) => {
    return block?.accessory?.action_id === TEAM_ACTIONS.mindMapShow;
  });
}

/**
 * The whole thread, parent first, all pages (up to MAX_THREAD_REPLIES replies), leaving out this
 * app's notes of maps made from it before.
 */
export async function readThread(
  client: WebClient,
  q: { channel: string; ts: string; ownBotId: string | undefined },
): Promise<{ messages: ThreadMessage[]; truncated: boolean }> {
  const messages: ThreadMessage[] = [];
  let cursor: string | undefined;
  do {
    const page = await client.conversations.replies({
      channel: q.channel,
      ts: q.ts,
      limit: 200,
      ...(cursor ? { cursor } : {}),
    });
    for (const m of page.messages ?? []) {
      if (!m.ts) continue;
      if (messages.length > 0 && isMindMapNote(m, q.ownBotId)) continue;
      messages.push({ ts: m.ts, text: m.text ?? '', bot_id: m.bot_id });
    }
    cursor = page.has_more ? page.response_metadata?.next_cursor || undefined : undefined;
  } while (cursor && messages.length <= MAX_THREAD_REPLIES);
  const truncated = messages.length > MAX_THREAD_REPLIES + 1 || cursor !== undefined;
  return { messages: messages.slice(0, MAX_THREAD_REPLIES + 1), truncated };
}
