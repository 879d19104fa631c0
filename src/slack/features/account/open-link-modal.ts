/**
 * Opens the link form: a loading view at once (the trigger lasts 3 s), then the workspace's
 * members with the person's likely match first.
 */
import type { WebClient } from '@slack/web-api';
import type { AppDeps } from '../../deps.ts';
import { requireApi } from '../../kit/require-api.ts';
import { describeFailure } from '../../services/failure-message.ts';
import { suggestMember } from '../../services/link-suggest.ts';
import { workspaceMembers } from '../../services/workspace-members.ts';
import { VIEWS } from '../../ui/ids.ts';
import { renderLinkView } from '../../ui/modals/link.ts';
import { renderLoadingView, renderProblemView } from '../../ui/modals/loading.ts';

export async function openLinkModal(
  deps: AppDeps,
  client: WebClient,
  q: { triggerId: string; teamId: string; userId: string },
): Promise<void> {
  const opened = await client.views.open({
    trigger_id: q.triggerId,
    view: renderLoadingView('Link your account', 'Looking up the members of your workspace…', VIEWS.link),
  });
  const viewId = opened.view?.id;
  if (!viewId) return;
  try {
    const api = await requireApi(deps, q.teamId);
    const [members, profile, current] = await Promise.all([
      workspaceMembers(api),
      deps.profiles.get(client, q.teamId, q.userId),
      deps.userLinks.get(q.teamId, q.userId),
    ]);
    const suggested = suggestMember(
      { email: profile.email, real_name: profile.realName, display_name: profile.displayName },
      members,
    );
    await client.views.update({
      view_id: viewId,
      view: renderLinkView({
        members,
        suggested,
        current: current ? { id: current.memberId, name: current.memberName } : null,
        privateMetadata: deps.metadata.seal({ t: q.teamId, u: q.userId }),
      }),
    });
  } catch (error) {
    await client.views.update({
      view_id: viewId,
      view: renderProblemView('Link your account', describeFailure(error).text, VIEWS.link),
    });
  }
}
