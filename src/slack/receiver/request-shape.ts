/**
 * What a request to the events URL must look like before Bolt sees it. The body is parsed exactly
 * as Bolt parses it (form fields when the content type is form-encoded, a form's `payload` field
 * as JSON, JSON otherwise), then checked against the shapes Slack sends: a JSON object naming the
 * app and the workspace, with the fields Bolt reads without checking (the user of an interaction,
 * the view of a view submission, the actions of a block action, the event of an event callback).
 * Anything else is malformed: Bolt would throw on it, so it gets a 400 here.
 */
import { parse as parseQuery } from 'node:querystring';
import { z } from 'zod';

/**
 * Who a request is for: the app it was sent to (absent from shortcut payloads, which Slack sends
 * without `api_app_id`) and the workspace (or org) it came from.
 */
export interface RequestIdentity {
  apiAppId?: string | undefined;
  teamId?: string | undefined;
  enterpriseId?: string | undefined;
}

type ShapeCheck =
  | { kind: 'ssl-check' }
  | { kind: 'url-verification' }
  | { kind: 'request'; identity: RequestIdentity; isCommand: boolean; body: Record<string, unknown> }
  | { kind: 'malformed'; why: string };

const FORM = 'application/x-www-form-urlencoded';

const id = z.string().min(1).max(64);
const user = z.object({ id, team_id: z.string().optional() });
const view = z.object({ id, callback_id: z.string(), type: z.string() });

/** The fields each Slack body type must carry, beyond the identity. */
const BODY_SHAPES: Record<string, z.ZodType> = {
  block_actions: z.object({
    user,
    actions: z.array(z.object({ action_id: z.string(), type: z.string() })).min(1),
  }),
  block_suggestion: z.object({ user, action_id: z.string(), value: z.string() }),
  view_submission: z.object({ user, view }),
  view_closed: z.object({ user, view }),
  shortcut: z.object({ user, callback_id: z.string(), trigger_id: z.string() }),
  message_action: z.object({
    user,
    callback_id: z.string(),
    trigger_id: z.string(),
    channel: z.object({ id }),
    message: z.object({ ts: z.string() }),
  }),
  event_callback: z.object({ event: z.object({ type: z.string() }), event_id: z.string() }),
  app_rate_limited: z.object({}),
};
const COMMAND_SHAPE = z.object({
  command: z.string().min(1),
  text: z.string(),
  user_id: id,
  channel_id: id,
  response_url: z.string(),
  trigger_id: z.string(),
});

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value !== '' ? value : undefined;

/** Parses like Bolt's `parseHTTPRequestBody`, but never throws and refuses what Bolt would choke on. */
function parseBody(
  raw: Buffer,
  contentType: string | undefined,
): { ok: true; body: unknown; fields: boolean } | { ok: false; why: string } {
  const bodyText = raw.toString();
  try {
    if (contentType === FORM) {
      const fields = parseQuery(bodyText);
      if (!('payload' in fields)) {
        // Every field of a form must be single: Bolt reads them as strings.
        for (const name in fields) {
          if (typeof fields[name] !== 'string') return { ok: false, why: 'a form field is repeated' };
        }
        // Checked as parsed (an object without a prototype): only this check reads it, so no copy.
        return { ok: true, body: fields, fields: true };
      }
      if (typeof fields.payload !== 'string') return { ok: false, why: 'payload must be one JSON field' };
      return { ok: true, body: JSON.parse(fields.payload), fields: false };
    }
    return { ok: true, body: JSON.parse(bodyText), fields: false };
  } catch {
    return { ok: false, why: 'the body is not valid JSON or form data' };
  }
}

function identityOf(body: Json): RequestIdentity | undefined {
  if (body.api_app_id !== undefined && !text(body.api_app_id)) return undefined;
  const apiAppId = text(body.api_app_id);
  const team = isObject(body.team) ? text(body.team.id) : undefined;
  const userTeam = isObject(body.user) ? text(body.user.team_id) : undefined;
  const enterprise = isObject(body.enterprise) ? text(body.enterprise.id) : undefined;
  const teamId = text(body.team_id) ?? team ?? userTeam;
  const enterpriseId = text(body.enterprise_id) ?? enterprise;
  if (!teamId && !enterpriseId) return undefined;
  return { apiAppId, teamId, enterpriseId };
}

export function checkRequestShape(raw: Buffer, contentType: string | undefined): ShapeCheck {
  const parsed = parseBody(raw, contentType);
  if (!parsed.ok) return { kind: 'malformed', why: parsed.why };
  const body = parsed.body;
  if (!isObject(body)) return { kind: 'malformed', why: 'the body is not an object' };
  if (body.ssl_check === '1') return { kind: 'ssl-check' };
  if (body.type === 'url_verification') {
    return typeof body.challenge === 'string'
      ? { kind: 'url-verification' }
      : { kind: 'malformed', why: 'url_verification without a challenge' };
  }
  const identity = identityOf(body);
  if (!identity) return { kind: 'malformed', why: 'the body names no app or workspace' };
  let shape: z.ZodType | undefined;
  if (parsed.fields && typeof body.command === 'string') shape = COMMAND_SHAPE;
  else if (typeof body.type === 'string' && Object.hasOwn(BODY_SHAPES, body.type))
    shape = BODY_SHAPES[body.type];
  if (!shape) return { kind: 'malformed', why: 'not a request type Slack sends' };
  const checked = shape.safeParse(body);
  if (!checked.success) {
    const issue = checked.error.issues[0];
    return { kind: 'malformed', why: `${issue?.path.join('.') || 'body'}: ${issue?.message ?? 'invalid'}` };
  }
  return { kind: 'request', identity, isCommand: shape === COMMAND_SHAPE, body };
}
