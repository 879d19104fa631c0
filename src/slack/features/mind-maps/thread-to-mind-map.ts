/**
 * "Thread to mind map": the message shortcut opens a form (project, title) once the thread is
 * read, and its submission builds the whole tree from the thread as it is then, creates the map
 * in one write, and posts a note with a way to show it in the thread.
 */
import type { MessageShortcut } from '@slack/bolt';
import type { AppDeps } from '../../deps.ts';
import { type ShortcutArgs, type ShortcutContext, shortcutContext } from '../../kit/form-context.ts';
import { openTeamModal } from '../../kit/open-team-modal.ts';
import { teamFormHandler } from '../../kit/team-form.ts';
import { sealTeamForm } from '../../kit/team-form-metadata.ts';
import { actorFor, mayWriteProject } from '../../services/permissions.ts';
import { activeProjects, channelDefaultProject } from '../../services/resolve-project.ts';
import { TEAM_VIEWS } from '../../ui/ids.ts';
import { renderRefusal } from '../../ui/team/refusal.ts';
import { renderMindMapPosted } from './mind-map-messages.ts';
import { mentionNames } from './mind-map-names.ts';
import { readThread, threadToTree, titleFromMessage } from './team-thread-tree.ts';
import { readThreadMindMapForm, renderThreadMindMapForm } from './thread-mind-map-form.ts';

type Args = ShortcutArgs<MessageShortcut>;

/** Slack's answer when the bot cannot read a channel. */
const NOT_IN_CHANNEL = /not_in_channel|channel_not_found|missing_scope/;

export function threadToMindMapHandler(deps: AppDeps) {
  return async (args: Args) => {
    await args.ack();
    const ctx = shortcutContext(deps, args);
    try {
      await openThreadForm(ctx, args.context.botId);
    } catch (error) {
      // The form could not open (an expired trigger, Slack down): say so where the shortcut was used.
      await ctx.fail(error);
    }
  };
}

async function openThreadForm(
  ctx: ShortcutContext<MessageShortcut>,
  botId: string | undefined,
): Promise<void> {
  const { deps, client, shortcut, teamId } = ctx;
  const channel = shortcut.channel.id;
  // The shortcut may be used on a reply: the map is always of the whole thread.
  const ts = (shortcut.message.thread_ts as string | undefined) ?? shortcut.message.ts;
  const request = {
    triggerId: ctx.triggerId,
    title: 'Thread to mind map',
    callbackId: TEAM_VIEWS.threadToMindMap,
    loading: 'Reading the thread…',
  };
  await openTeamModal(deps, client, request, async () => {
    const api = await ctx.api();
    let thread: Awaited<ReturnType<typeof readThread>>;
    try {
      thread = await readThread(client, { channel, ts, ownBotId: botId });
    } catch (error) {
      const code = error instanceof Error ? error.message : '';
      if (!NOT_IN_CHANNEL.test(code)) throw error;
      return {
        problem:
          ':warning: I can’t read this channel. Add Taskbridge to it (`/invite @Taskbridge`) and try again.',
      };
    }
    const [projects, fallback] = await Promise.all([
      activeProjects(api),
      channelDefaultProject(deps, teamId, channel),
    ]);
    const parent = thread.messages[0];
    const names = await mentionNames(deps, client, teamId, thread.messages);
    return {
      view: renderThreadMindMapForm({
        privateMetadata: sealTeamForm(deps, 'threadToMindMap', {
          ch: channel,
          ts,
          b: botId ?? null,
        }),
        projects: projects.map((p) => ({ id: p.id, name: p.name })),
        projectId: fallback?.id ?? null,
        title: titleFromMessage(parent?.text ?? '', names),
        replies: Math.max(0, thread.messages.length - 1),
      }),
    };
  });
}

export const threadMindMapSubmittedHandler = teamFormHandler({
  kind: 'threadToMindMap',
  read: (values) => readThreadMindMapForm(values),
  run: async (ctx, value) => {
    const api = await ctx.api();
    const record = await api.projects.get(value.projectId);
    const project = { id: record.id, name: record.name };
    const actor = await actorFor(ctx.deps, ctx.client, ctx.teamId, ctx.userId);
    const permission = await mayWriteProject(api, actor, project);
    if (!permission.allowed) {
      return renderRefusal({
        what: `You can't add mind maps to ${project.name}.`,
        why: permission.why,
        next: permission.next,
      });
    }
    const thread = await readThread(ctx.client, {
      channel: ctx.meta.ch,
      ts: ctx.meta.ts,
      ownBotId: ctx.meta.b ?? undefined,
    });
    const names = await mentionNames(ctx.deps, ctx.client, ctx.teamId, thread.messages);
    // One write with the whole tree: the service replaces a map's tree on every write.
    const root = threadToTree(thread.messages, names);
    const map = await api.mindMaps.create({ project_id: project.id, title: value.title, root });
    const note = renderMindMapPosted({
      map,
      projectName: project.name,
      ideas: 1 + root.children.length,
      userId: ctx.userId,
      truncated: thread.truncated,
    });
    try {
      await ctx.client.chat.postMessage({
        channel: ctx.meta.ch,
        thread_ts: ctx.meta.ts,
        text: note.text,
        blocks: note.blocks,
      });
      return null;
    } catch (error) {
      // The map exists either way: the person gets the note themselves.
      ctx.deps.logger.warn({ err: error }, 'could not post the mind map note in its thread');
      return note;
    }
  },
});
