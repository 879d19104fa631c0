/** Project members and invitations (spec Part 4, "Members and invitations"). */
import type { InviteMemberBody, PageQuery, UpdateMemberBody } from '../../contract/index.ts';
import { CACHE_TTL_MS } from '../cache.ts';
import { readRecord } from '../envelopes.ts';
import type { CallOptions } from '../paginate.ts';
import type { Answer } from '../pipeline.ts';
import {
  type InvitationRecord,
  InvitationRecordSchema,
  type ProjectMemberRecord,
  ProjectMemberRecordSchema,
} from '../schemas/records.ts';
import { childListMethod, pageOf, queryKey, type ResourceContext, recordOf } from './support.ts';

/**
 * What an invite did. The service answers 201 with a new invitation, 200 with the open invitation
 * when the person was already invited, and 200 with the member when they already belong.
 */
export type InviteResult =
  | { kind: 'invited'; invitation: InvitationRecord; alreadyInvited: boolean }
  | { kind: 'already_member'; member: ProjectMemberRecord };

function readInvite(answer: Answer): InviteResult {
  const json = answer.json as Record<string, unknown> | undefined;
  const record = (json && typeof json.data === 'object' && json.data !== null ? json.data : json) as
    | Record<string, unknown>
    | undefined;
  // Only an invitation has an expiry or an inviter; a member has neither. A service that shows
  // little (the spec shows no fields) still names an invitation by its address, a member by name.
  const isInvitation =
    answer.status === 201 ||
    (!!record &&
      ('expires_at' in record || 'invited_by' in record || ('email' in record && !('name' in record))));
  return isInvitation
    ? {
        kind: 'invited',
        invitation: readRecord(answer.json, InvitationRecordSchema),
        alreadyInvited: answer.status !== 201,
      }
    : { kind: 'already_member', member: readRecord(answer.json, ProjectMemberRecordSchema) };
}

const membersTag = (projectId: number) => `project-members:${projectId}`;

export function createMembersResource(ctx: ResourceContext) {
  return {
    /** Cached (`CACHE_TTL_MS.members`); `fresh` reads past the cache. */
    listByProject: childListMethod((projectId: number, query: PageQuery, options?: CallOptions) =>
      ctx.cached(
        `members.listByProject:${projectId}:${queryKey(query)}`,
        CACHE_TTL_MS.members,
        [membersTag(projectId)],
        () =>
          ctx.call({
            endpoint: 'members.listByProject',
            params: { id: projectId },
            query,
            read: pageOf(ProjectMemberRecordSchema),
            options,
          }),
        options,
      ),
    ),

    invite: async (projectId: number, body: InviteMemberBody, options?: CallOptions) => {
      const result = await ctx.call({
        endpoint: 'members.invite',
        params: { id: projectId },
        body,
        read: readInvite,
        options,
      });
      await ctx.invalidate([membersTag(projectId)]);
      return result;
    },

    updateRole: async (
      projectId: number,
      memberId: number,
      body: UpdateMemberBody,
      options?: CallOptions,
    ) => {
      const member = await ctx.call({
        endpoint: 'members.updateRole',
        params: { id: projectId, uid: memberId },
        body,
        read: recordOf(ProjectMemberRecordSchema),
        options,
      });
      await ctx.invalidate([membersTag(projectId)]);
      return member;
    },
  };
}

export type MembersResource = ReturnType<typeof createMembersResource>;
