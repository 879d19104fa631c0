/** The link form: the chosen member is checked against the service before the link is saved. */
import type { AllMiddlewareArgs, SlackViewMiddlewareArgs, ViewSubmitAction } from '@slack/bolt';
import type { AppDeps } from '../../deps.ts';
import { requireApi } from '../../kit/require-api.ts';
import { describeFailure } from '../../services/failure-message.ts';
import { workspaceMembers } from '../../services/workspace-members.ts';
import { LINK_FIELDS } from '../../ui/ids.ts';
import { readLinkSubmission } from '../../ui/modals/link.ts';

type Args = SlackViewMiddlewareArgs<ViewSubmitAction> & AllMiddlewareArgs;

export function linkSubmittedHandler(deps: AppDeps) {
  return async ({ ack, body, view, client }: Args) => {
    const teamId = body.team?.id ?? body.user.team_id ?? '';
    const userId = body.user.id;
    const block = LINK_FIELDS.member.block;
    let owner: { t?: string; u?: string };
    try {
      owner = deps.metadata.open(view.private_metadata);
    } catch {
      await ack({
        response_action: 'errors',
        errors: { [block]: 'This form is out of date. Close it and open it again.' },
      });
      return;
    }
    // A form opened by someone else cannot link this person.
    if (owner.t !== teamId || owner.u !== userId) {
      await ack({ response_action: 'errors', errors: { [block]: 'This form was opened for someone else.' } });
      return;
    }
    const read = readLinkSubmission(view.state.values);
    if (!read.ok) {
      await ack({ response_action: 'errors', errors: read.errors });
      return;
    }
    let member: { id: number; name: string; email: string } | undefined;
    try {
      // The members were read moments ago to fill the form: the client's cache answers.
      member = (await workspaceMembers(await requireApi(deps, teamId))).find(
        (m) => m.id === read.value.memberId,
      );
    } catch (error) {
      await ack({ response_action: 'errors', errors: { [block]: describeFailure(error).text } });
      return;
    }
    if (!member) {
      await ack({
        response_action: 'errors',
        errors: { [block]: 'That member is no longer in the workspace.' },
      });
      return;
    }
    await deps.userLinks.link(teamId, userId, {
      memberId: member.id,
      memberName: member.name,
      email: member.email,
    });
    await ack();
    await client.chat
      .postMessage({
        channel: userId,
        text: `:link: You are linked to *${member.name}* in the work-management service. \`/task mine\` shows your tasks.`,
      })
      .catch((error: unknown) => deps.logger.warn({ err: error }, 'could not confirm the link'));
  };
}
