/**
 * The direct message asking an admin to approve someone's link, its buttons' values, and the line
 * that replaces it once decided.
 */
import { escapeMrkdwn, truncate } from '../../../slack-platform/mrkdwn.ts';
import type { RenderedMessage } from '../../ui/block-types.ts';
import { ACTIONS } from '../../ui/ids.ts';
import { mrkdwn, plainText } from '../../ui/limits.ts';

interface LinkRequestModel {
  requester: string;
  requesterEmail?: string | undefined;
  member: { id: number; name: string; email: string };
}

/** `<slack user>:<member id>`: which request a button decides. */
function linkRequestValue(requester: string, memberId: number): string {
  return `${requester}:${memberId}`;
}

export function readLinkRequestValue(value: unknown): { requester: string; memberId: number } | undefined {
  if (typeof value !== 'string') return undefined;
  const match = /^([A-Za-z0-9_-]{1,64}):([1-9]\d{0,15})$/.exec(value);
  if (!match) return undefined;
  const memberId = Number(match[2]);
  return Number.isSafeInteger(memberId) ? { requester: match[1]!, memberId } : undefined;
}

export function linkRequestMessage(model: LinkRequestModel): RenderedMessage {
  const name = escapeMrkdwn(truncate(model.member.name, 200));
  const email = model.member.email ? ` (${escapeMrkdwn(truncate(model.member.email, 320))})` : '';
  const theirs = model.requesterEmail
    ? ` Their Slack email is ${escapeMrkdwn(truncate(model.requesterEmail, 320))}, not that account's.`
    : '';
  const value = linkRequestValue(model.requester, model.member.id);
  return {
    text: `<@${model.requester}> asks to be linked to ${model.member.name} in the work-management service`,
    blocks: [
      {
        type: 'section',
        text: mrkdwn(
          `:link: <@${model.requester}> asks to be linked to *${name}*${email} in the work-management service.${theirs} Once linked, they act as ${name}: approve only if this is them.`,
        ),
      },
      {
        type: 'actions',
        elements: [
          {
            type: 'button',
            action_id: ACTIONS.linkRequestApprove,
            text: plainText('Approve', 75),
            style: 'primary',
            value,
          },
          {
            type: 'button',
            action_id: ACTIONS.linkRequestDecline,
            text: plainText('Decline', 75),
            style: 'danger',
            value,
          },
        ],
      },
    ],
  };
}

export function linkRequestDecidedMessage(q: {
  approverId: string;
  requesterId: string;
  request: { memberName: string };
  approved: boolean;
}): string {
  const name = escapeMrkdwn(truncate(q.request.memberName, 200));
  return q.approved
    ? `:white_check_mark: <@${q.approverId}> approved: <@${q.requesterId}> is linked to *${name}*.`
    : `:no_entry: <@${q.approverId}> declined <@${q.requesterId}>'s request to be linked to *${name}*.`;
}
