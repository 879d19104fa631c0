/**
 * Who is acting on a task: acting needs the person's service account (their link), because the
 * service's records say who did what and delete rights depend on it.
 */
import type { AppDeps } from '../deps.ts';
import type { RenderedMessage } from '../ui/block-types.ts';
import { linkOfferMessage } from '../ui/messages/link-offer.ts';

export interface TaskActor {
  teamId: string;
  slackUserId: string;
  memberId: number;
  memberName: string;
}

/** The person's link, or undefined when they have not linked an account yet. */
export async function taskActor(
  deps: AppDeps,
  teamId: string,
  slackUserId: string,
): Promise<TaskActor | undefined> {
  const link = await deps.userLinks.get(teamId, slackUserId);
  return link ? { teamId, slackUserId, memberId: link.memberId, memberName: link.memberName } : undefined;
}

/** What an unlinked person gets instead of a failure: one click opens the link form. */
export function linkOfferForActing(): RenderedMessage {
  return linkOfferMessage({ reason: 'to act on tasks from Slack' });
}
