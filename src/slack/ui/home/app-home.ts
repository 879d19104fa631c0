/**
 * The App Home tab: the workspace's connection (admins connect or reconnect), this person's link
 * (link or unlink), a "Create task" button, their personal digest (on or off, and when), the
 * channels whose default project they set, and their tasks due soon with the same actions as a task
 * card, within 100 blocks.
 */
import type { TaskRecord } from '../../../api/index.ts';
import type { ProjectStatusDef } from '../../../contract/index.ts';
import { type DayBucket, dayBucket, formatDueFallback, resolveTimeZone } from '../../../lib/dates.ts';
import { slackDate } from '../../../slack-platform/date-tokens.ts';
import { escapeMrkdwn, truncate } from '../../../slack-platform/mrkdwn.ts';
import type { ActionsBlock, Button, HomeView, KnownBlock, SectionBlock } from '../block-types.ts';
import { type PersonalDigestModel, renderPersonalDigest } from '../digest/personal-digest.ts';
import { ACTIONS, COMMAND_NAME } from '../ids.ts';
import { capBlocks, contextLine, joinWithin, LIMITS, mrkdwn, plainText } from '../limits.ts';
import { renderTaskActionBar, renderTaskRow } from '../messages/task-card.ts';
import { renderTaskNotice, type TaskNotice } from '../messages/task-notice.ts';
import { dueOf, isDoneStatus, type SlackUserIds, statusesFor } from '../messages/task-parts.ts';
import { decodeTaskBlockId } from '../values.ts';
import { type NotifyPrefs, renderNotificationPrefs } from './notification-prefs.ts';
import { type HomeReminder, renderRemindersHome } from './reminders-home.ts';
import { renderServiceEventsLine, type ServiceEventsHomeModel } from './service-events-line.ts';

interface AppHomeModel {
  /** The workspace's connection to the service, or null. */
  connection: { baseUrl: string; connectedAt: Date } | null;
  /** Workspace admins may connect and reconnect. */
  isAdmin: boolean;
  /** For an org admin under an org-wide install: the org and the workspaces the app was added to. */
  orgWorkspaces?: { orgName: string; names: readonly string[] } | null | undefined;
  /** The member this person is linked to, or null. */
  link: { memberName: string } | null;
  /** This person's tasks (open ones are shown), when connected and linked. */
  tasks?: readonly TaskRecord[] | undefined;
  /** Why the tasks couldn't be loaded, plain text. */
  tasksProblem?: string | null | undefined;
  /** The reader's zone. Default: UTC. */
  timeZone?: string | undefined;
  slackUserIds?: SlackUserIds | undefined;
  taskUrl?: ((task: TaskRecord) => string | null | undefined) | undefined;
  statuses?: ReadonlyMap<number, readonly ProjectStatusDef[]> | undefined;
  /** Channels whose default project this person set. */
  channelDefaults?: ReadonlyArray<{ channelId: string; projectName: string }> | undefined;
  /** What just happened after an action taken here (with Undo for a status change). */
  notice?: TaskNotice | null | undefined;
  /** The person's own digest by direct message; shown (with its toggle) when connected and linked. */
  personalDigest?: PersonalDigestModel | null | undefined;
  /** How the service's changes reach Slack and how fresh they are; shown when connected. */
  serviceEvents?: ServiceEventsHomeModel | null | undefined;
  /** The person's direct-message notification switches; shown when connected and linked. */
  notificationPrefs?: NotifyPrefs | null | undefined;
  /** The person's own reminders of tasks, soonest first. */
  reminders?: readonly HomeReminder[] | undefined;
}

function button(actionId: string, text: string, style?: 'primary' | 'danger'): Button {
  return {
    type: 'button',
    action_id: actionId,
    text: plainText(text, LIMITS.buttonText),
    ...(style ? { style } : {}),
  };
}

function connectionBlock(model: AppHomeModel): SectionBlock {
  const { connection } = model;
  if (connection) {
    const since = slackDate(
      connection.connectedAt,
      '{date_short_pretty}',
      formatDueFallback(connection.connectedAt, 'UTC', false),
    );
    const block: SectionBlock = {
      type: 'section',
      text: mrkdwn(
        `:large_green_circle: Connected to \`${escapeMrkdwn(truncate(connection.baseUrl, 300))}\` since ${since}.`,
      ),
    };
    if (model.isAdmin) block.accessory = button(ACTIONS.homeConnect, 'Reconnect');
    return block;
  }
  if (model.isAdmin) {
    return {
      type: 'section',
      text: mrkdwn(
        ':white_circle: This workspace isn’t connected to the service yet. Connect it with an API token.',
      ),
      accessory: button(ACTIONS.homeConnect, 'Connect', 'primary'),
    };
  }
  return {
    type: 'section',
    text: mrkdwn(
      ':white_circle: This workspace isn’t connected to the service yet. Ask a workspace admin to connect it.',
    ),
  };
}

function linkBlock(model: AppHomeModel): SectionBlock | null {
  if (!model.connection) return null;
  if (model.link) {
    return {
      type: 'section',
      text: mrkdwn(`:link: You’re linked as *${escapeMrkdwn(truncate(model.link.memberName, 200))}*.`),
      accessory: button(ACTIONS.homeUnlink, 'Unlink'),
    };
  }
  return {
    type: 'section',
    text: mrkdwn(
      ':link: Link your Slack account to your member in the service to see and act on your tasks.',
    ),
    accessory: button(ACTIONS.homeLink, 'Link account', 'primary'),
  };
}

const SECTIONS: ReadonlyArray<{ bucket: DayBucket; title: string }> = [
  { bucket: 'overdue', title: ':warning: Overdue' },
  { bucket: 'today', title: ':date: Today' },
  { bucket: 'upcoming', title: ':calendar: Upcoming' },
];

