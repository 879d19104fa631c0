/**
 * Sealed values already opened, remembered by the sealed value itself. Every command reads its
 * workspace's connection, and in OAuth mode its installation; the read stays (another instance may
 * have saved a new one), but opening the same sealed text again gives the same plaintext, so it is
 * done once. A new save seals with a new random IV, so its text is new and is opened afresh; the
 * memo key holds the record's key (the cipher's associated data), so a value copied under another
 * workspace never matches and is refused by the cipher as before.
 */
import type { Cipher } from './cipher.ts';

/** Opened values remembered at most (a few per installed workspace); past this the memo starts afresh. */
const OPENED_MAX = 10_000;

type OpenSealed = (sealed: string, associated: string) => string;

export function openedValues(cipher: Cipher): OpenSealed {
  const opened = new Map<string, string>();
  return (sealed, associated) => {
    const memoKey = `${associated}\n${sealed}`;
    let plain = opened.get(memoKey);
    if (plain === undefined) {
      plain = cipher.decrypt(sealed, associated);
      if (opened.size >= OPENED_MAX) opened.clear();
      opened.set(memoKey, plain);
    }
    return plain;
  };
}
