/**
 * What a bare @Taskbridge in a thread shows the person who said it (ephemeral, in the thread): the
 * task proposed from the thread's first message, its project, the thread's people to assign, and
 * Create, Edit and Cancel. Nothing exists until Create. Also the words for a thread that already
 * has its task, and for one the app cannot read.
 */
import { escapeMrkdwn, slackLink, truncate } from '../../../slack-platform/mrkdwn.ts';
import type { KnownBlock, RenderedMessage } from '../../ui/block-types.ts';
import { ACTIONS } from '../../ui/ids.ts';
import { contextLine, LIMITS, mrkdwn, option, plainText } from '../../ui/limits.ts';

/** A static select offers at most 100 options; a thread's people rarely come near. */
const MAX_PEOPLE = 100;

interface ThreadPreviewModel {
  previewId: string;
  title: string;
  permalink: string | null;
  projectName: string | null;
  /** The thread's people, with the names Slack shows. */
  people: ReadonlyArray<{ userId: string; name: string }>;
  assignees: readonly string[];
}

function peopleBlockId(previewId: string): string {
  return `thread_task_people:${previewId}`;
}

export function previewIdOfPeopleBlock(blockId: string | undefined): string | null {
  const match = /^thread_task_people:([a-f0-9]{16})$/.exec(blockId ?? '');
  return match?.[1] ?? null;
}

export function renderThreadPreview(model: ThreadPreviewModel): RenderedMessage {
  const title = escapeMrkdwn(truncate(model.title, 300));
  const source = model.permalink ? slackLink(model.permalink, 'the thread’s first message') : 'the thread';
  const project = model.projectName
    ? `*${escapeMrkdwn(model.projectName)}*`
    : '_none yet_: this channel has no default project. Pick one with *Edit*, or set one with `/task project #Name`.';
  const blocks: KnownBlock[] = [
    {
      type: 'section',
      text: mrkdwn(`*Make this thread a task?*\n*${title}*\nProject: ${project}\nFrom ${source}`),
    },
  ];
  const people = model.people.slice(0, MAX_PEOPLE);
  if (people.length > 0) {
    const chosen = people.filter((p) => model.assignees.includes(p.userId));
    blocks.push({
      type: 'section',
      block_id: peopleBlockId(model.previewId),
      text: mrkdwn('*Assign to* (people in this thread)'),
      accessory: {
        type: 'multi_static_select',
        action_id: ACTIONS.threadTaskAssignees,
        placeholder: plainText('Nobody yet', LIMITS.placeholder),
        options: people.map((p) => option(p.name, p.userId)),
        ...(chosen.length > 0 ? { initial_options: chosen.map((p) => option(p.name, p.userId)) } : {}),
      },
    } as KnownBlock);
  }
  blocks.push({
    type: 'actions',
    elements: [
      ...(model.projectName
        ? [
            {
              type: 'button' as const,
              action_id: ACTIONS.threadTaskCreate,
              text: plainText('Create', 75),
              style: 'primary' as const,
              value: model.previewId,
            },
          ]
        : []),
      {
        type: 'button',
        action_id: ACTIONS.threadTaskEdit,
        text: plainText('Edit', 75),
        value: model.previewId,
      },
      {
        type: 'button',
        action_id: ACTIONS.threadTaskCancel,
        text: plainText('Cancel', 75),
        value: model.previewId,
      },
    ],
  } as KnownBlock);
  blocks.push(contextLine('Only you can see this. The card goes in this thread, not the channel.'));
  return { text: `Make this thread a task? “${truncate(model.title, 200)}”`, blocks };
}

/** The app is not in the channel (a private one, or it was removed): how to let it read the thread. */
export function cannotReadThreadMessage(): RenderedMessage {
  const text =
    ':lock: I can’t read this thread: I’m not a member of this channel. Add me from the channel’s details (*Integrations → Add apps → Taskbridge*, or type `/invite @Taskbridge` in the channel), then mention me in the thread again.';
  return { text, blocks: [{ type: 'section', text: mrkdwn(text) }] };
}

/** The preview was made for someone else, or has been forgotten. */
export function previewGoneMessage(): string {
  return ':hourglass: That preview is no longer open. Mention @Taskbridge in the thread again to make it a task.';
}
