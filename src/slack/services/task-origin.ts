/**
 * Who asked for a task when the service cannot say it. A person who has not linked an account acts
 * through the workspace's token, so the service records the token's owner as the creator; the task
 * then carries "Created from Slack by <person>" in its description (what the service accepts), and
 * the app remembers the Slack person so that its cards show it even where the service does not
 * return the description (the spec's task has no such field).
 */
import type { WebClient } from '@slack/web-api';
import type { TaskRecord } from '../../api/index.ts';
import { storeKeys } from '../../store/keys.ts';
import type { AppDeps } from '../deps.ts';

const ORIGIN_PREFIX = 'Created from Slack by ';
/** As long as a card of the task may still be looked at. */
const ORIGIN_TTL_MS = 365 * 24 * 3_600_000;
const SLACK_USER_ID = /^[UW][A-Z0-9]{2,31}$/;

interface TaskOrigin {
  slackUserId: string;
  /** The person's name as Slack shows it, written into the description. */
  name: string;
}

/** The origin to record, or null when the person is linked (the service then names them itself). */
export async function originToRecord(
  deps: AppDeps,
  client: WebClient,
  q: { teamId: string; userId: string; linked: boolean },
): Promise<TaskOrigin | null> {
  if (q.linked) return null;
  const profile = await deps.profiles.get(client, q.teamId, q.userId).catch(() => undefined);
  const name = profile?.realName || profile?.displayName || profile?.name || q.userId;
  return { slackUserId: q.userId, name };
}

/** The description with the origin line as its last paragraph. */
export function describeWithOrigin(description: string | null | undefined, origin: TaskOrigin): string {
  const line = `${ORIGIN_PREFIX}${origin.name} (Slack user ${origin.slackUserId})`;
  return description ? `${description}\n\n${line}` : line;
}

export async function rememberOrigin(
  deps: AppDeps,
  teamId: string,
  taskId: number,
  origin: TaskOrigin,
): Promise<void> {
  await deps.store
    .set(storeKeys.taskOrigin(teamId, taskId), origin.slackUserId, ORIGIN_TTL_MS)
    .catch((error: unknown) => deps.logger.warn({ err: error }, 'could not remember who created a task'));
}

/**
 * The card's line for a task created for someone, as mrkdwn: from what the app remembers, else
 * from the description when the service returns one; null when neither says.
 */
export async function originLine(deps: AppDeps, teamId: string, task: TaskRecord): Promise<string | null> {
  const remembered = await deps.store
    .get<string>(storeKeys.taskOrigin(teamId, task.id))
    .catch(() => undefined);
  const fromDescription =
    typeof task.description === 'string'
      ? /Created from Slack by [^\n]*\(Slack user ([UW][A-Z0-9]{2,31})\)/.exec(task.description)?.[1]
      : undefined;
  const slackUserId = remembered ?? fromDescription;
  return slackUserId && SLACK_USER_ID.test(slackUserId) ? `Created from Slack by <@${slackUserId}>` : null;
}
