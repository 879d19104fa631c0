/**
 * The form behind "Add an emoji" and `/task react add`: an emoji (`:ticket:` or `ticket`) and the
 * project its tasks go to. A malformed emoji, or one the channel maps already, is answered in the
 * acknowledgement; the channel comes from the form's sealed metadata, never from the submission.
 */

import type { WebClient } from '@slack/web-api';
import { escapeWithin } from '../../../slack-platform/mrkdwn.ts';
import { createReactionTasks } from '../../../store/repositories/reaction-tasks.ts';
import type { AppDeps } from '../../deps.ts';
import { type FormOpener, openTeamModal } from '../../kit/open-team-modal.ts';
import { requireApi } from '../../kit/require-api.ts';
import { teamFormHandler } from '../../kit/team-form.ts';
import { sealTeamForm } from '../../kit/team-form-metadata.ts';
import { activeProjects } from '../../services/resolve-project.ts';
import type { ModalView } from '../../ui/block-types.ts';
import { REACTION_FIELDS as F, TEAM_VIEWS } from '../../ui/ids.ts';
import { selectedValue, textValue } from '../../ui/modals/view-state.ts';
import { projectOptions } from '../../ui/options.ts';
import {
  type FormResult,
  formNote,
  formView,
  idValue,
  staticSelect,
  textInput,
} from '../../ui/team/modal-parts.ts';
import { mappingsMessage } from './mappings-message.ts';
import { EMOJI_NAME, saveMapping } from './save-mapping.ts';

const TITLE = 'Add an emoji';

export function renderReactionForm(model: {
  privateMetadata: string;
  channelId: string;
  emoji: string | null;
  projects: ReadonlyArray<{ id: number; name: string; archived_at?: string | null }>;
}): ModalView {
  return formView({
    callbackId: TEAM_VIEWS.reactionForm,
    title: TITLE,
    submit: 'Add',
    privateMetadata: model.privateMetadata,
    blocks: [
      formNote(`Reacting with it to a message in <#${model.channelId}> makes the message a task.`),
      textInput(F.emoji, 'Emoji', {
        initial: model.emoji ? `:${model.emoji}:` : null,
        maxLength: 104,
        placeholder: ':ticket:',
      }),
      staticSelect(F.project, 'Project', projectOptions(model.projects), { placeholder: 'Choose a project' }),
    ],
  });
}

/** The emoji's name as typed (`:ticket:` or `ticket`), or null when Slack would not name one so. */
export function emojiFromField(typed: string): string | null {
  const match = /^:?([^:\s]+):?$/.exec(typed.trim());
  const name = match?.[1];
  return name && EMOJI_NAME.test(name) ? name : null;
}

export async function openReactionForm(
  deps: AppDeps,
  client: WebClient,
  opener: FormOpener,
  emoji: string | null,
): Promise<void> {
  const request = {
    triggerId: opener.triggerId,
    title: TITLE,
    callbackId: TEAM_VIEWS.reactionForm,
    loading: 'Looking up your projects…',
  };
  await openTeamModal(deps, client, request, async () => {
    const channelId = opener.channelId;
    if (!channelId) return { problem: 'Open this from a channel: its emoji are the ones it maps.' };
    const projects = await activeProjects(await requireApi(deps, opener.teamId));
    if (projects.length === 0) return { problem: 'There is no active project to file tasks into yet.' };
    return {
      view: renderReactionForm({
        privateMetadata: sealTeamForm(deps, 'reactionForm', { c: channelId }),
        channelId,
        emoji,
        projects,
      }),
    };
  });
}

interface ReactionSubmission {
  emoji: string;
  projectId: number;
}

async function readReactionForm(
  deps: AppDeps,
  teamId: string,
  channelId: string,
  values: unknown,
): Promise<FormResult<ReactionSubmission>> {
  const errors: Record<string, string> = {};
  const typed = textValue(values, F.emoji).trim();
  const emoji = emojiFromField(typed);
  if (!typed) errors[F.emoji.block] = 'Name the emoji, like :ticket:.';
  else if (!emoji)
    errors[F.emoji.block] =
      `“${typed.slice(0, 30)}” isn't an emoji name: lowercase letters, digits, _ - + and ' only, like :ticket:.`;
  else if (await createReactionTasks(deps.store).mapping(teamId, channelId, emoji))
    errors[F.emoji.block] =
      `:${emoji}: makes tasks here already: remove it from the list first to change its project.`;
  const projectId = idValue(selectedValue(values, F.project));
  if (projectId === null) errors[F.project.block] = 'Choose the project its tasks go to.';
  if (Object.keys(errors).length > 0 || !emoji || projectId === null) return { ok: false, errors };
  return { ok: true, value: { emoji, projectId } };
}

export const reactionFormSubmittedHandler = teamFormHandler({
  kind: 'reactionForm',
  read: (values, meta, at) => readReactionForm(at.deps, at.teamId, meta.c, values),
  run: async (ctx, value) => {
    const channelId = ctx.meta.c;
    const project = await (await ctx.api()).projects.get(value.projectId);
    await saveMapping(ctx.deps, { teamId: ctx.teamId, channelId, userId: ctx.userId }, value.emoji, project);
    const list = mappingsMessage(
      channelId,
      await createReactionTasks(ctx.deps.store).mappings(ctx.teamId, channelId),
    );
    const notice = `:${value.emoji}: now makes tasks in *${escapeWithin(project.name, 200)}*.`;
    return {
      text: `${notice} ${list.text}`,
      blocks: [{ type: 'section', text: { type: 'mrkdwn', text: notice } }, ...list.blocks],
    };
  },
});
