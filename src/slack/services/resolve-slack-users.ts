/** Slack user ids chosen in a form → service members (links first, then the project member with the same email). */
import type { WebClient } from '@slack/web-api';
import type { WorkApiClient } from '../../api/index.ts';
import type { AppDeps } from '../deps.ts';
import { type PeopleResolution, resolvePeople } from './resolve-people.ts';

export function resolveSlackUsers(
  slackUserIds: readonly string[],
  ctx: {
    deps: AppDeps;
    api: WorkApiClient;
    client: WebClient;
    teamId: string;
    userId: string;
    projectId: number;
  },
): Promise<PeopleResolution> {
  return resolvePeople(
    slackUserIds.map((userId) => ({ kind: 'slack' as const, userId, name: null })),
    ctx,
  );
}
