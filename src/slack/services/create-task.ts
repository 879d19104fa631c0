/**
 * Creating a task from Slack, once. Slack may deliver a request again (a retry after a slow ack, a
 * double submit), so each creation is claimed under a key that names its Slack origin; a repeat
 * gets the first task back instead of a second one.
 */
import type { TaskRecord, WorkApiClient } from '../../api/index.ts';
import type { CreateTaskBody } from '../../contract/index.ts';
import type { AppDeps } from '../deps.ts';

/** Long enough to outlast every Slack retry (the last comes about 5 minutes after the first). */
const CREATE_CLAIM_TTL_MS = 30 * 60_000;

export class CreationPendingError extends Error {
  override name = 'CreationPendingError';
  constructor() {
    super('That task is already being created.');
  }
}

export async function createTaskOnce(
  deps: AppDeps,
  api: WorkApiClient,
  originKey: string,
  body: CreateTaskBody,
): Promise<{ task: TaskRecord; repeated: boolean }> {
  const outcome = await deps.idempotency.once(`create-task:${originKey}`, CREATE_CLAIM_TTL_MS, () =>
    api.tasks.create(body),
  );
  if (outcome.state === 'pending') throw new CreationPendingError();
  return { task: outcome.value, repeated: outcome.state === 'replayed' };
}
