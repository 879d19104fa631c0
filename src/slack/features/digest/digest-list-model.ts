/**
 * The channel's digests as `/task digest show` and `off` list them: read from the store, each with
 * its next run, and the names of its projects (and filtered people) from the service, one list
 * call each. Names are a nicety: when the service cannot answer, ids stand in for them.
 */
import { nextFiring } from '../../../digest/schedule.ts';
import type { AppDeps } from '../../deps.ts';
import { activeProjects } from '../../services/resolve-project.ts';
import { workspaceMembers } from '../../services/workspace-members.ts';
import type { RenderedMessage } from '../../ui/block-types.ts';
import { renderDigestList } from './digest-list.ts';

interface DigestListRequest {
  teamId: string;
  channelId: string;
  /** Default `show`. */
  purpose?: 'show' | 'off';
  notice?: string | null;
}

export async function digestListMessage(deps: AppDeps, q: DigestListRequest): Promise<RenderedMessage> {
  const subs = await deps.digests.subscriptions.listByChannel(q.teamId, q.channelId);
  const now = deps.clock.now();
  const projectNames = new Map<number, string>();
  const memberNames = new Map<number, string>();
  if (subs.length > 0) {
    const api = await deps.workApi.clientFor(q.teamId);
    const wantMembers = subs.some((s) => (s.filters.assigneeIds?.length ?? 0) > 0);
    if (api) {
      const [projects, members] = await Promise.all([
        activeProjects(api).catch(() => []),
        wantMembers ? workspaceMembers(api).catch(() => []) : Promise.resolve([]),
      ]);
      for (const p of projects) projectNames.set(p.id, p.name);
      for (const m of members) memberNames.set(m.id, m.name);
    }
  }
  return renderDigestList(
    {
      channelId: q.channelId,
      items: subs.map((subscription) => ({ subscription, next: nextFiring(subscription, now) })),
      projectNames,
      memberNames,
      purpose: q.purpose ?? 'show',
      notice: q.notice ?? null,
    },
    now,
  );
}
