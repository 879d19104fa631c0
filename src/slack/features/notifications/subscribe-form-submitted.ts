/**
 * The subscribe form submitted: the filters are read with the command's syntax and bad ones are
 * answered on the field; then the subscription is saved (replacing the channel's one for that
 * project) and the person is told in the channel.
 */
import type { ViewSubmitAction } from '@slack/bolt';
import type { ProjectEventKind } from '../../../notify/events/project-event.ts';
import { PROJECT_EVENT_KINDS } from '../../../notify/events/project-event.ts';
import { tokenize } from '../../commands/tokens.ts';
import { readFilters } from '../../commands/verbs/notify.ts';
import type { AppDeps } from '../../deps.ts';
import { type FormArgs, formContext } from '../../kit/form-context.ts';
import { tellPerson } from '../../kit/tell-person.ts';
import { NOTIFY_FIELDS } from '../../ui/ids.ts';
import { channelOfSubscribeForm } from './open-subscribe-form.ts';
import { resolveFilters } from './subscription-input.ts';
import { subscribedMessage } from './subscription-messages.ts';

type Values = ViewSubmitAction['view']['state']['values'];

function field(values: Values, id: { block: string; action: string }) {
  return values[id.block]?.[id.action];
}

export function subscribeFormSubmittedHandler(deps: AppDeps) {
  return async (args: FormArgs) => {
    const channelId = channelOfSubscribeForm(deps, args.view.private_metadata);
    const ctx = formContext(deps, args, channelId ?? null);
    const { ack, view, client, teamId, userId, to } = ctx;
    const values = view.state.values;
    const project = field(values, NOTIFY_FIELDS.project)?.selected_option;
    const projectId = Number(project?.value);
    const events = (field(values, NOTIFY_FIELDS.events)?.selected_options ?? [])
      .map((o) => o.value as ProjectEventKind)
      .filter((k) => PROJECT_EVENT_KINDS.includes(k));
    const filterText = field(values, NOTIFY_FIELDS.filters)?.value ?? '';
    const broadcast = (field(values, NOTIFY_FIELDS.options)?.selected_options ?? []).some(
      (o) => o.value === 'broadcast',
    );
    const errors: Record<string, string> = {};
    if (!channelId)
      errors[NOTIFY_FIELDS.project.block] = 'This form has expired: run `/task subscribe` again.';
    if (!Number.isSafeInteger(projectId) || projectId <= 0)
      errors[NOTIFY_FIELDS.project.block] = 'Pick a project.';
    if (events.length === 0) errors[NOTIFY_FIELDS.events.block] = 'Pick at least one event.';
    const tokens = tokenize(filterText);
    const reading = tokens.ok
      ? readFilters(tokens.tokens, { allowProject: false })
      : { problem: tokens.message };
    if ('problem' in reading) errors[NOTIFY_FIELDS.filters.block] = reading.problem.slice(0, 2000);
    else if (reading.events.length > 0)
      errors[NOTIFY_FIELDS.filters.block] = 'Pick events with the boxes above; filters only narrow tasks.';
    if (Object.keys(errors).length > 0 || 'problem' in reading || !channelId) {
      await ack({ response_action: 'errors', errors });
      return;
    }
    await ack();
    try {
      const api = await ctx.api();
      const resolved = await resolveFilters(reading.filters, {
        deps,
        api,
        client,
        teamId,
        userId,
        projectId,
      });
      if ('problem' in resolved) {
        await tellPerson(client, to, { text: resolved.problem });
        return;
      }
      const before = await deps.notifications.subscriptions.get(teamId, channelId, projectId);
      const sub = await deps.notifications.subscriptions.save(teamId, {
        channelId,
        projectId,
        projectName: project?.text.text ?? `Project ${projectId}`,
        events: PROJECT_EVENT_KINDS.filter((k) => events.includes(k)),
        filters: resolved.filters,
        broadcast: broadcast || reading.broadcast,
        createdBy: userId,
      });
      deps.logger.info({ teamId, channelId, projectId }, 'channel subscribed');
      await tellPerson(client, to, subscribedMessage(sub, before !== undefined));
    } catch (error) {
      await ctx.fail(error, { what: 'saving a subscription' });
    }
  };
}
