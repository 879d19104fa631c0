/** "You can't do that here", with why (who may) and what to do instead. */
import type { RenderedMessage } from '../block-types.ts';
import { errorMessage } from '../messages/errors.ts';

interface RefusalModel {
  /** What was refused, e.g. "You can't invite people to Website." Plain text. */
  what: string;
  why: string;
  /** mrkdwn. */
  next: string;
}

export function renderRefusal(model: RefusalModel): RenderedMessage {
  const message = errorMessage(model);
  return { ...message, text: `:no_entry: ${message.text}` };
}

/** The same refusal as one mrkdwn paragraph, for a modal that replaces its form with it. */
export function refusalText(model: RefusalModel): string {
  return `:no_entry: *${model.what}*\n${model.why}\n${model.next}`;
}

/** A refusal from what was refused and the permission check's reason. */
export function refusalFor(what: string, reason: { why: string; next: string }): RefusalModel {
  return { what, why: reason.why, next: reason.next };
}
