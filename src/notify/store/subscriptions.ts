/**
 * Channel subscriptions to a project's events: one per channel and project (subscribing again
 * replaces it), so a channel follows several projects and a project is followed by several
 * channels. Filters hold member ids, resolved when the subscription was made.
 */

import { type Clock, systemClock } from '../../lib/clock.ts';
import { storeKeys } from '../../store/keys.ts';
import { requirePositiveInt, requireText } from '../../store/repositories/validate.ts';
import type { Store } from '../../store/types.ts';
import type { ProjectEventKind } from '../events/project-event.ts';

interface SubscriptionMember {
  id: number;
  name: string;
}

export interface SubscriptionFilters {
  statuses: string[];
  notStatuses: string[];
  priorities: string[];
  notPriorities: string[];
  assignees: SubscriptionMember[];
  notAssignees: SubscriptionMember[];
  text: string[];
  notText: string[];
}

interface SubscriptionInput {
  channelId: string;
  projectId: number;
  projectName: string;
  /** Never empty: "every kind" is stored as the whole list. */
  events: ProjectEventKind[];
  filters: SubscriptionFilters;
  /** Thread replies also shown in the channel (`reply_broadcast`). */
  broadcast: boolean;
  createdBy: string;
}

export interface Subscription extends SubscriptionInput {
  /** ISO 8601. */
  updatedAt: string;
}

export interface Subscriptions {
  save(teamId: string, input: SubscriptionInput): Promise<Subscription>;
  get(teamId: string, channelId: string, projectId: number): Promise<Subscription | undefined>;
  remove(teamId: string, channelId: string, projectId: number): Promise<boolean>;
  listByChannel(teamId: string, channelId: string): Promise<Subscription[]>;
  listByTeam(teamId: string): Promise<Subscription[]>;
  /** Workspaces with any subscription. */
  teams(): Promise<string[]>;
}

/** Every kind there was before `task.edited`: a subscription saved with all of them asked for all. */
const EVERY_KIND_BEFORE_EDITED: readonly ProjectEventKind[] = [
  'task.created',
  'task.status_changed',
  'task.assigned',
  'task.due_changed',
  'task.done',
  'task.deleted',
  'sprint.started',
  'automation.failed',
];

function asSaved(sub: Subscription): Subscription;
function asSaved(sub: Subscription | undefined): Subscription | undefined;
function asSaved(sub: Subscription | undefined): Subscription | undefined {
  if (!sub || sub.events.includes('task.edited')) return sub;
  if (!EVERY_KIND_BEFORE_EDITED.every((k) => sub.events.includes(k))) return sub;
  return { ...sub, events: [...sub.events, 'task.edited'] };
}

export function createSubscriptions(store: Store, options: { clock?: Clock } = {}): Subscriptions {
  const clock = options.clock ?? systemClock;
  const now = () => clock.now();
  const list = async (prefix: string) => {
    const found: Subscription[] = [];
    for await (const [, value] of store.entries<Subscription>(prefix)) found.push(asSaved(value));
    return found.sort(
      (a, b) => a.projectName.localeCompare(b.projectName) || a.channelId.localeCompare(b.channelId),
    );
  };
  return {
    async save(teamId, input) {
      const value: Subscription = {
        ...input,
        projectId: requirePositiveInt('projectId', input.projectId),
        projectName: requireText('projectName', input.projectName, 200),
        createdBy: requireText('createdBy', input.createdBy, 64),
        updatedAt: now().toISOString(),
      };
      if (value.events.length === 0) throw new TypeError('events must name at least one kind');
      await store.set(storeKeys.notifySub(teamId, input.channelId, value.projectId), value);
      await store.set(storeKeys.notifyTeam(teamId), true);
      return value;
    },
    get: async (teamId, channelId, projectId) =>
      asSaved(await store.get<Subscription>(storeKeys.notifySub(teamId, channelId, projectId))),
    async remove(teamId, channelId, projectId) {
      const removed = await store.delete(storeKeys.notifySub(teamId, channelId, projectId));
      if (removed && (await list(storeKeys.notifySubs(teamId))).length === 0) {
        await store.delete(storeKeys.notifyTeam(teamId));
      }
      return removed;
    },
    listByChannel: (teamId, channelId) => list(storeKeys.notifyChannelSubs(teamId, channelId)),
    listByTeam: (teamId) => list(storeKeys.notifySubs(teamId)),
    async teams() {
      const prefix = storeKeys.notifyTeams();
      const teams: string[] = [];
      for await (const [key] of store.entries<boolean>(prefix)) teams.push(key.slice(prefix.length));
      return teams;
    },
  };
}
