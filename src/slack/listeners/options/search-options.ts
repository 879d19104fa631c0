/**
 * External selects: projects in the create form, members in the link form. Both filter a cached
 * list locally rather than asking the service to search: searches have their own, smaller budget
 * (30 a minute), and every keystroke would spend it.
 */
import type { AllMiddlewareArgs, SlackOptionsMiddlewareArgs } from '@slack/bolt';
import type { AppDeps } from '../../deps.ts';
import { activeProjects } from '../../services/resolve-project.ts';
import { truncate } from '../../text/mrkdwn.ts';
import { workspaceMembers } from '../shared/open-link-modal.ts';

/** Slack shows at most 100 options. */
const MAX_OPTIONS = 100;

type Args = SlackOptionsMiddlewareArgs<'block_suggestion'> & AllMiddlewareArgs;

const option = (text: string, value: string) => ({
  text: { type: 'plain_text' as const, text: truncate(text, 75) },
  value,
});

export function projectOptionsHandler(deps: AppDeps) {
  return async ({ ack, body }: Args) => {
    const api = await deps.workApi.clientFor(body.team?.id ?? '');
    if (!api) {
      await ack({ options: [] });
      return;
    }
    const wanted = (body.value ?? '').trim().toLowerCase();
    try {
      const projects = (await activeProjects(api)).filter((p) => p.name.toLowerCase().includes(wanted));
      await ack({ options: projects.slice(0, MAX_OPTIONS).map((p) => option(p.name, String(p.id))) });
    } catch (error) {
      deps.logger.warn({ err: error }, 'project options failed');
      await ack({ options: [] });
    }
  };
}

export function memberOptionsHandler(deps: AppDeps) {
  return async ({ ack, body }: Args) => {
    const api = await deps.workApi.clientFor(body.team?.id ?? '');
    if (!api) {
      await ack({ options: [] });
      return;
    }
    const wanted = (body.value ?? '').trim().toLowerCase();
    try {
      const members = (await workspaceMembers(api)).filter(
        (m) => m.name.toLowerCase().includes(wanted) || m.email.toLowerCase().includes(wanted),
      );
      await ack({
        options: members.slice(0, MAX_OPTIONS).map((m) => option(`${m.name} (${m.email})`, String(m.id))),
      });
    } catch (error) {
      deps.logger.warn({ err: error }, 'member options failed');
      await ack({ options: [] });
    }
  };
}
