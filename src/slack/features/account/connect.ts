/**
 * The "Connect the service" modal (admins): base URL and token. It shows whether and where the
 * workspace is connected, never the token: a saved token is not shown again, so reconnecting asks
 * for a new one. An optional field names the status that means done, for services whose status
 * names do not say it in a language Taskbridge knows (src/api/done-status.ts).
 */
import { formatDueFallback } from '../../../lib/dates.ts';
import { slackDate } from '../../../slack-platform/date-tokens.ts';
import { escapeMrkdwn, truncate } from '../../../slack-platform/mrkdwn.ts';
import type { KnownBlock, ModalView } from '../../ui/block-types.ts';
import { CONNECT_FIELDS as F, VIEWS } from '../../ui/ids.ts';
import { LIMITS, mrkdwn, plainText } from '../../ui/limits.ts';
import { textValue } from '../../ui/modals/view-state.ts';

interface ConnectionState {
  baseUrl: string;
  connectedAt: Date;
  connectedBySlackUserId?: string | null | undefined;
  /** The deployment's default connection (`WORK_API_URL`), which every workspace uses until it connects its own. */
  isDefault?: boolean | undefined;
  /** The status an admin said means done, shown again so a reconnect keeps it. */
  doneStatusName?: string | undefined;
}

interface ConnectViewModel {
  /** The current connection, or null when not connected. */
  current: ConnectionState | null;
  /** `private_metadata`. Default: empty. */
  privateMetadata?: string | undefined;
  /** A problem from the last attempt, plain text (e.g. "The service refused the token"). */
  problem?: string | null | undefined;
  /** The Enterprise Grid org installed org-wide: the form offers to connect all its workspaces. */
  orgName?: string | undefined;
}

/** What the scope choice's values mean. */
export const CONNECT_SCOPE = { workspace: 'workspace', org: 'org' } as const;

const USER_ID = /^[UW][A-Z0-9]{2,31}$/;

export function renderConnectView(model: ConnectViewModel, _now?: Date): ModalView {
  const blocks: KnownBlock[] = [];
  const { current } = model;
  if (current) {
    const by =
      current.connectedBySlackUserId && USER_ID.test(current.connectedBySlackUserId)
        ? ` by <@${current.connectedBySlackUserId}>`
        : '';
    const when = slackDate(
      current.connectedAt,
      '{date_short_pretty}',
      formatDueFallback(current.connectedAt, 'UTC', false),
    );
    const address = `\`${escapeMrkdwn(truncate(current.baseUrl, 500))}\``;
    blocks.push({
      type: 'section',
      text: mrkdwn(
        current.isDefault
          ? `:large_green_circle: Connected to ${address} through this deployment's default connection, since ${when}.\nEnter an address and token to connect this workspace with its own.`
          : `:large_green_circle: Connected to ${address}${by} on ${when}.\nEnter a new token to reconnect; the saved one is never shown.`,
      ),
    });
  } else {
    blocks.push({
      type: 'section',
      text: mrkdwn(
        ':white_circle: Not connected yet. Enter the service’s API address (it ends in `/api`) and a token from its “API devices” settings.',
      ),
    });
  }
  if (model.problem) {
    blocks.push({
      type: 'section',
      text: mrkdwn(`:warning: ${escapeMrkdwn(truncate(model.problem, 1000))}`),
    });
  }
  blocks.push({
    type: 'input',
    block_id: F.baseUrl.block,
    label: plainText('API base URL', LIMITS.inputLabel),
    hint: plainText('For example https://work.example.com/api', LIMITS.inputHint),
    element: {
      type: 'plain_text_input',
      action_id: F.baseUrl.action,
      max_length: 500,
      ...(current ? { initial_value: truncate(current.baseUrl, 500) } : {}),
    },
  });
  blocks.push({
    type: 'input',
    block_id: F.token.block,
    label: plainText('Access token', LIMITS.inputLabel),
    hint: plainText('Checked with the service before it is saved, then stored encrypted.', LIMITS.inputHint),
    // Never an initial value: the token must not travel back to Slack.
    element: { type: 'plain_text_input', action_id: F.token.action, max_length: 1000 },
  });
  blocks.push({
    type: 'input',
    block_id: F.doneStatus.block,
    optional: true,
    label: plainText('Status that means done', LIMITS.inputLabel),
    hint: plainText(
      'Only if your statuses are not named like “Done”, “Closed” or “Erledigt”: the name of the one that finishes a task. Used by /task done, lists and digests.',
      LIMITS.inputHint,
    ),
    element: {
      type: 'plain_text_input',
      action_id: F.doneStatus.action,
      max_length: 100,
      ...(current?.doneStatusName ? { initial_value: truncate(current.doneStatusName, 100) } : {}),
    },
  });
  if (model.orgName) {
    const workspace = { text: plainText('This workspace', 75), value: CONNECT_SCOPE.workspace };
    blocks.push({
      type: 'input',
      block_id: F.scope.block,
      label: plainText('Serves', LIMITS.inputLabel),
      hint: plainText(
        'Every workspace: for each workspace of the org without a connection of its own. Org admins only.',
        LIMITS.inputHint,
      ),
      element: {
        type: 'radio_buttons',
        action_id: F.scope.action,
        initial_option: workspace,
        options: [
          workspace,
          {
            text: plainText(`Every workspace in ${truncate(model.orgName, 50)}`, 75),
            value: CONNECT_SCOPE.org,
          },
        ],
      },
    } as KnownBlock);
  }
  return {
    type: 'modal',
    callback_id: VIEWS.connect,
    title: plainText(current ? 'Reconnect the service' : 'Connect the service', LIMITS.modalTitle),
    submit: plainText(current ? 'Reconnect' : 'Connect', LIMITS.modalButton),
    close: plainText('Cancel', LIMITS.modalButton),
    private_metadata: model.privateMetadata ?? '',
    blocks,
  };
}

