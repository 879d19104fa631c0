import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

const ALGORITHM = 'aes-256-gcm';
/** The format tag leads every sealed value so a later scheme can be told apart and migrated. */
const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;
const KEY_BYTES = 32;

const KEY_HELP =
  'ENCRYPTION_KEY must be 32 random bytes written as 64 hex characters or as base64; make one with `openssl rand -hex 32`';

/** Decryption failed: a damaged or tampered value, another key, or a value sealed for another record. */
export class CipherError extends Error {
  override readonly name = 'CipherError';
}

/** Authenticated encryption of short secrets (tokens) at rest. */
export interface Cipher {
  /**
   * Seals plaintext as `v1:<iv>:<tag>:<ciphertext>` (base64url parts).
   * @param context bound to the value as associated data, so a value copied under another record's key
   *   fails to open. Default: no context.
   */
  encrypt(plaintext: string, context?: string): string;
  /** Opens a value from {@link Cipher.encrypt}; throws {@link CipherError} when it was altered. */
  decrypt(sealed: string, context?: string): string;
}

/** Reads an ENCRYPTION_KEY: 64 hex characters or base64 (standard or URL-safe) of exactly 32 bytes. */
export function parseEncryptionKey(text: string): Buffer {
  const trimmed = text.trim();
  if (/^[0-9a-fA-F]{64}$/.test(trimmed)) return Buffer.from(trimmed, 'hex');
  if (/^[A-Za-z0-9+/_-]{43}=?$/.test(trimmed)) {
    const bytes = Buffer.from(trimmed.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
    if (bytes.length === KEY_BYTES) return bytes;
  }
  // The value itself is never repeated: it is a secret even when malformed.
  throw new Error(`${KEY_HELP} (the value given is ${trimmed.length} characters long and is neither)`);
}

/** A fresh random key in the hex form ENCRYPTION_KEY accepts. */
export function generateEncryptionKey(): string {
  return randomBytes(KEY_BYTES).toString('hex');
}

/** AES-256-GCM with a random 12-byte IV per value and the auth tag checked on every decrypt. */
export function createCipher(key: string | Uint8Array): Cipher {
  const keyBytes = typeof key === 'string' ? parseEncryptionKey(key) : Buffer.from(key);
  if (keyBytes.length !== KEY_BYTES) throw new Error(KEY_HELP);
  return {
    encrypt(plaintext, context = '') {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv(ALGORITHM, keyBytes, iv, { authTagLength: TAG_BYTES });
      cipher.setAAD(Buffer.from(context, 'utf8'));
      const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      const tag = cipher.getAuthTag();
      return [VERSION, iv.toString('base64url'), tag.toString('base64url'), body.toString('base64url')].join(
        ':',
      );
    },
    decrypt(sealed, context = '') {
      if (typeof sealed !== 'string') throw new CipherError('Encrypted value is not a string');
      const parts = sealed.split(':');
      if (parts[0] !== VERSION || parts.length !== 4) {
        throw new CipherError(`Encrypted value is not in the ${VERSION} format`);
      }
      const iv = Buffer.from(parts[1]!, 'base64url');
      const tag = Buffer.from(parts[2]!, 'base64url');
      const body = Buffer.from(parts[3]!, 'base64url');
      if (iv.length !== IV_BYTES || tag.length !== TAG_BYTES) {
        throw new CipherError(`Encrypted value is damaged (bad IV or tag length)`);
      }
      try {
        const decipher = createDecipheriv(ALGORITHM, keyBytes, iv, { authTagLength: TAG_BYTES });
        decipher.setAAD(Buffer.from(context, 'utf8'));
        decipher.setAuthTag(tag);
        return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8');
      } catch (error) {
        throw new CipherError(
          'Encrypted value failed its integrity check: it was altered, belongs to another record, or was sealed under another ENCRYPTION_KEY',
          { cause: error },
        );
      }
    },
  };
}
