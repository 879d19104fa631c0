/** The link form: the chosen member becomes a link at once only when the person's Slack email is theirs; otherwise a request to the admins. */
import type { AppDeps } from '../../deps.ts';
import { type FormArgs, formContext } from '../../kit/form-context.ts';
import { noteFailure } from '../../kit/report-failure.ts';
import { LINK_FIELDS } from '../../ui/ids.ts';
import { readLinkSubmission, renderLinkOutcomeView } from './link.ts';
import { submitLinkForm } from './link-form.ts';

export function linkSubmittedHandler(deps: AppDeps) {
  return async (args: FormArgs) => {
    const { ack, view, client, teamId, userId } = formContext(deps, args);
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
    let outcome: Awaited<ReturnType<typeof submitLinkForm>>;
    try {
      outcome = await submitLinkForm(deps, client, { teamId, userId, memberId: read.value.memberId });
    } catch (error) {
      await ack({
        response_action: 'errors',
        errors: { [block]: noteFailure(deps, error, { what: 'linking' }).text },
      });
      return;
    }
    if (outcome.kind === 'refused') {
      await ack({ response_action: 'errors', errors: { [block]: outcome.message } });
      return;
    }
    await ack({ response_action: 'update', view: renderLinkOutcomeView(outcome) });
    if (outcome.kind === 'requested') await outcome.askAdmins();
  };
}