type ConnectReadResult =
  | {
      ok: true;
      value: { baseUrl: string; token: string; doneStatusName?: string; scope?: 'workspace' | 'org' };
    }
  | { ok: false; errors: Record<string, string> };

/** Hosts where plain http is fine: a service on this machine. */
const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * Validates the connect form. Messages never repeat the token. The base URL loses a trailing
 * slash; https is required except on loopback, which the address policy then refuses unless the
 * operator allows it (work-api-registry.ts).
 */
export function readConnectSubmission(values: unknown): ConnectReadResult {
  const errors: Record<string, string> = {};
  const rawUrl = textValue(values, F.baseUrl).trim();
  let baseUrl = '';
  let url: URL | null = null;
  try {
    url = rawUrl ? new URL(rawUrl) : null;
  } catch {
    url = null;
  }
  if (!rawUrl) errors[F.baseUrl.block] = 'Enter the API base URL.';
  else if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:')) {
    errors[F.baseUrl.block] = 'Enter a full URL, like https://work.example.com/api.';
  } else if (url.protocol === 'http:' && !LOOPBACK.has(url.hostname)) {
    errors[F.baseUrl.block] = 'Use https: the token would travel in clear over http.';
  } else if (url.username || url.password) {
    errors[F.baseUrl.block] = 'Leave credentials out of the URL; put the token in the token field.';
  } else if (url.search || url.hash) {
    errors[F.baseUrl.block] = 'Leave out the ? and # parts: give the base URL only.';
  } else {
    baseUrl = url.toString().replace(/\/+$/, '');
  }
  const token = textValue(values, F.token).trim();
  if (!token) errors[F.token.block] = 'Enter an access token.';
  else if (/\s/.test(token))
    errors[F.token.block] = 'A token has no spaces: paste the token alone (no "Bearer").';
  const doneStatusName = textValue(values, F.doneStatus).trim().replace(/\s+/g, ' ');
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  const scope = selectedScope(values);
  return {
    ok: true,
    value: { baseUrl, token, ...(doneStatusName ? { doneStatusName } : {}), ...(scope ? { scope } : {}) },
  };
}

/** The scope radio's choice, when the form had one. */
function selectedScope(values: unknown): 'workspace' | 'org' | undefined {
  const block = (values as Record<string, Record<string, { selected_option?: { value?: unknown } }>>)?.[
    F.scope.block
  ];
  const value = block?.[F.scope.action]?.selected_option?.value;
  return value === CONNECT_SCOPE.org || value === CONNECT_SCOPE.workspace ? value : undefined;
}
