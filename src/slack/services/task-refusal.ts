/**
 * A task action that is not a failure but a "no": not allowed, nothing to do, a status that does
 * not exist. Its message is for the person as it is; nothing was changed. And the opposite: a
 * change made whose showing failed, told as made.
 */
import {
  ConnectionError,
  NotFoundError,
  RateLimitedError,
  ServerError,
  TimeoutError,
} from '../../api/errors.ts';
import { StoreUnavailableError } from '../../store/store-unavailable.ts';
import { describeFailure } from '../kit/failure-message.ts';

export class TaskRefusal extends Error {
  override name = 'TaskRefusal';
}

/** One line for the person about why a task action did not happen (mrkdwn). */
export function describeTaskFailure(error: unknown, taskId: number | null, reference?: string): string {
  return describeTaskRefusal(error, taskId) ?? describeFailure(error, reference).text;
}

/**
 * The task actions' own words for what is a "no" rather than a failure (a refusal, a change made
 * but not shown, a task gone); null for a failure, which the shared failure path words and logs.
 */
export function describeTaskRefusal(error: unknown, taskId: number | null): string | null {
  if (error instanceof TaskRefusal) return `:no_entry_sign: ${error.message}`;
  if (error instanceof ChangedButNotShown) {
    return `:white_check_mark: ${error.done} (${error.step} just now: ${whyNotShown(error.cause)}.)`;
  }
  if (error instanceof NotFoundError && taskId !== null) {
    return `:wastebasket: Task #${taskId} no longer exists in the service: it was deleted (or you lost access to it). Nothing was changed.`;
  }
  return null;
}

/**
 * A change the service made, after which a step that only shows it (a redraw, a lookup) could not
 * run: the person reads first that the change was made, never "nothing was changed".
 */
export class ChangedButNotShown extends Error {
  override name = 'ChangedButNotShown';
  /** What was done, as a sentence: "Marked #42 done." */
  readonly done: string;
  /** What could not follow: "The list could not be redrawn". */
  readonly step: string;
  constructor(done: string, step: string, options: { cause: unknown }) {
    super(`${done} ${step}.`, options);
    this.done = done;
    this.step = step;
  }
}

/** Runs what follows a change made; its failure becomes a ChangedButNotShown saying the change happened. */
export async function afterChange<T>(done: string, step: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof ChangedButNotShown) throw error;
    throw new ChangedButNotShown(done, step, { cause: error });
  }
}

/** Why a step after a change could not run, in a few words. */
function whyNotShown(error: unknown): string {
  if (error instanceof RateLimitedError) return 'the service is busy';
  if (error instanceof ServerError || error instanceof TimeoutError || error instanceof ConnectionError) {
    return 'the service did not answer';
  }
  if (error instanceof StoreUnavailableError) return 'Taskbridge can’t reach its storage';
  return 'something went wrong';
}
