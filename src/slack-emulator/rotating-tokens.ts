/**
 * Token rotation (docs.slack.dev/authentication/using-token-rotation): with rotation on, an access
 * token (`xoxe.xoxb-…`) expires after `expires_in` seconds (12 hours on Slack) and calls with it
 * then answer `token_expired`; `oauth.v2.access` with `grant_type=refresh_token` trades the refresh
 * token (`xoxe-1-…`) for a new pair. A refresh token is good once: using it again answers
 * `invalid_refresh_token`, which is why several instances must never refresh at once.
 */
import { randomBytes } from 'node:crypto';
import type { Clock } from '../lib/clock.ts';
import type { EmulatorState, TokenOwner } from './state.ts';

/** Slack's access tokens live 12 hours under rotation. */
export const ROTATED_TOKEN_TTL_S = 12 * 60 * 60;

export interface RotatedPair {
  accessToken: string;
  refreshToken: string;
  /** Seconds from now. */
  expiresIn: number;
}

type Holder = Omit<TokenOwner, 'expiresAt' | 'revoked'>;

export class RotatingTokens {
  readonly #state: EmulatorState;
  readonly #clock: Clock;
  readonly #refresh = new Map<string, { holder: Holder; used: boolean }>();
  /** How long new access tokens live, in seconds. */
  expiresIn: number;

  constructor(state: EmulatorState, clock: Clock, expiresIn = ROTATED_TOKEN_TTL_S) {
    this.#state = state;
    this.#clock = clock;
    this.expiresIn = expiresIn;
  }

  /** A new access token for holder, valid expiresIn seconds, and its one-use refresh token. */
  mint(holder: Holder, expiresIn = this.expiresIn): RotatedPair {
    const prefix = holder.kind === 'user' ? 'xoxe.xoxp' : 'xoxe.xoxb';
    const accessToken = `${prefix}-1-${randomBytes(12).toString('hex')}`;
    const refreshToken = `xoxe-1-${randomBytes(16).toString('hex')}`;
    this.#state.tokens.set(accessToken, {
      ...holder,
      revoked: false,
      expiresAt: this.#clock.now().getTime() + expiresIn * 1000,
    });
    this.#refresh.set(refreshToken, { holder, used: false });
    return { accessToken, refreshToken, expiresIn };
  }

  /** Trades a refresh token for a new pair, once; undefined when unknown or already used. */
  redeem(refreshToken: string | undefined): (RotatedPair & { holder: Holder }) | undefined {
    const entry = refreshToken ? this.#refresh.get(refreshToken) : undefined;
    if (!entry || entry.used) return undefined;
    entry.used = true;
    return { ...this.mint(entry.holder), holder: entry.holder };
  }

  /** How many refresh grants were answered with a new pair (tests count races with it). */
  get redeemed(): number {
    let n = 0;
    for (const entry of this.#refresh.values()) if (entry.used) n++;
    return n;
  }
}
