/**
 * The digest form submitted: every field checked first and problems answered per field
 * (`response_action: errors`); then the form closes and the digest is created or updated once per
 * view (a double submit or a retry finds the claim taken), the person is told, and "Send a preview
 * now" posts the digest as it would look today, once.
 */
import { nextFiring } from '../../../digest/schedule.ts';
import { DigestDeliveryError } from '../../../digest/slack-failure.ts';
import { DigestSubscriptionError } from '../../../digest/subscriptions.ts';
import type { DigestSubscription } from '../../../digest/types.ts';
import type { AppDeps } from '../../deps.ts';
import { describeFailure } from '../../kit/failure-message.ts';
import { sealedFormHandler } from '../../kit/team-form.ts';
import { tellPerson } from '../../kit/tell-person.ts';
import type { RenderedMessage } from '../../ui/block-types.ts';
import { DIGEST_FIELDS } from '../../ui/ids.ts';
import { mrkdwn } from '../../ui/limits.ts';
import type { FormResult } from '../../ui/team/modal-parts.ts';
import { type DigestFormValue, readDigestForm, selectedOptionLabels } from './digest-form-values.ts';
import { digestSavedMessage } from './digest-messages.ts';
import { type DigestFormMetadata, openDigestFormMetadata } from './form-metadata.ts';

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
async function preview(deps: AppDeps, sub: DigestSubscription, by: string): Promise<RenderedMessage | null> {
  try {
    await deps.digests.runner.sendPreview(sub, { by });
    return null;
  } catch (error) {
    if (error instanceof DigestDeliveryError)
      return said(`:warning: The preview was not posted. ${error.message}`);
    deps.logger.warn({ err: error, subscriptionId: sub.id }, 'digest preview failed');
    return said(`The digest is saved, but the preview was not posted. ${describeFailure(error).text}`);
  }
}

/** The form's values, with the chosen projects' names as the form showed them (for the reply). */
type Submitted = DigestFormValue & { projectNames: string[] };

function read(values: unknown): FormResult<Submitted> {
  const form = readDigestForm(values);
  if (!form.ok) return form;
  return {
    ok: true,
    value: { ...form.value, projectNames: selectedOptionLabels(values, DIGEST_FIELDS.projects) },
  };
}

export const digestFormSubmittedHandler = sealedFormHandler<DigestFormMetadata, Submitted>({
  open: openDigestFormMetadata,
  read,
  what: 'the digest form',
  purpose: 'digest-form',
  describe: (e) =>
    e instanceof DigestSubscriptionError ? `:warning: The digest was not saved: ${e.message}.` : null,
  run: async (ctx, value) => {
    const { deps, teamId, userId, meta, now } = ctx;
    const { sub, created } = await save(deps, { teamId, userId, meta, value });
    deps.logger.info({ teamId, subscriptionId: sub.id, created, by: userId }, 'digest saved');
    await tellPerson(
      ctx.client,
      ctx.to,
      digestSavedMessage(
        {
          subscription: sub,
          projectNames: value.projectNames,
          next: nextFiring(sub, now),
          created,
          preview: value.preview,
        },
        now,
      ),
    );
    // Said after the saved message: the digest is saved whatever the preview does.
    return value.preview ? preview(deps, sub, userId) : null;
  },
});
