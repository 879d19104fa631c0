/**
 * A modal's `private_metadata` comes back from Slack in the view submission, but anything in a
 * request can be forged by whoever holds a valid signature path, and a stale or edited modal must
 * not act on the wrong message. So the app seals what it puts there with an HMAC and refuses a
 * view whose metadata does not verify.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

/** Slack's limit on private_metadata. */
const PRIVATE_METADATA_MAX = 3000;

export class MetadataError extends Error {
  override name = 'MetadataError';
}

export interface MetadataSigner {
  seal(value: unknown): string;
  /** The value sealed earlier; throws MetadataError when missing, tampered or not ours. */
  open<T>(metadata: string | undefined): T;
}

export function createMetadataSigner(secret: string | Uint8Array): MetadataSigner {
  const mac = (payload: string) =>
    createHmac('sha256', secret).update(payload).digest('base64url').slice(0, 22);
  return {
    seal(value) {
      const payload = Buffer.from(JSON.stringify(value)).toString('base64url');
      const sealed = `${mac(payload)}.${payload}`;
      if (sealed.length > PRIVATE_METADATA_MAX)
        throw new MetadataError('private_metadata would exceed 3000 characters');
      return sealed;
    },
    open<T>(metadata: string | undefined): T {
      if (!metadata) throw new MetadataError('the form carries no metadata');
      const dot = metadata.indexOf('.');
      if (dot <= 0) throw new MetadataError('the form metadata is malformed');
      const given = Buffer.from(metadata.slice(0, dot));
      const payload = metadata.slice(dot + 1);
      const expected = Buffer.from(mac(payload));
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
        throw new MetadataError('the form metadata does not verify');
      }
      try {
        return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as T;
      } catch {
        throw new MetadataError('the form metadata is malformed');
      }
    },
  };
}
