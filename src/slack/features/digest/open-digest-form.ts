/**
 * Opens the digest form the way the trigger allows: a loading view at once (the trigger lasts 3 s
 * and works once), then, through views.update, the form filled from the service (active projects,
 * members) or, instead, why it cannot be: the app is not in the channel, the digest is gone, the
 * workspace is not connected.
 */
import type { WebClient } from '@slack/web-api';
import type { DigestSubscription } from '../../../digest/types.ts';
import { DEFAULT_DIGEST_DAYS } from '../../../digest/types.ts';
import { resolveTimeZone } from '../../../lib/dates.ts';
import type { AppDeps } from '../../deps.ts';
import { describeFailure } from '../../kit/failure-message.ts';
import { fillOpenView } from '../../kit/fill-open-view.ts';
import { requireApi } from '../../kit/require-api.ts';
import { checkPostable } from '../../services/digest-channel.ts';
import { activeProjects, channelDefaultProject } from '../../services/resolve-project.ts';
import { workspaceMembers } from '../../services/workspace-members.ts';
import type { ModalView } from '../../ui/block-types.ts';
import { DIGEST_VIEWS } from '../../ui/ids.ts';
import { renderLoadingView, renderProblemView } from '../../ui/modals/loading.ts';
import { type DigestFormInitial, renderDigestForm } from './digest-form.ts';
import { destinationText, notPostableText } from './digest-messages.ts';
import { sealDigestForm } from './form-metadata.ts';

/** A new digest's defaults: 09:00 in the person's zone, weekdays, overdue and due today. */
const NEW_DIGEST_TIME = '09:00';

interface OpenDigestFormRequest {
  triggerId: string;
  teamId: string;
  userId: string;
  /** Where `/task digest` was typed (for a new digest). */
  channelId: string;
  /** The digest to edit; null for a new one. */
  subscriptionId: string | null;
}

function initialOf(sub: DigestSubscription): DigestFormInitial {
  return {
    projectIds: sub.projectIds,
    time: sub.time,
    timeZone: sub.timeZone,
    days: sub.days,
    sections: sub.sections,
    statuses: sub.filters.statuses ?? [],
    assigneeIds: sub.filters.assigneeIds ?? [],
    postWhenEmpty: sub.postWhenEmpty,
  };
}

async function formFor(
  deps: AppDeps,
  client: WebClient,
  q: OpenDigestFormRequest,
): Promise<ModalView | string> {
  const editing = q.subscriptionId
    ? await deps.digests.subscriptions.get(q.teamId, q.subscriptionId)
    : undefined;
  if (q.subscriptionId && !editing) {
    return ':warning: That digest no longer exists. `/task digest show` lists the ones scheduled here.';
  }
  const channelId = editing?.channelId ?? q.channelId;
  if (!editing) {
    const postable = await checkPostable(client, channelId);
    if (!postable.ok) return notPostableText(channelId, postable.reason);
  }
  const api = await requireApi(deps, q.teamId);
  const [projects, members, timeZone, channelProject] = await Promise.all([
    activeProjects(api),
    // The assignee filter is optional: without the member list the form simply leaves it out.
    workspaceMembers(api).catch(() => []),
    deps.profiles.timeZone(client, q.teamId, q.userId),
    channelDefaultProject(deps, q.teamId, channelId),
  ]);
  if (projects.length === 0) {
    return ':warning: There is no active project in the service to make a digest of. Create one with `/task projects new`.';
  }
  const initial: DigestFormInitial = editing
    ? initialOf(editing)
    : {
        projectIds: channelProject ? [channelProject.id] : [],
        time: NEW_DIGEST_TIME,
        timeZone: resolveTimeZone(timeZone),
        days: [...DEFAULT_DIGEST_DAYS],
        sections: { overdue: true, dueToday: true, dueWithinDays: 0 },
        statuses: [],
        assigneeIds: [],
        postWhenEmpty: false,
      };
  return renderDigestForm(
    {
      privateMetadata: sealDigestForm(deps, { c: channelId, s: editing?.id ?? null }),
      destination: destinationText(channelId),
      projects: projects.map((p) => ({ id: p.id, name: p.name })),
      members: members.map((m) => ({ id: m.id, name: m.name, email: m.email })),
      initial,
      editing: Boolean(editing),
    },
    deps.clock.now(),
  );
}

export async function openDigestForm(
  deps: AppDeps,
  client: WebClient,
  q: OpenDigestFormRequest,
): Promise<void> {
  const title = q.subscriptionId ? 'Edit digest' : 'Schedule a digest';
  const opened = await client.views.open({
    trigger_id: q.triggerId,
    view: renderLoadingView(title, 'Looking up your projects…', DIGEST_VIEWS.form),
  });
  const viewId = opened.view?.id;
  if (!viewId) return;
  let view: ModalView;
  try {
    const form = await formFor(deps, client, q);
    view = typeof form === 'string' ? renderProblemView(title, form, DIGEST_VIEWS.form) : form;
  } catch (error) {
    deps.logger.warn({ err: error }, 'could not fill the digest form');
    view = renderProblemView(title, describeFailure(error).text, DIGEST_VIEWS.form);
  }
  await fillOpenView(client, { view_id: viewId, view });
}
