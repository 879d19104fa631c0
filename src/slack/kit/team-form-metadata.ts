/**
 * The `private_metadata` of the team forms: sealed (HMAC) when the form opens, opened and checked
 * on submit. Each form's kind is part of it, so metadata from one form never drives another.
 */
import { z } from 'zod';
import type { AppDeps } from '../deps.ts';
import { MetadataError } from './metadata-signer.ts';

const Id = z.number().int().positive();
const Channel = z.string().max(40).nullable();

const TEAM_FORM_METADATA = {
  sprintNew: z.object({ p: Id.nullable(), c: Channel }),
  sprintStartDates: z.object({ s: Id, p: Id, c: Channel }),
  /** A project to edit (`p`), or one to create in workspace `w` (null: the form asks). */
  projectForm: z.object({ p: Id.nullable(), w: Id.nullable(), c: Channel }),
  /** A workspace to rename (`w`), or a new one. */
  workspaceForm: z.object({ w: Id.nullable(), c: Channel }),
  /** A goal to edit (`g`), or a new one in workspace `w` (null: the form asks). */
  goalForm: z.object({ g: Id.nullable(), w: Id.nullable(), c: Channel }),
  keyResultForm: z.object({ g: Id, c: Channel }),
  /** The project, or null when the form asks. */
  automationForm: z.object({ p: Id.nullable(), c: Channel }),
  /** The channel whose emoji the form maps. */
  reactionForm: z.object({ c: z.string().min(1).max(40) }),
  /** The thread (channel, the parent's ts) and this app's bot id, whose own notes are left out. */
  threadToMindMap: z.object({
    ch: z.string().min(1).max(40),
    ts: z.string().min(1).max(40),
    b: z.string().max(40).nullable(),
  }),
} as const;

export type TeamFormKind = keyof typeof TEAM_FORM_METADATA;
export type TeamFormMetadata<K extends TeamFormKind> = z.infer<(typeof TEAM_FORM_METADATA)[K]>;

export function sealTeamForm<K extends TeamFormKind>(
  deps: AppDeps,
  kind: K,
  data: TeamFormMetadata<K>,
): string {
  return deps.metadata.seal({ k: kind, d: data });
}

/** The form's metadata; throws MetadataError when it is missing, tampered with or of another form. */
export function openTeamForm<K extends TeamFormKind>(
  deps: AppDeps,
  kind: K,
  privateMetadata: string | undefined,
): TeamFormMetadata<K> {
  const raw = deps.metadata.open<{ k?: unknown; d?: unknown }>(privateMetadata);
  if (raw?.k !== kind) throw new MetadataError('the form metadata belongs to another form');
  const parsed = TEAM_FORM_METADATA[kind].safeParse(raw.d);
  if (!parsed.success) throw new MetadataError('the form metadata is malformed');
  return parsed.data as TeamFormMetadata<K>;
}
