/**
 * Opens the create-task form. Called with a fresh trigger (valid 3 s, once), so it does nothing slow
 * first: the person's zone comes from the profile cache or a single users.info call, bounded.
 */
import type { WebClient } from '@slack/web-api';
import type { Priority } from '../../../contract/index.ts';
import { parseDueDate } from '../../../lib/dates.ts';
import type { AppDeps } from '../../deps.ts';
import { withinBudget } from '../../services/within-budget.ts';
import { type CreateTaskMetadata, encodeCreateTaskMetadata } from './create-task-metadata.ts';
import { renderCreateTaskView } from './create-task-modal.ts';

/** How long the zone lookup may hold up the form. */
const ZONE_BUDGET_MS = 800;

interface CreateTaskModalRequest {
  triggerId: string;
  teamId: string;
  userId: string;
  metadata: CreateTaskMetadata;
  prefill?: {
    title?: string | null;
    description?: string | null;
    assigneeSlackIds?: string[];
    priority?: Priority | null;
    dueText?: string | null;
    /** An exact due instant (a saved draft's), used instead of dueText. */
    due?: Date | null;
    project?: { id: number; name: string } | null;
  };
  notice?: string | null;
}

export async function openCreateTaskModal(
  deps: AppDeps,
  client: WebClient,
  req: CreateTaskModalRequest,
): Promise<void> {
  const timeZone =
    (await withinBudget(
      deps.profiles.timeZone(client, req.teamId, req.userId),
      ZONE_BUDGET_MS,
      deps.clock,
    )) ?? 'UTC';
  const p = req.prefill ?? {};
  const due = p.due
    ? { date: p.due, hasTime: true }
    : p.dueText
      ? parseDueDate(p.dueText, { timeZone, now: deps.clock.now() })
      : null;
  const notice =
    req.notice ?? (p.dueText && !due ? `I could not read the due date “${p.dueText}”: pick it below.` : null);
  const view = renderCreateTaskView({
    privateMetadata: encodeCreateTaskMetadata(req.metadata, (payload) => deps.metadata.seal(payload)),
    project: p.project ?? null,
    timeZone,
    notice,
    initial: {
      title: p.title ?? null,
      description: p.description ?? null,
      assigneeSlackUserIds: p.assigneeSlackIds ?? [],
      due: due?.date ?? null,
      priority: p.priority ?? null,
    },
  });
  await client.views.open({ trigger_id: req.triggerId, view });
}
