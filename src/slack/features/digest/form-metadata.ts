/**
 * The digest form's `private_metadata`: the channel the digest is for and, when editing, which
 * digest. Sealed (HMAC) when the form opens and checked on submit, so a forged or stale form
 * cannot write another channel's digest.
 */
import { z } from 'zod';
import { SubscriptionIdSchema } from '../../../digest/types.ts';
import type { AppDeps } from '../../deps.ts';
import { MetadataError } from '../../kit/metadata-signer.ts';

const KIND = 'digest_form';

const DigestFormMetadataSchema = z.object({
  /** The channel the digest posts to. */
  c: z.string().regex(/^[A-Z][A-Z0-9]{2,31}$/),
  /** The digest being edited; null for a new one. */
  s: SubscriptionIdSchema.nullable(),
});
export type DigestFormMetadata = z.infer<typeof DigestFormMetadataSchema>;

export function sealDigestForm(deps: AppDeps, data: DigestFormMetadata): string {
  return deps.metadata.seal({ k: KIND, d: data });
}

/** The form's metadata; throws MetadataError when missing, tampered with or another form's. */
export function openDigestFormMetadata(
  deps: AppDeps,
  privateMetadata: string | undefined,
): DigestFormMetadata {
  const raw = deps.metadata.open<{ k?: unknown; d?: unknown }>(privateMetadata);
  if (raw?.k !== KIND) throw new MetadataError('the form metadata belongs to another form');
  const parsed = DigestFormMetadataSchema.safeParse(raw.d);
  if (!parsed.success) throw new MetadataError('the form metadata is malformed');
  return parsed.data;
}
