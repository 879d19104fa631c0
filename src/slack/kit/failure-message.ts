/**
 * Turns any failure behind a Slack action into a short message saying what happened and what to
 * do. Service errors carry their own `userMessage`; this adds the Slack-side next step.
 */
import {
  AuthenticationError,
  ConnectionError,
  NotFoundError,
  PermissionError,
  RateLimitedError,
  ServerError,
  TimeoutError,
  ValidationError,
  WorkApiError,
} from '../../api/errors.ts';
import { StoreUnavailableError } from '../../store/store-unavailable.ts';
import { MetadataError } from './metadata-signer.ts';

export class NotConnectedError extends Error {
  override name = 'NotConnectedError';
  constructor() {
    super('This Slack workspace is not connected to the work-management service.');
  }
}

interface Failure {
  /** One line, mrkdwn. */
  text: string;
  /** Whether the person should be told the request was logged under a reference. */
  reference?: string;
}

/** Said in a command's ack when the store was down before the command began. */
export const STORE_DOWN_BEFORE_START =
  ':warning: Taskbridge can’t reach its storage just now, so nothing was done. Please try again in a minute.';

export function describeFailure(error: unknown, reference?: string): Failure {
  if (error instanceof NotConnectedError) {
    return {
      text: ':electric_plug: Taskbridge isn’t connected to your work-management service yet. A workspace admin can connect it with `/task connect` or from the app’s Home tab.',
    };
  }
  if (error instanceof StoreUnavailableError) {
    return {
      text: ':warning: Taskbridge can’t reach its storage just now. Please try again in a minute.',
    };
  }
  if (error instanceof MetadataError) {
    return { text: ':warning: That form is out of date or was changed. Close it and open it again.' };
  }
  if (error instanceof AuthenticationError) {
    return {
      text: `:lock: ${error.userMessage} A workspace admin can reconnect with \`/task connect\`.`,
    };
  }
  if (
    error instanceof PermissionError ||
    error instanceof NotFoundError ||
    error instanceof ValidationError
  ) {
    return { text: `:warning: ${error.userMessage}` };
  }
  if (error instanceof RateLimitedError) {
    const seconds = Math.max(1, Math.ceil(error.retryAfterMs / 1000));
    return {
      text: `:hourglass: The service is busy (its rate limit). Nothing was changed; try again in about ${seconds} s.`,
    };
  }
  if (error instanceof ServerError || error instanceof TimeoutError || error instanceof ConnectionError) {
    return {
      text: `:warning: ${error.userMessage} Nothing was changed; try again in a minute.`,
    };
  }
  if (error instanceof WorkApiError) return { text: `:warning: ${error.userMessage}` };
  const ref = reference ? ` (reference \`${reference}\`)` : '';
  return {
    text: `:warning: Something went wrong on Taskbridge’s side${ref}. It has been logged; please try again.`,
    ...(reference ? { reference } : {}),
  };
}
