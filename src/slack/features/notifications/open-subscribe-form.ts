/** Opens the subscribe form for a channel (from `/task subscribe` alone, or a list's Edit button), prefilled when editing. */
import type { WebClient } from '@slack/web-api';
import { PROJECT_EVENT_KINDS } from '../../../notify/events/project-event.ts';
import type { AppDeps } from '../../deps.ts';
import { openTeamModal } from '../../kit/open-team-modal.ts';
import { requireApi } from '../../kit/require-api.ts';
import { checkPostable } from '../../services/digest-channel.ts';
import { activeProjects, channelDefaultProject } from '../../services/resolve-project.ts';
import { NOTIFY_VIEWS } from '../../ui/ids.ts';
import { renderSubscribeForm } from './subscribe-form.ts';
import { filtersText, notPostableForNotifications } from './subscription-messages.ts';

const FORM_KIND = 'notify_form';

function sealSubscribeForm(deps: AppDeps, channelId: string): string {
  return deps.metadata.seal({ k: FORM_KIND, d: { c: channelId } });
}

/** The channel a submitted form is for; undefined when the metadata is not this form's. */
export function channelOfSubscribeForm(deps: AppDeps, metadata: string | undefined): string | undefined {
  try {
    const raw = deps.metadata.open<{ k?: unknown; d?: { c?: unknown } }>(metadata);
    const channel = raw?.k === FORM_KIND ? raw.d?.c : undefined;
    return typeof channel === 'string' && /^[A-Z][A-Z0-9]{2,31}$/.test(channel) ? channel : undefined;
  } catch {
    return undefined;
  }
}

export async function openSubscribeForm(
  deps: AppDeps,
  client: WebClient,
  q: { triggerId: string; teamId: string; userId: string; channelId: string; projectId: number | null },
): Promise<void> {
  await openTeamModal(
    deps,
    client,
    {
      triggerId: q.triggerId,
      title: 'Follow a project',
      callbackId: NOTIFY_VIEWS.form,
      loading: 'Loading projects…',
    },
    async () => {
      const postable = await checkPostable(client, q.channelId);
      if (!postable.ok) return { problem: notPostableForNotifications(q.channelId, postable.reason) };
      const api = await requireApi(deps, q.teamId);
      const [projects, channelProject, editing] = await Promise.all([
        activeProjects(api),
        channelDefaultProject(deps, q.teamId, q.channelId),
        q.projectId === null
          ? undefined
          : deps.notifications.subscriptions.get(q.teamId, q.channelId, q.projectId),
      ]);
      if (projects.length === 0) return { problem: 'There is no active project to follow.' };
      return {
        view: renderSubscribeForm({
          channelId: q.channelId,
          projects,
          initial: {
            projectId: editing?.projectId ?? channelProject?.id ?? null,
            events: editing?.events ?? PROJECT_EVENT_KINDS,
            filters: editing ? filtersText(editing.filters) : '',
            broadcast: editing?.broadcast ?? false,
          },
          metadata: sealSubscribeForm(deps, q.channelId),
        }),
      };
    },
  );
}
