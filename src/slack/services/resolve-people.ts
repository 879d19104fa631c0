/**
 * Slack people → the service's members. A person's own link wins; otherwise the member of the
 * project whose email matches their Slack profile (what the linking step would suggest anyway).
 * Anyone not found is reported back, never dropped silently.
 */
import type { WebClient } from '@slack/web-api';
import type { ProjectMemberRecord, WorkApiClient } from '../../api/index.ts';
import type { MemberRef } from '../../contract/index.ts';
import { escapeMrkdwn } from '../../slack-platform/mrkdwn.ts';
import { closestWord } from '../commands/closest-word.ts';
import type { PersonRef } from '../commands/intents.ts';
import type { AppDeps } from '../deps.ts';
import { namesThatExist } from '../ui/messages/names-that-exist.ts';

export interface PeopleResolution {
  members: MemberRef[];
  /**
   * People who could not be matched: each label (`@ana`, `<@U…>`, `you`) with why, a phrase that
   * follows it ("has no account in this project yet"), in plain words; and what to do (mrkdwn).
   */
  unresolved: Array<{ label: string; reason: string; next?: string }>;
}

export interface PeopleContext {
  deps: AppDeps;
  api: WorkApiClient;
  client: WebClient;
  teamId: string;
  /** Who is asking (for `me`). */
  userId: string;
  /** Null when the task's project is unknown: people are then matched without its member list. */
  projectId: number | null;
}

/**
 * Matches from the cached member list; anyone not found there is looked for once more in a fresh
 * read, since the service tells no new members.
 */
export async function resolvePeople(
  refs: readonly PersonRef[],
  ctx: PeopleContext,
): Promise<PeopleResolution> {
  const cached = await resolveWith(refs, ctx, false);
  if (cached.read === 'none' || cached.resolution.unresolved.length === 0) return cached.resolution;
  return (await resolveWith(refs, ctx, true)).resolution;
}

async function resolveWith(
  refs: readonly PersonRef[],
  ctx: PeopleContext,
  fresh: boolean,
): Promise<{ resolution: PeopleResolution; read: 'none' | 'members' }> {
  const result: PeopleResolution = { members: [], unresolved: [] };
  if (refs.length === 0) return { resolution: result, read: 'none' };
  let projectMembers: ProjectMemberRecord[] | undefined;
  let read = false;
  const members = async () => {
    read ||= ctx.projectId !== null;
    projectMembers ??=
      ctx.projectId === null
        ? []
        : (
            await ctx.api.members.listByProject(
              ctx.projectId,
              { per_page: 100 },
              fresh ? { fresh } : undefined,
            )
          ).data;
    return projectMembers;
  };
  const add = (m: MemberRef) => {
    if (!result.members.some((x) => x.id === m.id)) result.members.push({ id: m.id, name: m.name });
  };
  for (const ref of refs) {
    if (ref.kind === 'name') {
      const wanted = ref.name.toLowerCase();
      const found = (await members()).filter(
        (m) => m.name.toLowerCase() === wanted || (m.name.toLowerCase().split(/\s+/)[0] ?? '') === wanted,
      );
      if (found.length === 1 && found[0]) add(found[0]);
      else if (found.length > 1) {
        result.unresolved.push({ label: `@${ref.name}`, reason: 'matches more than one member by name' });
      } else {
        const all = await members();
        const names = all.flatMap((m) => [m.name.split(/\s+/)[0] ?? m.name, m.name]);
        const near = closestWord(ref.name, names);
        const known = namesThatExist(
          'Its members',
          all.map((m) => m.name),
          ref.name,
          '',
        );
        result.unresolved.push({
          label: `@${ref.name}`,
          reason: near
            ? `isn’t the name of a project member (did you mean @${near.toLowerCase().split(/\s+/)[0]}?)`
            : 'isn’t the name of a project member',
          ...(known ? { next: escapeMrkdwn(known) } : {}),
        });
      }
      continue;
    }
    const slackUserId = ref.kind === 'me' ? ctx.userId : ref.userId;
    const label = ref.kind === 'me' ? 'you' : `<@${slackUserId}>`;
    const link = await ctx.deps.userLinks.get(ctx.teamId, slackUserId);
    if (link) {
      add({ id: link.memberId, name: link.memberName });
      continue;
    }
    const profile = await ctx.deps.profiles.get(ctx.client, ctx.teamId, slackUserId).catch(() => undefined);
    const email = profile?.email?.toLowerCase();
    const byEmail = email
      ? (await members()).find((m) => m.email !== '' && m.email.toLowerCase() === email)
      : undefined;
    if (byEmail) {
      add(byEmail);
      continue;
    }
    // A service that does not show members' emails (the spec shows no member fields): the one
    // member whose name is the person's full Slack name, when exactly one is.
    const all = await members();
    const fullName = profile?.realName?.trim().toLowerCase();
    const byName =
      fullName && all.every((m) => m.email === '')
        ? all.filter((m) => m.name.trim().toLowerCase() === fullName)
        : [];
    if (byName.length === 1 && byName[0]) add(byName[0]);
    else
      result.unresolved.push({
        label,
        reason: 'has no account in this project yet',
        next: `${ref.kind === 'me' ? 'Link yours' : 'They can link theirs'} with \`/task link\`, or a project admin can invite ${ref.kind === 'me' ? 'you' : 'them'} with \`/task invite @person\`.`,
      });
  }
  return { resolution: result, read: read ? 'members' : 'none' };
}

/** The people not found, one sentence each: who, why, and what to do. */
export function unresolvedText(unresolved: PeopleResolution['unresolved']): string {
  return unresolved.map((u) => `${u.label} ${u.reason}.${u.next ? ` ${u.next}` : ''}`).join(' ');
}

/** memberId → Slack user id, for real @mentions of linked people. */
export async function slackUsersByMember(
  deps: AppDeps,
  teamId: string,
): Promise<ReadonlyMap<number, string>> {
  return deps.userLinks.slackUserByMember(teamId);
}
