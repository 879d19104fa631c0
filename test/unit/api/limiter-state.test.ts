import { MemoryRateLimitState } from '../../../src/api/limiter-state.ts';
import { describeRateLimitState } from './support/rate-limit-state-contract.ts';

describeRateLimitState('in memory', () => new MemoryRateLimitState());
