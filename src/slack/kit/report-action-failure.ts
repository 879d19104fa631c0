import type { RespondFn } from '@slack/bolt';
import type { AppDeps } from '../deps.ts';
import { reportFailure } from './report-failure.ts';

/** A failed button: the person is told ephemerally, and the message they clicked stays as it was. */
export function reportActionFailure(deps: AppDeps, respond: RespondFn, error: unknown): Promise<void> {
  return reportFailure({ deps, respond }, error);
}
