/**
 * Mind maps: a project's list, one map as an indented outline (within Block Kit's limits, the rest
 * counted as "and N more"), and the note posted in a thread made into a map.
 */
import { formatDueFallback } from '../../../lib/dates.ts';
import { slackDate } from '../../../slack-platform/date-tokens.ts';
import { escapeWithin } from '../../../slack-platform/mrkdwn.ts';
import type { Button, KnownBlock, RenderedMessage } from '../../ui/block-types.ts';
import { TEAM_ACTIONS } from '../../ui/ids.ts';
import { capBlocks, contextLine, LIMITS, mrkdwn, plainText } from '../../ui/limits.ts';
import { fallbackName, fallbackText, plural } from '../../ui/team/format.ts';
import { linesToSections } from '../../ui/team/sections.ts';
import { encodeRef } from '../../ui/team/values.ts';

export interface MindMapNodeModel {
  text: string;
  children: readonly MindMapNodeModel[];
  task_id?: number | null | undefined;
}

interface MindMapModel {
  id: number;
  title: string;
  /** Null when the service does not say. */
  updated_at: string | null;
  root: MindMapNodeModel;
}

/** Ideas shown in an outline; the rest are counted. */
const MAX_OUTLINE_NODES = 50;
/** Deeper levels are drawn at this indent, so a deep branch stays readable. */
const MAX_INDENT = 8;
const NODE_TEXT = 150;
const INDENT = '\u2003';

/** Every node with its depth, depth first, in order. */
function outlineNodes(root: MindMapNodeModel): Array<{ node: MindMapNodeModel; depth: number }> {
  const out: Array<{ node: MindMapNodeModel; depth: number }> = [];
  const stack: Array<{ node: MindMapNodeModel; depth: number }> = [{ node: root, depth: 0 }];
  while (stack.length > 0) {
    const next = stack.pop()!;
    out.push(next);
    for (let i = next.node.children.length - 1; i >= 0; i -= 1) {
      stack.push({ node: next.node.children[i]!, depth: next.depth + 1 });
    }
  }
  return out;
}

function nodeLine(node: MindMapNodeModel, depth: number): string {
  const text = escapeWithin(node.text.replace(/\s+/g, ' ').trim() || '(no text)', NODE_TEXT);
  const task = node.task_id ? ` _(task ${node.task_id})_` : '';
  if (depth === 0) return `*${text}*${task}`;
  return `${INDENT.repeat(Math.min(depth, MAX_INDENT) - 1)}• ${text}${task}`;
}

function showButton(mapId: number, label: string): Button {
  return {
    type: 'button',
    action_id: TEAM_ACTIONS.mindMapShow,
    text: plainText(label, LIMITS.buttonText),
    value: encodeRef('mindMap', [mapId]),
  };
}

export function renderMindMapOutline(model: {
  map: MindMapModel;
  projectName: string | null;
}): RenderedMessage {
  const nodes = outlineNodes(model.map.root);
  const updated = new Date(model.map.updated_at ?? Number.NaN);
  const facts = [
    model.projectName ? escapeWithin(model.projectName, 100) : null,
    plural(nodes.length, 'idea'),
    Number.isNaN(updated.getTime())
      ? null
      : `updated ${slackDate(updated, '{date_short_pretty}', formatDueFallback(updated, 'UTC', false))}`,
    `number ${model.map.id}`,
  ].filter(Boolean);
  const blocks: KnownBlock[] = [
    { type: 'header', text: plainText(model.map.title, LIMITS.headerText) },
    contextLine(facts.join(' · ')),
  ];
  const lines = nodes.map(({ node, depth }) => nodeLine(node, depth));
  blocks.push(
    ...linesToSections(lines, {
      maxBlocks: LIMITS.messageBlocks - blocks.length,
      maxLines: MAX_OUTLINE_NODES,
      more: (n) => `…and ${n} more ${n === 1 ? 'idea' : 'ideas'}.`,
    }),
  );
  return { text: `Mind map ${fallbackName(model.map.title)}: ${plural(nodes.length, 'idea')}`, blocks };
}

interface MindMapListModel {
  title: string;
  maps: ReadonlyArray<{ id: number; title: string; updated_at: string | null; projectName: string }>;
}

export function renderMindMapList(model: MindMapListModel): RenderedMessage {
  const blocks: KnownBlock[] = [{ type: 'header', text: plainText(model.title, LIMITS.headerText) }];
  if (model.maps.length === 0) {
    blocks.push({
      type: 'section',
      text: mrkdwn('No mind maps yet. “Thread to mind map” on a message makes one.'),
    });
  }
  const rows: KnownBlock[] = model.maps.map((m) => {
    const updated = new Date(m.updated_at ?? Number.NaN);
    const when = Number.isNaN(updated.getTime())
      ? ''
      : ` · updated ${slackDate(updated, '{date_short_pretty}', formatDueFallback(updated, 'UTC', false))}`;
    return {
      type: 'section',
      text: mrkdwn(
        `*${escapeWithin(m.title, 200)}* · ${escapeWithin(m.projectName, 100)}${when} · number ${m.id}`,
      ),
      accessory: showButton(m.id, 'Show'),
    };
  });
  blocks.push(...capBlocks(rows, LIMITS.messageBlocks - blocks.length - 1));
  blocks.push(contextLine('`/task mindmaps show ID` shows one as an outline.'));
  return {
    text: fallbackText(
      `${fallbackName(model.title)}: ${model.maps.map((m) => fallbackName(m.title)).join(', ') || 'none'}`,
    ),
    blocks,
  };
}

/** Posted in the thread once its mind map exists. */
export function renderMindMapPosted(model: {
  map: { id: number; title: string };
  projectName: string;
  ideas: number;
  userId: string;
  /** The thread was longer than a map takes: only its first replies are in it. */
  truncated?: boolean | undefined;
}): RenderedMessage {
  const cut = model.truncated
    ? ' It holds the thread’s first replies only: the thread is longer than a map takes.'
    : '';
  const text = `:brain: <@${model.userId}> made a mind map of this thread: *${escapeWithin(model.map.title, 200)}* in *${escapeWithin(model.projectName, 100)}* (${plural(model.ideas, 'idea')}).${cut}`;
  return {
    text,
    blocks: [
      { type: 'section', text: mrkdwn(text), accessory: showButton(model.map.id, 'Show outline') },
      contextLine(`\`/task mindmaps show ${model.map.id}\` shows it any time.`),
    ],
  };
}
