/** The API client's public surface. */

export { type Clock, systemClock } from '../lib/clock.ts';
export {
  type AddressPolicy,
  allowedHost,
  nonPublicReason,
  refusalOfUrl,
  STRICT_ADDRESS_POLICY,
} from './address-policy.ts';
export type { MemoryReadCacheOptions, ReadCache } from './cache.ts';
export { CACHE_TTL_MS, createMemoryReadCache } from './cache.ts';
export {
  createWorkApiClient,
  DEFAULT_MAX_RESPONSE_BYTES,
  type WorkApiClient,
  type WorkApiClientOptions,
} from './client.ts';
export type { NextPageQuery, Page, PageMeta } from './envelopes.ts';
export * from './errors.ts';
export { AddressRefused, createGuardedDispatcher, type Resolve } from './guarded-dispatcher.ts';
export {
  type AcquireOptions,
  type AcquireResult,
  createRateLimiter,
  type LimiterSlot,
  type RateLimiter,
  type RateLimiterOptions,
  tokenKey,
} from './limiter.ts';
export {
  currentLane,
  DEFAULT_LANE_SHARES,
  LANES,
  type LaneName,
  laneThroughput,
  withLane,
} from './limiter-lanes.ts';
export {
  nodeRedisScriptRunner,
  RedisRateLimitState,
  type RedisRateLimitStateOptions,
  type RedisScriptRunner,
} from './limiter-redis-state.ts';
export {
  MemoryRateLimitState,
  type RateLimitState,
  type TakeResult,
  type WindowSnapshot,
} from './limiter-state.ts';
export { type CallOptions, type ListFn, type PaginateOptions, paginate } from './paginate.ts';
export type { WorkApiLogger } from './pipeline.ts';
export type { InviteResult } from './resources/members.ts';
export { DEFAULT_RETRY_POLICY, type RetryPolicy, type RetryRule, retryRuleFor } from './retry.ts';
export type { GoalRecord, TargetRecord } from './schemas/goals.ts';
export type { MindMapNodeRecord, MindMapRecord, MindMapSummaryRecord } from './schemas/mind-maps.ts';
export type {
  AutomationRecord,
  InvitationRecord,
  ProjectMemberRecord,
  ProjectRecord,
  ProjectStatusRecord,
  SprintRecord,
  SprintReportRecord,
  TaskRecord,
  WorkspaceMemberRecord,
  WorkspaceRecord,
} from './schemas/records.ts';
