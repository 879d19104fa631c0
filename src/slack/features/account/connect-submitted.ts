/**
 * The connect form. The token is checked with a live call before it is saved (a wrong token is a
 * field error, not a saved mistake), within Slack's 3 s; once saved it is never shown again.
 */
import type { AllMiddlewareArgs, SlackViewMiddlewareArgs, ViewSubmitAction } from '@slack/bolt';
import {
  AuthenticationError,
  ConnectionError,
  createWorkApiClient,
  NotFoundError,
  PermissionError,
  TimeoutError,
} from '../../../api/index.ts';
import { escapeMrkdwn } from '../../../slack-platform/mrkdwn.ts';
import type { AppDeps } from '../../deps.ts';
import { CONNECT_FIELDS } from '../../ui/ids.ts';
import { readConnectSubmission } from '../../ui/modals/connect.ts';

type Args = SlackViewMiddlewareArgs<ViewSubmitAction> & AllMiddlewareArgs;

/** Leaves room under Slack's 3 s for the store write and the answer. */
const CHECK_TIMEOUT_MS = 2_000;

export function connectSubmittedHandler(deps: AppDeps) {
  return async ({ ack, body, view, client }: Args) => {
    const teamId = body.team?.id ?? body.user.team_id ?? '';
    const userId = body.user.id;
    const tokenBlock = CONNECT_FIELDS.token.block;
    const urlBlock = CONNECT_FIELDS.baseUrl.block;
    try {
      deps.metadata.open(view.private_metadata);
    } catch {
      await ack({
        response_action: 'errors',
        errors: { [urlBlock]: 'This form is out of date. Close it and open it again.' },
      });
      return;
    }
    const profile = await deps.profiles.get(client, teamId, userId);
    if (!profile.isAdmin) {
      await ack({
        response_action: 'errors',
        errors: { [urlBlock]: 'Only a Slack workspace admin can connect the service.' },
      });
      return;
    }
    const read = readConnectSubmission(view.state.values);
    if (!read.ok) {
      await ack({ response_action: 'errors', errors: read.errors });
      return;
    }
    const probe = createWorkApiClient({
      baseUrl: read.value.baseUrl,
      token: read.value.token,
      timeoutMs: CHECK_TIMEOUT_MS,
      retry: { maxRetries: 0 },
      cache: false,
    });
    try {
      await probe.workspaces.list({ per_page: 1 });
    } catch (error) {
      const field =
        error instanceof AuthenticationError || error instanceof PermissionError ? tokenBlock : urlBlock;
      const message =
        error instanceof AuthenticationError
          ? 'The service refused this token. Copy it again from the service’s “API devices” settings.'
          : error instanceof PermissionError
            ? 'This token may not read workspaces. Use a token of an admin’s API device.'
            : error instanceof TimeoutError || error instanceof ConnectionError
              ? 'The service did not answer at this address. Check the URL (it ends in /api).'
              : error instanceof NotFoundError
                ? 'No work-management API at this address. Check the URL (it ends in /api).'
                : 'The service answered, but not as expected. Check the URL (it ends in /api).';
      await ack({ response_action: 'errors', errors: { [field]: message } });
      return;
    }
    await deps.connections.save(teamId, { ...read.value, connectedBy: userId });
    await ack();
    await client.chat
      .postMessage({
        channel: userId,
        text: `:white_check_mark: Taskbridge is connected to ${read.value.baseUrl}.${
          read.value.doneStatusName
            ? ` Tasks in the status “${escapeMrkdwn(read.value.doneStatusName)}” count as done.`
            : ''
        } Everyone can now link their account with \`/task link\`.`,
      })
      .catch((error: unknown) => deps.logger.warn({ err: error }, 'could not confirm the connection'));
  };
}
