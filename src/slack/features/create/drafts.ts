/**
 * What someone typed into a form that then could not be saved to the service (an outage, a rate
 * limit): kept for a week so "Open the form again" brings it all back, and nothing typed is lost.
 */
import { randomUUID } from 'node:crypto';
import type { AppDeps } from '../../deps.ts';
import type { CreateTaskMetadata } from './create-task-metadata.ts';
import type { CreateTaskSubmission } from './create-task-submission.ts';

const DRAFT_TTL_MS = 7 * 24 * 60 * 60_000;

interface TaskDraft {
  submission: Omit<CreateTaskSubmission, 'due'> & { due: { date: string; hasTime: boolean } | null };
  metadata: CreateTaskMetadata;
}

const key = (teamId: string, userId: string, id: string) => `draft:${teamId}:${userId}:${id}`;

export async function saveDraft(
  deps: AppDeps,
  q: { teamId: string; userId: string; submission: CreateTaskSubmission; metadata: CreateTaskMetadata },
): Promise<string> {
  const id = randomUUID().slice(0, 12);
  const { due, ...rest } = q.submission;
  const draft: TaskDraft = {
    submission: { ...rest, due: due ? { date: due.date.toISOString(), hasTime: due.hasTime } : null },
    metadata: q.metadata,
  };
  await deps.store.set(key(q.teamId, q.userId, id), draft, DRAFT_TTL_MS);
  return id;
}

/** A person's own draft; another person's id finds nothing. */
export function loadDraft(
  deps: AppDeps,
  teamId: string,
  userId: string,
  id: string,
): Promise<TaskDraft | undefined> {
  if (!/^[0-9a-f-]{1,36}$/.test(id)) return Promise.resolve(undefined);
  return deps.store.get<TaskDraft>(key(teamId, userId, id));
}
