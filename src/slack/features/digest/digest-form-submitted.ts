/**
 * The digest form submitted: every field checked first and problems answered per field
 * (`response_action: errors`); then the form closes and the digest is created or updated once per
 * view (a double submit or a retry finds the claim taken), the person is told, and "Send a preview
 * now" posts the digest as it would look today, once.
 */
import type { AllMiddlewareArgs, SlackViewMiddlewareArgs, ViewSubmitAction } from '@slack/bolt';
import { nextFiring } from '../../../digest/schedule.ts';
import { DigestDeliveryError } from '../../../digest/slack-failure.ts';
import { DigestSubscriptionError } from '../../../digest/subscriptions.ts';
import type { DigestSubscription } from '../../../digest/types.ts';
import type { AppDeps } from '../../deps.ts';
import { once } from '../../kit/once.ts';
import { reportFailure } from '../../kit/report-failure.ts';
import { tellPerson } from '../../kit/tell-person.ts';
import { describeFailure } from '../../services/failure-message.ts';
import type { RenderedMessage } from '../../ui/block-types.ts';
import {
  type DigestFormValue,
  readDigestForm,
  selectedOptionLabels,
} from '../../ui/digest/digest-form-values.ts';
import { digestSavedMessage } from '../../ui/digest/digest-messages.ts';
import { DIGEST_FIELDS } from '../../ui/ids.ts';
import { mrkdwn } from '../../ui/limits.ts';
import { type DigestFormMetadata, openDigestFormMetadata } from './form-metadata.ts';

type Args = SlackViewMiddlewareArgs<ViewSubmitAction> & AllMiddlewareArgs;

function said(text: string): RenderedMessage {
  return { text, blocks: [{ type: 'section', text: mrkdwn(text) }] };
}

function fieldsOf(value: DigestFormValue) {
  return {
    projectIds: value.projectIds,
    time: value.time,
    timeZone: value.timeZone,
    days: value.days,
    sections: value.sections,
    filters: {
      ...(value.statuses.length > 0 ? { statuses: value.statuses } : {}),
      ...(value.assigneeIds.length > 0 ? { assigneeIds: value.assigneeIds } : {}),
    },
    postWhenEmpty: value.postWhenEmpty,
  };
}

async function save(
  deps: AppDeps,
  q: { teamId: string; userId: string; meta: DigestFormMetadata; value: DigestFormValue },
): Promise<{ sub: DigestSubscription; created: boolean }> {
  const { subscriptions } = deps.digests;
  if (q.meta.s) {
    return { sub: await subscriptions.update(q.teamId, q.meta.s, fieldsOf(q.value)), created: false };
  }
  const sub = await subscriptions.create({
    teamId: q.teamId,
    channelId: q.meta.c,
    createdBy: q.userId,
    ...fieldsOf(q.value),
  });
  return { sub, created: true };
}

/** Posts the preview; what went wrong comes back as a message, never thrown: the digest is saved either way. */
async function preview(deps: AppDeps, sub: DigestSubscription): Promise<RenderedMessage | null> {
  try {
    await deps.digests.runner.sendPreview(sub);
    return null;
  } catch (error) {
    if (error instanceof DigestDeliveryError)
      return said(`:warning: The preview was not posted. ${error.message}`);
    deps.logger.warn({ err: error, subscriptionId: sub.id }, 'digest preview failed');
    return said(`The digest is saved, but the preview was not posted. ${describeFailure(error).text}`);
  }
}

export function digestFormSubmittedHandler(deps: AppDeps) {
  return async ({ ack, body, view, client }: Args) => {
    let meta: DigestFormMetadata;
    try {
      meta = openDigestFormMetadata(deps, view.private_metadata);
    } catch {
      await ack({
        response_action: 'errors',
        errors: { [DIGEST_FIELDS.projects.block]: 'This form is out of date. Close it and open it again.' },
      });
      return;
    }
    const read = readDigestForm(view.state.values);
    if (!read.ok) {
      await ack({ response_action: 'errors', errors: read.errors });
      return;
    }
    await ack();
    const teamId = body.team?.id ?? body.user.team_id ?? '';
    const userId = body.user.id;
    const to = { userId, channelId: meta.c };
    try {
      const origin = { purpose: 'digest-form', kind: 'view', teamId, viewId: view.id } as const;
      await once(deps.idempotency, origin, async () => {
        const { sub, created } = await save(deps, { teamId, userId, meta, value: read.value });
        deps.logger.info({ teamId, subscriptionId: sub.id, created, by: userId }, 'digest saved');
        const now = deps.clock.now();
        const names = selectedOptionLabels(view.state.values, DIGEST_FIELDS.projects);
        await tellPerson(
          client,
          to,
          digestSavedMessage(
            {
              subscription: sub,
              projectNames: names,
              next: nextFiring(sub, now),
              created,
              preview: read.value.preview,
            },
            now,
          ),
        );
        if (read.value.preview) {
          const problem = await preview(deps, sub);
          if (problem) await tellPerson(client, to, problem);
        }
        return true;
      });
    } catch (error) {
      await reportFailure(deps, { client, to }, error, {
        what: 'the digest form',
        describe: (e) =>
          e instanceof DigestSubscriptionError ? `:warning: The digest was not saved: ${e.message}.` : null,
      });
    }
  };
}
