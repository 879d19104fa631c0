/**
 * The Slack people behind a task's assignees, for the edit form's people picker: a member's own
 * link first, else the one Slack account with the member's email (what `resolvePeople` reads back
 * on save, so a person shown is saved as the same member). Members with neither cannot be shown in
 * a Slack picker.
 */
import type { WebClient } from '@slack/web-api';
import type { TaskRecord, WorkApiClient } from '../../../api/index.ts';
import type { AppDeps } from '../../deps.ts';
import { slackUsersByMember } from '../../services/resolve-people.ts';

/** Email look-ups per form at most: the form opens within Slack's patience. */
const MAX_EMAIL_LOOKUPS = 20;

interface AssigneeSlackUsers {
  /** Member id → Slack user id, for every assignee a picker can show. */
  all: ReadonlyMap<number, string>;
  /** The part of `all` found by email rather than a link (the form keeps it to judge a save). */
  byEmail: ReadonlyMap<number, string>;
}

export async function assigneeSlackUsers(
  deps: AppDeps,
  api: WorkApiClient,
  client: WebClient,
  q: { teamId: string; task: TaskRecord; linked?: ReadonlyMap<number, string> },
): Promise<AssigneeSlackUsers> {
  const linked = q.linked ?? (await slackUsersByMember(deps, q.teamId));
  const all = new Map(linked);
  const byEmail = new Map<number, string>();
  const missing = q.task.assignees.filter((m) => !linked.has(m.id)).slice(0, MAX_EMAIL_LOOKUPS);
  if (missing.length === 0 || q.task.project_id === null) return { all, byEmail };
  const members = await api.members
    .listByProject(q.task.project_id, { per_page: 100 })
    .then((page) => page.data)
    .catch(() => []);
  const taken = new Set(linked.values());
  await Promise.all(
    missing.map(async (assignee) => {
      const email = members.find((m) => m.id === assignee.id)?.email;
      if (!email) return;
      const found = await client.users.lookupByEmail({ email }).catch(() => undefined);
      const user = found?.user;
      // Someone linked to another member is that member's: never shown for this one.
      if (!user?.id || user.deleted || user.is_bot || taken.has(user.id)) return;
      byEmail.set(assignee.id, user.id);
      all.set(assignee.id, user.id);
    }),
  );
  return { all, byEmail };
}