function taskBlocks(model: AppHomeModel, now: Date): KnownBlock[] {
  if (model.tasksProblem) {
    return [
      { type: 'section', text: mrkdwn(`:warning: ${escapeMrkdwn(truncate(model.tasksProblem, 500))}`) },
    ];
  }
  const timeZone = resolveTimeZone(model.timeZone);
  const open = (model.tasks ?? []).filter(
    (t) => !isDoneStatus(t.status, statusesFor(model.statuses, t.project_id)),
  );
  const groups = new Map<DayBucket, TaskRecord[]>();
  for (const task of open) {
    const bucket = dayBucket(dueOf(task), { timeZone, now });
    groups.set(bucket, [...(groups.get(bucket) ?? []), task]);
  }
  const blocks: KnownBlock[] = [{ type: 'header', text: plainText('Your tasks', LIMITS.headerText) }];
  let any = false;
  for (const { bucket, title } of SECTIONS) {
    const tasks = (groups.get(bucket) ?? []).sort(
      (a, b) => (dueOf(a)?.getTime() ?? 0) - (dueOf(b)?.getTime() ?? 0),
    );
    if (tasks.length === 0) continue;
    any = true;
    blocks.push({ type: 'section', text: mrkdwn(`*${title}* (${tasks.length})`) });
    for (const task of tasks) {
      const card = {
        task,
        url: model.taskUrl?.(task),
        statuses: statusesFor(model.statuses, task.project_id),
        slackUserIds: model.slackUserIds,
        timeZone,
      };
      // The row has Done; the bar under it the rest of a card's actions.
      blocks.push(renderTaskRow(card, now), renderTaskActionBar(card));
    }
  }
  const undated = groups.get('none')?.length ?? 0;
  if (!any) blocks.push({ type: 'section', text: mrkdwn('Nothing due. :tada:') });
  if (undated > 0) {
    blocks.push(contextLine(`${undated} more with no due date: \`${COMMAND_NAME} mine\` lists them.`));
  }
  return blocks;
}

const CHANNEL_ID = /^[CGD][A-Z0-9]{2,31}$/;

function channelDefaultsBlock(model: AppHomeModel): SectionBlock | null {
  const channels = (model.channelDefaults ?? []).filter((c) => CHANNEL_ID.test(c.channelId));
  if (!model.connection || channels.length === 0) return null;
  const lines = channels.map((c) => `<#${c.channelId}> → *${escapeMrkdwn(truncate(c.projectName, 100))}*`);
  const list = joinWithin(lines, '\n', LIMITS.sectionText - 200);
  return {
    type: 'section',
    text: mrkdwn(
      `:pushpin: *Channel projects you set* (\`${COMMAND_NAME} new\` there files tasks in them)\n${list}`,
    ),
  };
}

/** Enterprise Grid: where the org-wide install reaches, and how to reach more. */
function orgWorkspacesBlock(org: { orgName: string; names: readonly string[] }): KnownBlock {
  const names = org.names.map((name) => `*${escapeMrkdwn(truncate(name, 80))}*`).join(', ');
  return {
    type: 'section',
    text: mrkdwn(
      truncate(
        `:office: Installed for *${escapeMrkdwn(truncate(org.orgName, 80))}*, added to ${org.names.length} ` +
          `workspace${org.names.length === 1 ? '' : 's'}: ${names || 'none yet'}. ` +
          'Add it to more in Slack: *Manage organization → Integrations → Installed apps → Taskbridge*.',
        LIMITS.sectionText,
      ),
    ),
  };
}

export function renderAppHome(model: AppHomeModel, now: Date): HomeView {
  const top: KnownBlock[] = [{ type: 'header', text: plainText('Taskbridge', LIMITS.headerText) }];
  if (model.notice) top.push(renderTaskNotice(model.notice, now, 'home_notice'));
  top.push(connectionBlock(model));
  if (model.orgWorkspaces) top.push(orgWorkspacesBlock(model.orgWorkspaces));
  if (model.connection && model.serviceEvents) top.push(renderServiceEventsLine(model.serviceEvents, now));
  const link = linkBlock(model);
  if (link) top.push(link);
  if (model.connection) {
    const actions: ActionsBlock = {
      type: 'actions',
      block_id: 'home_actions',
      elements: [
        button(ACTIONS.homeCreateTask, 'Create task', 'primary'),
        button(ACTIONS.homeRefresh, 'Refresh'),
      ],
    };
    top.push(actions);
  }
  if (model.connection && model.link && model.personalDigest) {
    top.push(...renderPersonalDigest(model.personalDigest, now));
  }
  if (model.connection && model.link && model.notificationPrefs) {
    top.push(...renderNotificationPrefs(model.notificationPrefs));
  }
  if (model.connection) top.push(...renderRemindersHome(model.reminders ?? [], model.timeZone));
  const channels = channelDefaultsBlock(model);
  if (channels) top.push(channels);
  const showTasks = model.connection && model.link;
  const body = showTasks ? [{ type: 'divider' } as const, ...taskBlocks(model, now)] : [];
  // Count the tasks left out, not the headings between them.
  const more = (_: number, hidden: readonly KnownBlock[]) => {
    const tasks = hidden.filter(
      (b) => b.type === 'section' && decodeTaskBlockId(b.block_id ?? '') !== null,
    ).length;
    return contextLine(`…and ${tasks} more. \`${COMMAND_NAME} mine\` lists every task of yours.`);
  };
  return {
    type: 'home',
    blocks: capBlocks([...top, ...body], LIMITS.viewBlocks, more),
  };
}
