/**
 * Opens a team form the way the trigger allows: a loading view at once (the trigger lasts 3 s and
 * works once), then the form, a refusal or a problem in its place through views.update, whatever
 * the service takes to answer.
 */
import type { WebClient } from '@slack/web-api';
import type { AppDeps } from '../deps.ts';
import type { ModalView } from '../ui/block-types.ts';
import { renderLoadingView, renderProblemView } from '../ui/modals/loading.ts';
import { describeFailure } from './failure-message.ts';
import { fillOpenView } from './fill-open-view.ts';

interface TeamModalRequest {
  triggerId: string;
  /** The modal's title (also of the loading and problem views). */
  title: string;
  callbackId: string;
  /** What the loading view says is happening. */
  loading: string;
}

/** Who opens a form, with the trigger that lets it open and the channel it was asked from. */
export interface FormOpener {
  triggerId: string;
  teamId: string;
  userId: string;
  channelId: string | null;
}

/** The opener's own fields of a command's or a button's context. */
export function formOpener(ctx: FormOpener): FormOpener {
  return { triggerId: ctx.triggerId, teamId: ctx.teamId, userId: ctx.userId, channelId: ctx.channelId };
}

/** What fills the modal: a form, or a problem (mrkdwn) shown instead. */
type ModalContent = { view: ModalView } | { problem: string };

export async function openTeamModal(
  deps: AppDeps,
  client: WebClient,
  req: TeamModalRequest,
  fill: () => Promise<ModalContent>,
): Promise<void> {
  const opened = await client.views.open({
    trigger_id: req.triggerId,
    view: renderLoadingView(req.title, req.loading, req.callbackId),
  });
  const viewId = opened.view?.id;
  if (!viewId) return;
  let view: ModalView;
  try {
    const content = await fill();
    view = 'view' in content ? content.view : renderProblemView(req.title, content.problem, req.callbackId);
  } catch (error) {
    deps.logger.warn({ err: error }, 'could not fill a team form');
    view = renderProblemView(req.title, describeFailure(error).text, req.callbackId);
  }
  await fillOpenView(client, { view_id: viewId, view });
}
