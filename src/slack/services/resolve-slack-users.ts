/** Slack user ids chosen in a form → service members (links first, then the project member with the same email). */
import { type PeopleContext, type PeopleResolution, resolvePeople } from './resolve-people.ts';

export function resolveSlackUsers(
  slackUserIds: readonly string[],
  ctx: PeopleContext,
): Promise<PeopleResolution> {
  return resolvePeople(
    slackUserIds.map((userId) => ({ kind: 'slack' as const, userId, name: null })),
    ctx,
  );
}
