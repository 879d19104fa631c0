/**
 * "Create task" from a message (prefilled from it; the result goes to its thread) and from the
 * global shortcut menu. Both open the form at once: the trigger lasts 3 s.
 */
import type { GlobalShortcut, MessageShortcut } from '@slack/bolt';
import type { AppDeps } from '../../deps.ts';
import { type ShortcutArgs, shortcutContext } from '../../kit/form-context.ts';
import { prefillFromMessage } from '../../services/prefill-from-message.ts';
import { channelDefaultProject } from '../../services/resolve-project.ts';
import { openCreateTaskModal } from './open-create-task-modal.ts';

export function createTaskFromMessageHandler(deps: AppDeps) {
  return async (args: ShortcutArgs<MessageShortcut>) => {
    await args.ack();
    const { shortcut, client, teamId, userId, triggerId } = shortcutContext(deps, args);
    const channelId = shortcut.channel.id;
    const prefill = prefillFromMessage({ text: shortcut.message.text ?? '' });
    const project = await channelDefaultProject(deps, teamId, channelId);
    await openCreateTaskModal(deps, client, {
      triggerId,
      teamId,
      userId,
      metadata: {
        source: 'message',
        channelId,
        messageTs: shortcut.message.ts,
        threadTs: (shortcut.message.thread_ts as string | undefined) ?? null,
        // Looked up when the form is submitted, so opening the form waits on nothing.
        permalink: null,
        projectId: project?.id ?? null,
      },
      prefill: { title: prefill.title, description: prefill.description, project: project ?? null },
    });
  };
}

export function createTaskGlobalHandler(deps: AppDeps) {
  return async (args: ShortcutArgs<GlobalShortcut>) => {
    await args.ack();
    const { client, teamId, userId, triggerId } = shortcutContext(deps, args);
    await openCreateTaskModal(deps, client, {
      triggerId,
      teamId,
      userId,
      metadata: {
        source: 'global',
        channelId: null,
        messageTs: null,
        threadTs: null,
        permalink: null,
        projectId: null,
      },
    });
  };
}
