/**
 * "Link your account" for someone whose Slack email names no member: say which member is yours,
 * and an admin approves it (choosing alone links no one). Up to 100 members fit a static menu;
 * beyond that the menu searches (options request). Plus the view that says how it ended.
 */
import { escapeMrkdwn, truncate } from '../../../slack-platform/mrkdwn.ts';
import type { InputBlock, KnownBlock, ModalView } from '../../ui/block-types.ts';
import { LINK_FIELDS as F, VIEWS } from '../../ui/ids.ts';
import { LIMITS, mrkdwn, option, plainText } from '../../ui/limits.ts';
import { selectedValue } from '../../ui/modals/view-state.ts';
import { memberLabel, memberOptions } from '../../ui/options.ts';

interface LinkViewModel {
  members: ReadonlyArray<{ id: number; name: string; email: string }>;
  /** The likely match (see `suggestMember`), listed first and preselected. */
  suggested?: { id: number; name: string; email: string } | null | undefined;
  /** The member this person is linked to now, if any. */
  current?: { id: number; name: string } | null | undefined;
  /** `private_metadata`. Default: empty. */
  privateMetadata?: string | undefined;
}

export function renderLinkView(model: LinkViewModel, _now?: Date): ModalView {
  const blocks: KnownBlock[] = [];
  // A service that shows no member's email (the spec shows none) cannot confirm anyone by email.
  const approval = model.members.some((m) => m.email)
    ? 'Your Slack email is not the email of an account in the service, so an admin approves the link: choose your account and ask.'
    : 'The service does not show members’ emails, so an admin approves the link: choose your account and ask.';
  const intro = model.current
    ? `You're linked to *${escapeMrkdwn(truncate(model.current.name, 200))}*. ${approval}`
    : approval;
  blocks.push({ type: 'section', text: mrkdwn(intro) });
  if (model.suggested) {
    blocks.push({
      type: 'context',
      elements: [
        mrkdwn(`Suggested from your Slack profile: *${escapeMrkdwn(truncate(model.suggested.name, 200))}*`),
      ],
    });
  }
  if (model.members.length === 0) {
    blocks.push({
      type: 'section',
      text: mrkdwn('The service has no members to link to yet. Ask an admin to invite you.'),
    });
    return {
      type: 'modal',
      callback_id: VIEWS.link,
      title: plainText('Link your account', LIMITS.modalTitle),
      close: plainText('Close', LIMITS.modalButton),
      private_metadata: model.privateMetadata ?? '',
      blocks,
    };
  }
  const initial =
    model.suggested ?? (model.current ? model.members.find((m) => m.id === model.current?.id) : undefined);
  const placeholder = plainText('Find yourself', LIMITS.placeholder);
  let element: InputBlock['element'];
  if (model.members.length <= LIMITS.staticSelectOptions) {
    const options = memberOptions(model.members, '', initial);
    // A static menu's initial option must be one of its options, exactly.
    const initialOption = initial ? options.find((o) => o.value === String(initial.id)) : undefined;
    element = {
      type: 'static_select',
      action_id: F.member.action,
      placeholder,
      options,
      ...(initialOption ? { initial_option: initialOption } : {}),
    };
  } else {
    element = {
      type: 'external_select',
      action_id: F.member.action,
      placeholder,
      min_query_length: 1,
      ...(initial ? { initial_option: option(memberLabel(initial), String(initial.id)) } : {}),
    };
  }
  blocks.push({
    type: 'input',
    block_id: F.member.block,
    label: plainText('Member', LIMITS.inputLabel),
    element,
  });
  return {
    type: 'modal',
    callback_id: VIEWS.link,
    title: plainText('Link your account', LIMITS.modalTitle),
    submit: plainText('Ask to be linked', LIMITS.modalButton),
    close: plainText('Cancel', LIMITS.modalButton),
    private_metadata: model.privateMetadata ?? '',
    blocks,
  };
}

type LinkOutcomeModel =
  | { kind: 'linked'; memberName: string }
  | { kind: 'pending'; memberName: string }
  | { kind: 'requested'; memberName: string };

/** How linking ended (or where it stands), in place of the form. */
export function renderLinkOutcomeView(model: LinkOutcomeModel): ModalView {
  const name = escapeMrkdwn(truncate(model.memberName, 200));
  const text =
    model.kind === 'linked'
      ? `:link: You are linked to *${name}* in the work-management service: your Slack email is that account's. \`/task mine\` shows your tasks.`
      : model.kind === 'pending'
        ? `:hourglass_flowing_sand: Your request to be linked to *${name}* is waiting for an admin. You will get a message when it is decided.`
        : `:envelope: Asked the workspace's admins to approve linking you to *${name}*. You will get a message when it is decided.`;
  return {
    type: 'modal',
    callback_id: VIEWS.link,
    title: plainText('Link your account', LIMITS.modalTitle),
    close: plainText('Close', LIMITS.modalButton),
    blocks: [{ type: 'section', text: mrkdwn(text) }],
  };
}

type LinkReadResult =
  | { ok: true; value: { memberId: number } }
  | { ok: false; errors: Record<string, string> };

export function readLinkSubmission(values: unknown): LinkReadResult {
  const value = selectedValue(values, F.member);
  const memberId = value !== null && /^[1-9]\d{0,15}$/.test(value) ? Number(value) : null;
  if (memberId === null || !Number.isSafeInteger(memberId)) {
    return { ok: false, errors: { [F.member.block]: 'Choose a member from the list.' } };
  }
  return { ok: true, value: { memberId } };
}
