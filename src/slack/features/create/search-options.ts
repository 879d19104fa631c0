/**
 * External selects: projects in the create form, members in the link form. Both filter a cached
 * list locally rather than asking the service to search: searches have their own, smaller budget
 * (30 a minute), and every keystroke would spend it.
 */
import type { AllMiddlewareArgs, SlackOptionsMiddlewareArgs } from '@slack/bolt';
import type { WorkApiClient } from '../../../api/index.ts';
import { truncate } from '../../../slack-platform/mrkdwn.ts';
import type { AppDeps } from '../../deps.ts';
import { personOf } from '../../kit/person.ts';
import { activeProjects } from '../../services/resolve-project.ts';
import { workspaceMembers } from '../../services/workspace-members.ts';
import { memberLabel } from '../../ui/options.ts';

/** Slack shows at most 100 options. */
const MAX_OPTIONS = 100;

type Args = SlackOptionsMiddlewareArgs<'block_suggestion'> & AllMiddlewareArgs;

const option = (text: string, value: string) => ({
  text: { type: 'plain_text' as const, text: truncate(text, 75) },
  value,
});

/**
 * Offers the items of one cached list whose text holds what was typed. With no connection, or when
 * the list cannot be loaded (logged as `failure`), it offers nothing rather than an error.
 */
function filteredOptionsHandler<T>(
  deps: AppDeps,
  failure: string,
  load: (api: WorkApiClient) => Promise<readonly T[]>,
  matches: (item: T, wanted: string) => boolean,
  toOption: (item: T) => ReturnType<typeof option>,
) {
  return async ({ ack, body }: Args) => {
    const api = await deps.workApi.clientFor(personOf(body).teamId);
    if (!api) {
      await ack({ options: [] });
      return;
    }
    const wanted = (body.value ?? '').trim().toLowerCase();
    try {
      const items = (await load(api)).filter((item) => matches(item, wanted));
      await ack({ options: items.slice(0, MAX_OPTIONS).map((item) => toOption(item)) });
    } catch (error) {
      deps.logger.warn({ err: error }, failure);
      await ack({ options: [] });
    }
  };
}

export function projectOptionsHandler(deps: AppDeps) {
  return filteredOptionsHandler(
    deps,
    'project options failed',
    activeProjects,
    (p, wanted) => p.name.toLowerCase().includes(wanted),
    (p) => option(p.name, String(p.id)),
  );
}

export function memberOptionsHandler(deps: AppDeps) {
  return filteredOptionsHandler(
    deps,
    'member options failed',
    workspaceMembers,
    (m, wanted) => m.name.toLowerCase().includes(wanted) || m.email.toLowerCase().includes(wanted),
    (m) => option(memberLabel(m), String(m.id)),
  );
}
