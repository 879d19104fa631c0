/**
 * A subscription from what was typed (the command, or the form's fields): event words to kinds,
 * people to the project's members. Anyone who cannot be matched is said back and nothing is saved.
 */
import type { WebClient } from '@slack/web-api';
import type { WorkApiClient } from '../../../api/index.ts';
import { PROJECT_EVENT_KINDS, type ProjectEventKind } from '../../../notify/events/project-event.ts';
import type { SubscriptionFilters } from '../../../notify/store/subscriptions.ts';
import type { NotifyFilterRefs } from '../../commands/intents.ts';
import type { EventWord } from '../../commands/verbs/notify.ts';
import type { AppDeps } from '../../deps.ts';
import { resolvePeople, unresolvedText } from '../../services/resolve-people.ts';
import { KIND_OF_WORD } from './event-kinds.ts';

export function kindsOf(words: readonly string[]): ProjectEventKind[] {
  if (words.length === 0) return [...PROJECT_EVENT_KINDS];
  const kinds = new Set(words.map((w) => KIND_OF_WORD[w as EventWord]).filter(Boolean));
  return PROJECT_EVENT_KINDS.filter((k) => kinds.has(k));
}

export async function resolveFilters(
  refs: NotifyFilterRefs,
  ctx: {
    deps: AppDeps;
    api: WorkApiClient;
    client: WebClient;
    teamId: string;
    userId: string;
    projectId: number;
  },
): Promise<{ filters: SubscriptionFilters } | { problem: string }> {
  const people = { ...ctx, projectId: ctx.projectId };
  const [wanted, dropped] = await Promise.all([
    resolvePeople(refs.assignees, people),
    resolvePeople(refs.notAssignees, people),
  ]);
  const unresolved = [...wanted.unresolved, ...dropped.unresolved];
  if (unresolved.length > 0) return { problem: `Nothing was saved: ${unresolvedText(unresolved)}` };
  return {
    filters: {
      statuses: refs.statuses,
      notStatuses: refs.notStatuses,
      priorities: refs.priorities,
      notPriorities: refs.notPriorities,
      assignees: wanted.members.map((m) => ({ id: m.id, name: m.name })),
      notAssignees: dropped.members.map((m) => ({ id: m.id, name: m.name })),
      text: refs.text,
      notText: refs.notText,
    },
  };
}
