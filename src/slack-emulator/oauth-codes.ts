import { randomBytes } from 'node:crypto';
import type { Clock } from '../lib/clock.ts';

/** Slack: an OAuth code must be exchanged within 10 minutes, once. */
export const OAUTH_CODE_TTL_MS = 10 * 60_000;

export interface OAuthApp {
  clientId: string;
  clientSecret: string;
}

export interface IssueOAuthCodeInput {
  /** Default: the first team. */
  teamId?: string;
  /** Who installs; default: the team's first admin. */
  userId?: string;
  /** Bot scopes granted. Default: `commands,chat:write`. */
  scopes?: string[];
  /** User scopes granted; when set, the answer carries a user token too. */
  userScopes?: string[];
  /** When set, the exchange must name the same redirect_uri. */
  redirectUri?: string;
  /** An org-wide install of this Enterprise Grid org (by one of its admins); teamId is then ignored. */
  enterpriseId?: string;
}

export interface OAuthGrant {
  teamId: string;
  userId: string;
  scopes: string[];
  userScopes: string[];
  redirectUri?: string;
  /** An org-wide install. */
  enterpriseId?: string;
  issuedAt: number;
  used: boolean;
}

/** Codes as the "Allow" button of Slack's install page would hand them to the redirect URL. */
export class OAuthCodes {
  readonly app: OAuthApp;
  readonly #grants = new Map<string, OAuthGrant>();
  readonly #clock: Clock;

  constructor(clock: Clock, app: OAuthApp) {
    this.#clock = clock;
    this.app = app;
  }

  issue(grant: Omit<OAuthGrant, 'issuedAt' | 'used'>): string {
    const code = `${Math.floor(this.#clock.now().getTime() / 1000)}.${randomBytes(16).toString('hex')}`;
    this.#grants.set(code, { ...grant, issuedAt: this.#clock.now().getTime(), used: false });
    return code;
  }

  /** The grant behind a code, once; undefined when unknown, used or expired. */
  redeem(code: string | undefined): OAuthGrant | undefined {
    const grant = code ? this.#grants.get(code) : undefined;
    if (!grant || grant.used) return undefined;
    if (this.#clock.now().getTime() - grant.issuedAt > OAUTH_CODE_TTL_MS) return undefined;
    grant.used = true;
    return grant;
  }
}
