/**
 * Creating a task from Slack, once. Slack may deliver a request again (a retry after a slow ack, a
 * double submit), so each creation is claimed under a key that names its Slack origin; a repeat
 * gets the first task back instead of a second one.
 */
import type { TaskRecord, WorkApiClient } from '../../../api/index.ts';
import type { CreateTaskBody } from '../../../contract/index.ts';
import type { AppDeps } from '../../deps.ts';
import { once } from '../../kit/once.ts';

/** The command's trigger or the form's submission a task is created from. */
type CreateOrigin =
  | { kind: 'trigger'; teamId: string; triggerId: string }
  | { kind: 'view'; teamId: string; viewId: string };

export class CreationPendingError extends Error {
  override name = 'CreationPendingError';
  constructor() {
    super('That task is already being created.');
  }
}

export async function createTaskOnce(
  deps: AppDeps,
  api: WorkApiClient,
  origin: CreateOrigin,
  body: CreateTaskBody,
): Promise<{ task: TaskRecord; repeated: boolean }> {
  const outcome = await once(deps.idempotency, { purpose: 'create-task', ...origin }, () =>
    api.tasks.create(body),
  );
  if (outcome.state === 'pending') throw new CreationPendingError();
  return { task: outcome.value, repeated: outcome.state === 'replayed' };
}
