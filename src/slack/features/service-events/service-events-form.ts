/**
 * Opens the service-events modal for workspace admins (others are told who can) and saves the
 * signing secret it takes, sealed; a malformed secret is a field error, never saved. "Stop webhook
 * events" forgets the secret, so the app checks watched projects for changes instead.
 */
import type { AllMiddlewareArgs, BlockButtonAction, SlackActionMiddlewareArgs } from '@slack/bolt';
import { checkWebhookSecret } from '../../../notify/store/service-events.ts';
import type { AppDeps } from '../../deps.ts';
import { fillOpenView } from '../../kit/fill-open-view.ts';
import { type FormArgs, formContext } from '../../kit/form-context.ts';
import { personOf } from '../../kit/person.ts';
import { publishHome } from '../../services/publish-home.ts';
import { serviceEventsAddress } from '../../services/service-events-home.ts';
import { SERVICE_EVENTS_FIELDS, VIEWS } from '../../ui/ids.ts';
import { renderProblemView } from '../../ui/modals/loading.ts';
import { readServiceEventsSubmission, renderServiceEventsView } from './service-events.ts';

type ActionArgs = SlackActionMiddlewareArgs<BlockButtonAction> & AllMiddlewareArgs;

export function openServiceEventsHandler(deps: AppDeps) {
  return async ({ ack, body, client }: ActionArgs) => {
    await ack();
    const { teamId, userId } = personOf(body);
    const profile = await deps.profiles.get(client, teamId, userId);
    const view = profile.isAdmin
      ? await serviceEventsAddress(deps, teamId).then((a) =>
          renderServiceEventsView({
            address: a.address,
            addressIsFull: a.full,
            hasSecret: a.hasSecret,
            privateMetadata: deps.metadata.seal({ t: teamId, u: userId }),
          }),
        )
      : renderProblemView(
          'Service events',
          ':lock: Only a Slack workspace admin can set up the service’s events.',
          VIEWS.serviceEvents,
        );
    await client.views.open({ trigger_id: body.trigger_id, view });
  };
}

/** The modal's "Stop webhook events" (after its confirm): admins only, said in the modal itself. */
export function stopServiceEventsHandler(deps: AppDeps) {
  return async ({ ack, body, client }: ActionArgs) => {
    await ack();
    const { teamId, userId } = personOf(body);
    const viewId = body.view?.id;
    const profile = await deps.profiles.get(client, teamId, userId);
    if (!profile.isAdmin) {
      if (viewId) {
        await fillOpenView(client, {
          view_id: viewId,
          view: renderProblemView(
            'Service events',
            ':lock: Only a Slack workspace admin can stop the service’s events.',
            VIEWS.serviceEvents,
          ),
        });
      }
      return;
    }
    await deps.serviceEvents.clearSecret(teamId);
    deps.logger.info({ teamId, userId }, 'webhook events stopped: the signing secret was forgotten');
    if (viewId) {
      const a = await serviceEventsAddress(deps, teamId);
      await fillOpenView(client, {
        view_id: viewId,
        view: renderServiceEventsView({
          address: a.address,
          addressIsFull: a.full,
          hasSecret: a.hasSecret,
          privateMetadata: deps.metadata.seal({ t: teamId, u: userId }),
        }),
      });
    }
    await publishHome(deps, client, teamId, userId).catch((error: unknown) =>
      deps.logger.warn({ err: error }, 'could not refresh Home after stopping webhook events'),
    );
  };
}

export function serviceEventsSubmittedHandler(deps: AppDeps) {
  return async (args: FormArgs) => {
    const { ack, view, client, teamId, userId } = formContext(deps, args);
    const block = SERVICE_EVENTS_FIELDS.secret.block;
    try {
      deps.metadata.open(view.private_metadata);
    } catch {
      await ack({
        response_action: 'errors',
        errors: { [block]: 'This form is out of date. Close it and open it again.' },
      });
      return;
    }
    const profile = await deps.profiles.get(client, teamId, userId);
    if (!profile.isAdmin) {
      await ack({
        response_action: 'errors',
        errors: { [block]: 'Only a Slack workspace admin can save it.' },
      });
      return;
    }
    let secret: string;
    try {
      secret = checkWebhookSecret(readServiceEventsSubmission(view.state.values));
    } catch (error) {
      await ack({ response_action: 'errors', errors: { [block]: (error as Error).message } });
      return;
    }
    await deps.serviceEvents.saveSecret(teamId, secret);
    await ack();
    await publishHome(deps, client, teamId, userId).catch((error: unknown) =>
      deps.logger.warn({ err: error }, 'could not refresh Home after saving the webhook secret'),
    );
  };
}
