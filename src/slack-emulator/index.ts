/** A local Slack Web API emulator and a signer of Slack-shaped requests, for tests and the playground. */

export {
  BLOCK_KIT_LIMITS,
  type BlockKitProblem,
  formatProblem,
  validateBlocks,
  validateMessage,
  validateView,
} from '../slack-platform/block-kit-limits.ts';
export { SlackApiError } from './api-error.ts';
export {
  type AddMessageInput,
  createSlackEmulator,
  EMULATED_METHODS,
  type MessageQuery,
  type SlackEmulator,
  type SlackEmulatorOptions,
} from './create-slack-emulator.ts';
export { DEFAULT_SEED } from './default-seed.ts';
export type { Fault } from './faults.ts';
export {
  declareFunctions,
  executionOf,
  type FunctionDeclaration,
  type FunctionExecution,
} from './methods/functions.ts';
export { type Flexpane, flexpaneOf } from './methods/work-objects.ts';
export type * from './model.ts';
export type { IssueOAuthCodeInput, OAuthApp } from './oauth-codes.ts';
export { ORG_SEED, seedOrg } from './org-seed.ts';
export type { ResponseUrlContext } from './response-urls.ts';
export { ROTATED_TOKEN_TTL_S, type RotatedPair } from './rotating-tokens.ts';
export * from './signer-platform.ts';
export {
  type DeliverOptions,
  type EnvelopeType,
  SOCKET_ACK_TIMEOUT_MS,
  SocketModeDeliveryError,
  SocketModeHub,
} from './socket-mode.ts';
export type { AddChannelInput, AddTeamInput, AddUserInput } from './state.ts';
