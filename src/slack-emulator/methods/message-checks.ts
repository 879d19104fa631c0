import {
  type BlockKitProblem,
  formatProblem,
  validateMessage,
} from '../../slack-platform/block-kit-limits.ts';
import { SlackApiError } from '../api-error.ts';

/** Refuses a message that breaks Block Kit limits, answering with the first problem's code and every message. */
export function assertValidMessage(payload: {
  text?: unknown;
  blocks?: unknown;
  attachments?: unknown;
}): void {
  throwIfProblems(validateMessage(payload));
}

export function throwIfProblems(problems: BlockKitProblem[]): void {
  const first = problems[0];
  if (first) throw new SlackApiError(first.code, problems.map(formatProblem));
}
