/**
 * Work Objects on the emulator: entity metadata on messages and unfurls checked against Slack's
 * entity shapes (`src/slack-platform/entity-metadata.ts`), and `entity.presentDetails`, the
 * flexpane a person sees after clicking an entity (the `entity_details_requested` event the signer
 * sends). Sources: the platform notes' "Work Objects" section; Slack's reference pages
 * docs.slack.dev/reference/methods/entity.presentDetails (arguments `trigger_id`, `metadata`,
 * `user_auth_required`, `user_auth_url`, `error` with `status`, `custom_title`, `custom_message`;
 * errors `invalid_metadata`, `invalid_trigger_id`, `entity_metadata_does_not_match_trigger`) and
 * …/reference/events/entity_details_requested.
 */
import {
  type EntityProblem,
  entityProblems,
  formatEntityProblem,
  messageMetadataProblems,
} from '../../slack-platform/entity-metadata.ts';
import { type Args, boolArg, jsonArg, SlackApiError, stringArg } from '../api-error.ts';
import type { EmulatorState } from '../state.ts';
import { authed, type MethodSpec } from './context.ts';

/** Metadata as Slack keeps it: what breaks the entity shapes is dropped, with a warning in the answer. */
export interface CheckedMetadata {
  metadata: unknown;
  /** Fields to add to an `ok: true` answer (`warning`, `response_metadata`); empty when all was kept. */
  warning: Record<string, unknown>;
}

export function checkMessageMetadata(args: Args, unfurlUrls?: readonly string[]): CheckedMetadata {
  const raw = jsonArg(args, 'metadata', 'invalid_metadata_format');
  if (raw === undefined) return { metadata: undefined, warning: {} };
  const problems = messageMetadataProblems(raw, unfurlUrls);
  if (problems.length === 0) return { metadata: raw, warning: {} };
  return { metadata: undefined, warning: metadataWarning(problems) };
}

function metadataWarning(problems: readonly EntityProblem[]): Record<string, unknown> {
  return {
    warning: 'invalid_metadata_format',
    response_metadata: {
      warnings: ['invalid_metadata_format'],
      messages: problems.map((p) => formatEntityProblem('WARNING', p)),
    },
  };
}

/** An entity click: the trigger it minted and the entity it was for, so presentDetails can be matched to it. */
interface EntityTrigger {
  externalRefId: string;
  entityUrl: string;
  userId: string;
}

/** What a person's flexpane shows: the entity, or the app's error in its place. */
export interface Flexpane {
  teamId: string;
  userId: string;
  entityUrl: string;
  metadata?: Record<string, unknown>;
  error?: { status: string; custom_title?: string; custom_message?: string };
  userAuthRequired: boolean;
}

const TRIGGERS = new WeakMap<EmulatorState, Map<string, EntityTrigger>>();
const FLEXPANES = new WeakMap<EmulatorState, Map<string, Flexpane>>();

function triggersOf(state: EmulatorState): Map<string, EntityTrigger> {
  let map = TRIGGERS.get(state);
  if (!map) {
    map = new Map();
    TRIGGERS.set(state, map);
  }
  return map;
}

function flexpanesOf(state: EmulatorState): Map<string, Flexpane> {
  let map = FLEXPANES.get(state);
  if (!map) {
    map = new Map();
    FLEXPANES.set(state, map);
  }
  return map;
}

/** Notes which entity a trigger_id was minted for (the signer, before it sends the event). */
export function rememberEntityTrigger(state: EmulatorState, triggerId: string, trigger: EntityTrigger): void {
  triggersOf(state).set(triggerId, trigger);
}

/** The flexpane a person has open, as the app last presented it. */
export function flexpaneOf(state: EmulatorState, teamId: string, userId: string): Flexpane | undefined {
  return flexpanesOf(state).get(`${teamId}:${userId}`);
}

const presentDetails = authed((args, ctx) => {
  const triggerId = stringArg(args, 'trigger_id', 'invalid_trigger_id');
  const entity = triggerId ? triggersOf(ctx.state).get(triggerId) : undefined;
  const { userId } = ctx.triggers.redeem(triggerId, ctx.team.id);
  const metadata = jsonArg(args, 'metadata', 'invalid_metadata');
  const error = jsonArg(args, 'error', 'invalid_arguments');
  if (metadata === undefined && error === undefined) {
    throw new SlackApiError('invalid_arguments', ['[ERROR] either metadata or error is required']);
  }
  const pane: Flexpane = {
    teamId: ctx.team.id,
    userId,
    entityUrl: entity?.entityUrl ?? '',
    userAuthRequired: boolArg(args, 'user_auth_required') ?? false,
  };
  if (metadata !== undefined) {
    const problems = entityProblems(metadata, '/metadata');
    if (problems.length > 0) {
      throw new SlackApiError(
        'invalid_metadata',
        problems.map((p) => formatEntityProblem('ERROR', p)),
      );
    }
    const ref = (metadata as { external_ref: { id: string } }).external_ref.id;
    if (entity && ref !== entity.externalRefId)
      throw new SlackApiError('entity_metadata_does_not_match_trigger');
    pane.metadata = metadata as Record<string, unknown>;
  }
  if (error !== undefined) {
    const e = error as Record<string, unknown> | null;
    if (!e || typeof e.status !== 'string' || e.status === '') {
      throw new SlackApiError('invalid_arguments', [
        '[ERROR] error.status is required [json-pointer:/error/status]',
      ]);
    }
    pane.error = {
      status: e.status,
      ...(typeof e.custom_title === 'string' ? { custom_title: e.custom_title } : {}),
      ...(typeof e.custom_message === 'string' ? { custom_message: e.custom_message } : {}),
    };
  }
  flexpanesOf(ctx.state).set(`${ctx.team.id}:${userId}`, pane);
  return { ok: true };
});

export const workObjectMethods: Record<string, MethodSpec> = {
  'entity.presentDetails': presentDetails,
};
