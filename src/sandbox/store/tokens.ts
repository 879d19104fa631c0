import { createHash, randomBytes } from 'node:crypto';
import type { SandboxDb } from '../db/sandbox-db.ts';

/** A token fits in an `Authorization` header: visible ASCII, no spaces. */
const TOKEN_PATTERN = /^[\x21-\x7e]{8,200}$/;

export interface TokenOwner {
  tokenId: number;
  memberId: number;
  memberName: string;
}

/** Only a hash is stored, as a service keeps its API devices' secrets. */
function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function isValidTokenValue(token: string): boolean {
  return TOKEN_PATTERN.test(token);
}

/**
 * Registers an "API device" for a member and returns its secret. `value` fixes the secret (scripts
 * that need a known token); if a device with that secret exists it is reused.
 */
export function createToken(
  db: SandboxDb,
  memberId: number,
  options: { name?: string | undefined; value?: string | undefined; now: Date },
): string {
  const member = db.get<{ id: number }>('SELECT id FROM members WHERE id = ?', [memberId]);
  if (!member) throw new Error(`createToken: member ${memberId} does not exist`);
  const value = options.value ?? `sbx_${randomBytes(20).toString('hex')}`;
  if (!isValidTokenValue(value)) {
    throw new Error('createToken: a token must be 8-200 visible ASCII characters without spaces');
  }
  const hash = hashToken(value);
  const existing = db.get<{ member_id: number }>('SELECT member_id FROM tokens WHERE token_hash = ?', [hash]);
  if (existing) {
    if (existing.member_id !== memberId)
      throw new Error('createToken: that token value belongs to another member');
    return value;
  }
  db.run('INSERT INTO tokens (name, token_hash, member_id, created_at) VALUES (?, ?, ?, ?)', [
    options.name ?? 'API device',
    hash,
    memberId,
    options.now.toISOString(),
  ]);
  return value;
}

export function findTokenOwner(db: SandboxDb, token: string): TokenOwner | undefined {
  return db.get<TokenOwner>(
    `SELECT t.id AS tokenId, m.id AS memberId, m.name AS memberName
       FROM tokens t JOIN members m ON m.id = t.member_id
      WHERE t.token_hash = ?`,
    [hashToken(token)],
  );
}

/** Records use, at most once a minute per token: a write on every read would serialise the whole server. */
export class TokenUsage {
  readonly #lastWrite = new Map<number, number>();

  touch(db: SandboxDb, tokenId: number, now: Date): void {
    const previous = this.#lastWrite.get(tokenId);
    if (previous !== undefined && now.getTime() - previous < 60_000) return;
    this.#lastWrite.set(tokenId, now.getTime());
    db.run('UPDATE tokens SET last_used_at = ? WHERE id = ?', [now.toISOString(), tokenId]);
  }

  clear(): void {
    this.#lastWrite.clear();
  }
}
