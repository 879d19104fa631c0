/**
 * The connect form. The token is checked with a live call before it is saved (a wrong token is a
 * field error, not a saved mistake), within Slack's 3 s; once saved it is never shown again. The
 * address is an admin's, so it is held to the address policy, and every way of not reaching a
 * service there reads the same, so the form cannot be used to probe what answers where.
 */
import { AuthenticationError, PermissionError, WorkApiError } from '../../../api/index.ts';
import { escapeMrkdwn } from '../../../slack-platform/mrkdwn.ts';
import type { AppDeps } from '../../deps.ts';
import { type FormArgs, formContext } from '../../kit/form-context.ts';
import { CONNECT_FIELDS } from '../../ui/ids.ts';
import { CONNECT_SCOPE, readConnectSubmission } from './connect.ts';
import { orgAdminOf } from './org-admin.ts';

/** Leaves room under Slack's 3 s for the store write and the answer. */
const CHECK_TIMEOUT_MS = 2_000;

/** Refused address, closed port, 404, timeout, TLS failure, an answer too large: one text for all. */
export const UNREACHABLE_SERVICE =
  'Taskbridge could not reach a work-management service at that address. Check the address (it must be https and publicly reachable) and the token.';

export function connectSubmittedHandler(deps: AppDeps) {
  return async (args: FormArgs) => {
    const { ack, view, client, teamId, userId } = formContext(deps, args);
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
    const { baseUrl, token } = read.value;
    const unreachable = async (reason: string) => {
      // The real reason for the operator; never the token, never more of the address than its origin.
      deps.logger.info({ teamId, address: originOf(baseUrl), reason }, 'connect: service not reached');
      await ack({ response_action: 'errors', errors: { [urlBlock]: UNREACHABLE_SERVICE } });
    };
    const refusal = deps.workApi.refusalOf(baseUrl);
    if (refusal) {
      await unreachable(`address refused: ${refusal}`);
      return;
    }
    try {
      await deps.workApi
        .probe({ baseUrl, token }, { timeoutMs: CHECK_TIMEOUT_MS })
        .workspaces.list({ per_page: 1 });
    } catch (error) {
      if (error instanceof AuthenticationError || error instanceof PermissionError) {
        const message =
          error instanceof AuthenticationError
            ? 'The service refused this token. Copy it again from the service’s “API devices” settings.'
            : 'This token may not read workspaces. Use a token of an admin’s API device.';
        await ack({ response_action: 'errors', errors: { [tokenBlock]: message } });
        return;
      }
      await unreachable(
        error instanceof WorkApiError ? `${error.code}: ${error.message}` : `unexpected: ${String(error)}`,
      );
      return;
    }
    const { scope: _scope, ...input } = read.value;
    if (read.value.scope === CONNECT_SCOPE.org) {
      const org = await orgAdminOf(deps, client, teamId, userId);
      if (!org.ok) {
        await ack({ response_action: 'errors', errors: { [CONNECT_FIELDS.scope.block]: org.why } });
        return;
      }
      await deps.connections.saveForOrg(org.enterpriseId, { ...input, connectedBy: userId });
    } else {
      await deps.connections.save(teamId, { ...input, connectedBy: userId });
    }
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

function originOf(baseUrl: string): string {
  try {
    return new URL(baseUrl).origin;
  } catch {
    return '(not a URL)';
  }
}
