import type { Clock } from '../../lib/clock.ts';
import type { Args } from '../api-error.ts';
import type { EmulatorTeam } from '../model.ts';
import type { OAuthCodes } from '../oauth-codes.ts';
import type { RotatingTokens } from '../rotating-tokens.ts';
import type { EmulatorState, TokenOwner } from '../state.ts';
import type { TriggerIds } from '../trigger-ids.ts';

/** What a method handler gets besides its arguments. */
export interface MethodContext {
  state: EmulatorState;
  triggers: TriggerIds;
  oauth: OAuthCodes;
  clock: Clock;
  /** The caller's token owner and team; set for every method that needs a token. */
  auth?: TokenOwner;
  team?: EmulatorTeam;
  /** HTTP Basic credentials, for oauth.v2.access. */
  basicAuth?: { user: string; password: string };
  /** Token rotation; set when the emulator hands out expiring tokens. */
  rotation?: RotatingTokens;
  /** Mints Socket Mode URLs, for apps.connections.open. */
  socketMode?: { open(teamId: string, appId: string): string };
}

export interface AuthedContext extends MethodContext {
  auth: TokenOwner;
  team: EmulatorTeam;
}

export type MethodHandler = (args: Args, ctx: AuthedContext) => Record<string, unknown>;

export interface MethodSpec {
  /** Whether a token is required (every method but oauth.v2.access). Default: true. */
  auth?: boolean;
  /** The one kind of token the method takes: `app` for app-level tokens; default every token but those. */
  tokenKind?: 'app';
  handler: (args: Args, ctx: MethodContext) => Record<string, unknown>;
}

/** A method that needs a token: the server has checked it before the handler runs. */
export function authed(handler: MethodHandler): MethodSpec {
  return { handler: (args, ctx) => handler(args, ctx as AuthedContext) };
}
