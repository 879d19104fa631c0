/**
 * Opens the link form: a loading view at once (the trigger lasts 3 s), then what linking means for
 * this person (`link-form.ts`): linked already by their Slack email, a
 * request waiting for an admin, or the members to say which one is theirs.
 */
import type { WebClient } from '@slack/web-api';
import type { AppDeps } from '../../deps.ts';
import { describeFailure } from '../../kit/failure-message.ts';
import { fillOpenView } from '../../kit/fill-open-view.ts';
import { VIEWS } from '../../ui/ids.ts';
import { renderLoadingView, renderProblemView } from '../../ui/modals/loading.ts';
import { renderLinkOutcomeView, renderLinkView } from './link.ts';
import { planLinkForm } from './link-form.ts';

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
    const plan = await planLinkForm(deps, client, q);
    const view =
      plan.kind === 'choose'
        ? renderLinkView({ ...plan, privateMetadata: deps.metadata.seal({ t: q.teamId, u: q.userId }) })
        : renderLinkOutcomeView(
            plan.kind === 'linked'
              ? { kind: 'linked', memberName: plan.memberName }
              : { kind: 'pending', memberName: plan.request.memberName },
          );
    await fillOpenView(client, { view_id: viewId, view });
  } catch (error) {
    await fillOpenView(client, {
      view_id: viewId,
      view: renderProblemView('Link your account', describeFailure(error).text, VIEWS.link),
    });
  }
}
