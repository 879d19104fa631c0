/**
 * People's pending requests to be linked to a service member, one per person per workspace, kept
 * until an admin approves or declines them (or a week passes).
 */
import { type Clock, systemClock } from '../../lib/clock.ts';
import { storeKeys } from '../keys.ts';
import type { Store } from '../types.ts';
import { requirePositiveInt, requireText } from './validate.ts';

export interface LinkRequest {
  memberId: number;
  memberName: string;
  memberEmail: string;
  /** ISO 8601. */
  requestedAt: string;
}

export interface LinkRequests {
  save(teamId: string, slackUserId: string, request: Omit<LinkRequest, 'requestedAt'>): Promise<LinkRequest>;
  get(teamId: string, slackUserId: string): Promise<LinkRequest | undefined>;
  delete(teamId: string, slackUserId: string): Promise<boolean>;
}

const WEEK_MS = 7 * 24 * 60 * 60_000;

export function createLinkRequests(store: Store, options: { clock?: Clock } = {}): LinkRequests {
  const clock = options.clock ?? systemClock;
  const now = () => clock.now();
  return {
    async save(teamId, slackUserId, input) {
      const request: LinkRequest = {
        memberId: requirePositiveInt('memberId', input.memberId),
        memberName: requireText('memberName', input.memberName, 200),
        // Empty when the service shows no emails (the spec shows none): the name then says who.
        memberEmail: input.memberEmail ? requireText('memberEmail', input.memberEmail, 320) : '',
        requestedAt: now().toISOString(),
      };
      await store.set(storeKeys.linkRequest(teamId, slackUserId), request, WEEK_MS);
      return request;
    },
    get: (teamId, slackUserId) => store.get<LinkRequest>(storeKeys.linkRequest(teamId, slackUserId)),
    delete: (teamId, slackUserId) => store.delete(storeKeys.linkRequest(teamId, slackUserId)),
  };
}
