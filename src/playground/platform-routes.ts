/**
 * The playground's Work Objects and workflows: a person opens a task's flexpane from a card or an
 * unfurl (the `entity_details_requested` Slack would send), saves edits made in it, and runs a small
 * workflow with Taskbridge steps (Create a task, then Assign it), each answered by the real app
 * through the emulator. The steps are the ones manifest.yml declares.
 */
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import {
  declareFunctions,
  type EntityFieldEdit,
  type FunctionDeclaration,
  flexpaneOf,
  requestEntityDetails,
  runWorkflow,
  type SlackEmulator,
  submitEntityEdit,
} from '../slack-emulator/index.ts';
import type { SlackSigner } from '../slack-emulator/signer.ts';
import { PlaygroundInputError } from './interactions.ts';

/** How long the page waits for the app's flexpane. */
const FLEXPANE_WAIT_MS = 8_000;

interface EntityRef {
  url: string;
  external_ref: { id: string; type?: string };
  app_unfurl_url?: string;
}

const text = (v: unknown, name: string): string => {
  if (typeof v !== 'string' || v.trim() === '') throw new PlaygroundInputError(`${name} is required`);
  return v.trim();
};

export function platformRoutes(emulator: SlackEmulator, signer: SlackSigner) {
  const manifest = parse(readFileSync(new URL('../../manifest.yml', import.meta.url), 'utf8')) as {
    functions?: Record<string, FunctionDeclaration>;
  };
  declareFunctions(emulator.state, manifest.functions ?? {});

  /** The person's own workspace: Work Objects and workflows happen there (one of an org's, say). */
  const teamOf = (user: string): string => emulator.user(user)?.teamId ?? emulator.team().id;

  /** Sends the request, then waits for the app's next entity.presentDetails. */
  const presented = async (user: string, send: () => Promise<unknown>) => {
    const before = emulator.calls('entity.presentDetails').length;
    await send();
    await emulator.waitForCall(
      'entity.presentDetails',
      () => emulator.calls('entity.presentDetails').length > before,
      FLEXPANE_WAIT_MS,
    );
    return flexpaneOf(emulator.state, teamOf(user), user) ?? null;
  };

  const entityIn = (channel: string, ts: string, url: string): EntityRef => {
    const message = emulator.message(channel, ts);
    const lists = [message?.metadata, message?.unfurl_metadata].map(
      (m) => (m as { entities?: EntityRef[] } | undefined)?.entities ?? [],
    );
    const entity = lists.flat().find((e) => e.url === url || e.app_unfurl_url === url);
    if (!entity) throw new PlaygroundInputError('That message carries no such Work Object');
    return entity;
  };

  return {
    /** `{user, channel, messageTs, url}`: the person clicks the entity. */
    entity: async (b: Record<string, unknown>) => {
      const user = text(b.user, 'user');
      const channel = text(b.channel, 'channel');
      const ts = text(b.messageTs, 'messageTs');
      const entity = entityIn(channel, ts, text(b.url, 'url'));
      return presented(user, () =>
        requestEntityDetails(signer, emulator, {
          userId: user,
          teamId: teamOf(user),
          entityUrl: entity.url,
          externalRef: entity.external_ref,
          channel,
          messageTs: ts,
          ...(entity.app_unfurl_url ? { appUnfurlUrl: entity.app_unfurl_url } : {}),
        }),
      );
    },
    /** `{user, fields}`: the person saves edits in their open flexpane. */
    entityEdit: async (b: Record<string, unknown>) => {
      const user = text(b.user, 'user');
      const pane = flexpaneOf(emulator.state, teamOf(user), user);
      const metadata = pane?.metadata as EntityRef | undefined;
      if (!metadata) throw new PlaygroundInputError('No flexpane is open');
      const fields = (b.fields ?? {}) as Record<string, EntityFieldEdit>;
      return presented(user, () =>
        submitEntityEdit(
          signer,
          emulator,
          { userId: user, teamId: teamOf(user), entityUrl: metadata.url, externalRef: metadata.external_ref },
          fields,
        ),
      );
    },
    /** `{user, project, title, assignee}`: a workflow of Create a task, then Assign it to assignee. */
    workflow: async (b: Record<string, unknown>) => {
      const user = text(b.user, 'user');
      // Inputs Workflow Builder would not accept (an unknown person) are the page's mistake, said as such.
      const run = await runWorkflow(signer, emulator, {
        userId: user,
        teamId: teamOf(user),
        steps: [
          {
            callbackId: 'create_task',
            inputs: { project: text(b.project, 'project'), title: text(b.title, 'title') },
          },
          {
            callbackId: 'assign_task',
            inputs: {
              task_number: { fromStep: 0, output: 'task_number' },
              assignee: text(b.assignee, 'assignee'),
            },
          },
        ],
      }).catch((error: unknown) => {
        throw new PlaygroundInputError((error as Error).message);
      });
      return {
        state: run.state,
        steps: run.steps.map((s) => ({
          callbackId: s.callbackId,
          title: manifest.functions?.[s.callbackId]?.title ?? s.callbackId,
          state: s.state,
          outputs: s.outputs ?? null,
          error: s.error ?? null,
        })),
      };
    },
  };
}
