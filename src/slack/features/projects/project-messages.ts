/**
 * Projects: the list (each with Edit and Archive in its menu, and a "New project" button), the
 * confirm before archiving, and what archiving did.
 */
import { escapeWithin } from '../../../slack-platform/mrkdwn.ts';
import type { ActionsBlock, KnownBlock, RenderedMessage, SectionBlock } from '../../ui/block-types.ts';
import { TEAM_ACTIONS } from '../../ui/ids.ts';
import { capBlocks, contextLine, LIMITS, mrkdwn, option, plainText } from '../../ui/limits.ts';
import { statusEmoji } from '../../ui/status-color.ts';
import { fallbackName, fallbackText } from '../../ui/team/format.ts';
import { encodeProjectMenu, encodeRef } from '../../ui/team/values.ts';

interface ProjectModel {
  id: number;
  name: string;
  description: string | null;
  color: string | null;
  status: string;
  /** False when the service does not show whether it is archived. */
  status_shown?: boolean;
}

interface ProjectListModel {
  projects: readonly ProjectModel[];
  /** Whether archived projects are in the list (`projects all`). */
  includeArchived: boolean;
  /** Projects beyond the page fetched. */
  more: number;
}

function projectRow(p: ProjectModel): SectionBlock {
  const marker = p.color ? statusEmoji(p.color) : ':white_large_square:';
  const archived = p.status === 'archived' ? ' · _archived_' : '';
  const description = p.description ? `\n${escapeWithin(p.description.replace(/\s+/g, ' '), 200)}` : '';
  const text = mrkdwn(`${marker} *${escapeWithin(p.name, 200)}*${archived}${description}`);
  // An archived project is read-only until restored: nothing to edit or archive.
  if (p.status === 'archived') return { type: 'section', text };
  const menu = [
    option('Edit…', encodeProjectMenu('edit', p.id)),
    option('Archive…', encodeProjectMenu('archive', p.id)),
  ];
  return {
    type: 'section',
    text,
    accessory: { type: 'overflow', action_id: TEAM_ACTIONS.projectMenu, options: menu },
  };
}

/** Under a list from a service that does not show which projects are archived (the spec shows no fields). */
const ARCHIVED_NOT_SHOWN =
  'The service does not show which projects are archived, so archived ones are listed as if active.';

export function renderProjectList(model: ProjectListModel): RenderedMessage {
  const blocks: KnownBlock[] = [
    {
      type: 'header',
      text: plainText(model.includeArchived ? 'All projects' : 'Projects', LIMITS.headerText),
    },
  ];
  if (model.projects.length === 0) blocks.push({ type: 'section', text: mrkdwn('No projects yet.') });
  const newButton: ActionsBlock = {
    type: 'actions',
    block_id: 'team_projects',
    elements: [
      {
        type: 'button',
        action_id: TEAM_ACTIONS.projectNew,
        text: plainText('New project…', LIMITS.buttonText),
        value: 'new',
      },
    ],
  };
  const hint = contextLine(
    model.includeArchived
      ? 'Edit or archive one from its menu (project admins).'
      : 'Edit or archive one from its menu (project admins). `/task projects all` includes archived ones.',
  );
  const rows = capBlocks(
    model.projects.map(projectRow),
    LIMITS.messageBlocks - blocks.length - 2 - (model.more > 0 ? 1 : 0),
  );
  blocks.push(...rows);
  if (model.more > 0) blocks.push(contextLine(`…and ${model.more} more.`));
  if (model.projects.some((p) => p.status_shown === false)) blocks.push(contextLine(ARCHIVED_NOT_SHOWN));
  blocks.push(newButton, hint);
  return {
    text: fallbackText(`Projects: ${model.projects.map((p) => fallbackName(p.name)).join(', ') || 'none'}`),
    blocks,
  };
}

export function renderArchiveConfirm(project: { id: number; name: string }): RenderedMessage {
  const name = escapeWithin(project.name, 200);
  return {
    text: `Archive ${fallbackName(project.name)}?`,
    blocks: [
      {
        type: 'section',
        text: mrkdwn(
          `Archive *${name}*? Its tasks stay readable, but nothing can be added or changed in it until it is restored.`,
        ),
      },
      {
        type: 'actions',
        block_id: `project_archive:${project.id}`,
        elements: [
          {
            type: 'button',
            action_id: TEAM_ACTIONS.projectConfirmArchive,
            style: 'danger',
            text: plainText('Archive it', LIMITS.buttonText),
            value: encodeRef('project', [project.id]),
          },
          {
            type: 'button',
            action_id: TEAM_ACTIONS.dismiss,
            text: plainText('Cancel', LIMITS.buttonText),
            value: 'cancel',
          },
        ],
      },
    ],
  };
}

export function renderProjectSaved(model: {
  project: ProjectModel;
  userId: string;
  change: 'created' | 'updated' | 'archived';
}): RenderedMessage {
  const name = escapeWithin(model.project.name, 200);
  const icon = model.change === 'archived' ? ':file_cabinet:' : ':white_check_mark:';
  const text = `${icon} <@${model.userId}> ${model.change} *${name}*.`;
  return { text, blocks: [{ type: 'section', text: mrkdwn(text) }] };
}
