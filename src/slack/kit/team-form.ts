/**
 * How every team form is submitted: the metadata is checked and the fields read first, and any
 * problem is answered in the acknowledgement (`response_action: errors`) before the service is
 * called; then the form closes and the work runs once per view (a double submit or a Slack retry
 * finds the claim taken), and its outcome, or what went wrong, goes to the person.
 */
import type { AppDeps } from '../deps.ts';
import type { RenderedMessage } from '../ui/block-types.ts';
import type { FormResult } from '../ui/team/modal-parts.ts';
import { type FormArgs, formContext, type FormContext as SubmissionContext } from './form-context.ts';
import { once } from './once.ts';
import { personOf } from './person.ts';
import { openTeamForm, type TeamFormKind, type TeamFormMetadata } from './team-form-metadata.ts';
import { tellPerson } from './tell-person.ts';

/** The form was acknowledged before `run`: its context has no `ack`. */
interface SealedFormContext<M> extends Omit<SubmissionContext, 'ack'> {
  meta: M;
}

type FormContext<K extends TeamFormKind> = SealedFormContext<TeamFormMetadata<K>>;

/** A form whose `private_metadata` was sealed when it opened: how to open it, read it and run it. */
interface SealedFormSpec<M, V> {
  /** The form's metadata; throws when it is missing, tampered with or another form's. */
  open(deps: AppDeps, privateMetadata: string | undefined): M;
  /** The fields, or their errors; may look at the store (`at`), still inside the 3 s of the ack. */
  read(values: unknown, meta: M, at: FormReadContext): FormResult<V> | Promise<FormResult<V>>;
  /** Does the work; answers what to tell the person (null: it told them itself). */
  run(ctx: SealedFormContext<M>, value: V): Promise<RenderedMessage | null>;
  /** What failed, for the log. */
  what: string;
  /** The once-only key's purpose. Default `team-form`. */
  purpose?: string;
  /** Words of the form's own for errors it knows; null falls back to the shared description. */
  describe?: (error: unknown) => string | null;
}

/** What a form's `read` may consult: the app and the submitter's workspace. */
interface FormReadContext {
  deps: AppDeps;
  teamId: string;
}

interface TeamFormSpec<K extends TeamFormKind, V> {
  kind: K;
  read(
    values: unknown,
    meta: TeamFormMetadata<K>,
    at: FormReadContext,
  ): FormResult<V> | Promise<FormResult<V>>;
  /** Does the work; answers what to tell the person (null: it told them itself). */
  run(ctx: FormContext<K>, value: V): Promise<RenderedMessage | null>;
}

function channelOf(meta: object): string | null {
  if ('c' in meta && typeof meta.c === 'string') return meta.c;
  if ('ch' in meta && typeof meta.ch === 'string') return meta.ch;
  return null;
}

export function teamFormHandler<K extends TeamFormKind, V>(spec: TeamFormSpec<K, V>) {
  return sealedFormHandler<TeamFormMetadata<K>, V>({
    open: (deps, privateMetadata) => openTeamForm(deps, spec.kind, privateMetadata),
    read: spec.read,
    run: spec.run,
    what: `the ${spec.kind} form`,
  });
}

export function sealedFormHandler<M extends object, V>(spec: SealedFormSpec<M, V>) {
  return (deps: AppDeps) => async (args: FormArgs) => {
    const { ack, body, view, client } = args;
    // Errors must name a block of the view: the first input shows those of the whole form.
    const block = view.blocks.find((b) => b.type === 'input')?.block_id ?? 'form';
    let meta: M;
    try {
      meta = spec.open(deps, view.private_metadata);
    } catch {
      await ack({
        response_action: 'errors',
        errors: { [block]: 'This form is out of date or was changed. Close it and open it again.' },
      });
      return;
    }
    const teamId = personOf(body).teamId;
    let read: FormResult<V>;
    try {
      read = await spec.read(view.state.values, meta, { deps, teamId });
    } catch (error) {
      deps.logger.warn({ err: error }, 'could not check a form');
      await ack({
        response_action: 'errors',
        errors: { [block]: 'Could not check this just now: try again.' },
      });
      return;
    }
    if (!read.ok) {
      await ack({ response_action: 'errors', errors: read.errors });
      return;
    }
    await ack();
    const ctx: SealedFormContext<M> = { ...formContext(deps, args, channelOf(meta)), meta };
    try {
      const outcome = await once(
        deps.idempotency,
        { purpose: spec.purpose ?? 'team-form', kind: 'view', teamId, viewId: view.id },
        async () => {
          const message = await spec.run(ctx, read.value);
          if (message) await tellPerson(client, ctx.to, message);
          return true;
        },
      );
      if (outcome.state !== 'ran') deps.logger.info({ view: view.id }, 'form submitted again: ignored');
    } catch (error) {
      await ctx.fail(error, { what: spec.what, ...(spec.describe ? { describe: spec.describe } : {}) });
    }
  };
}
