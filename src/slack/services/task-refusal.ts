/**
 * A task action that is not a failure but a "no": not allowed, nothing to do, a status that does
 * not exist. Its message is for the person as it is; nothing was changed.
 */
import { NotFoundError } from '../../api/errors.ts';
import { describeFailure } from '../kit/failure-message.ts';

export class TaskRefusal extends Error {
  override name = 'TaskRefusal';
}

/** One line for the person about why a task action did not happen (mrkdwn). */
export function describeTaskFailure(error: unknown, taskId: number | null, reference?: string): string {
  if (error instanceof TaskRefusal) return `:no_entry_sign: ${error.message}`;
  if (error instanceof NotFoundError && taskId !== null) {
    return `:wastebasket: Task #${taskId} no longer exists in the service: it was deleted (or you lost access to it). Nothing was changed.`;
  }
  return describeFailure(error, reference).text;
}
