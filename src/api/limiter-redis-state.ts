/**
 * The limiter's windows in Redis, so that every process using a token shares one budget. Each
 * window is a sorted set (member: slot id, score: stamp) beside a key holding a 429's block; each
 * operation is one Lua script, so a take is atomic across processes.
 *
 * Stamps come from the callers' clocks: processes sharing a token must keep their clocks in step
 * (NTP), as they would for any shared rate limit.
 */
import type { LaneTake } from './limiter-lanes.ts';
import { laneOfId, type RateLimitState, type TakeResult, type WindowSnapshot } from './limiter-state.ts';

/** The one thing the state needs from a Redis client: running a Lua script. */
export interface RedisScriptRunner {
  eval(script: string, keys: string[], args: string[]): Promise<unknown>;
}

/** A node-redis (v5, also re-exported by @keyv/redis) client, as a script runner. */
export function nodeRedisScriptRunner(client: {
  eval(script: string, options: { keys: string[]; arguments: string[] }): Promise<unknown>;
}): RedisScriptRunner {
  return { eval: (script, keys, args) => client.eval(script, { keys, arguments: args }) };
}

export interface RedisRateLimitStateOptions {
  redis: RedisScriptRunner;
  /** Prefix of every key. Default `taskbridge:ratelimit:`. */
  prefix?: string;
}

// KEYS: slots, block. ARGV: now, windowMs, limit, stamp, slotId[, lane, reserve of each lane…].
// Answers {1} when taken, {0, 'block', until} when blocked, or {0, 'oldest', stamp} when full: the
// caller adds the window (scores stay strings, as Lua would round them when printing). With a lane,
// the unused reserves of the lanes above it count as taken (limiter-lanes.ts; slot ids begin with
// their lane's index), and 'oldest' is the stamp whose leaving lets the lane in.
const TAKE = `
local now = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
local limit = tonumber(ARGV[3])
local blocked = redis.call('GET', KEYS[2])
if blocked and tonumber(blocked) > now then return {0, 'block', blocked} end
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - window)
local count = redis.call('ZCARD', KEYS[1])
local lane = tonumber(ARGV[6])
local lanes = #ARGV - 6
local bound = limit
if lane then for m = 0, lane - 1 do bound = bound - tonumber(ARGV[7 + m]) end end
if count >= bound then
  if not lane then
    local oldest = redis.call('ZRANGE', KEYS[1], count - limit, count - limit, 'WITHSCORES')
    return {0, 'oldest', oldest[2]}
  end
  local function laneOf(member)
    local l = tonumber(string.match(member, '^(%d+)%.'))
    if l == nil or l >= lanes then return lanes - 1 end
    return l
  end
  local counts = {}
  local function admits(total)
    local held = 0
    for m = 0, lane - 1 do
      local r = tonumber(ARGV[7 + m]) - (counts[m] or 0)
      if r > 0 then held = held + r end
    end
    return total + 1 + held <= limit
  end
  local slots = redis.call('ZRANGE', KEYS[1], 0, -1, 'WITHSCORES')
  for i = 1, #slots, 2 do
    local l = laneOf(slots[i])
    counts[l] = (counts[l] or 0) + 1
  end
  if not admits(count) then
    local total = count
    for i = 1, #slots, 2 do
      local l = laneOf(slots[i])
      counts[l] = counts[l] - 1
      total = total - 1
      if admits(total) then return {0, 'oldest', slots[i + 1]} end
    end
    return {0, 'oldest', slots[#slots]}
  end
end
redis.call('ZADD', KEYS[1], ARGV[4], ARGV[5])
local ttl = math.ceil(tonumber(ARGV[4]) - now + window)
if redis.call('PTTL', KEYS[1]) < ttl then redis.call('PEXPIRE', KEYS[1], ttl) end
return {1}
`;

// KEYS: slots. ARGV: slotId, stamp. Moves a slot's stamp earlier, never later.
const SETTLE = `
local current = redis.call('ZSCORE', KEYS[1], ARGV[1])
if current and tonumber(ARGV[2]) < tonumber(current) then redis.call('ZADD', KEYS[1], ARGV[2], ARGV[1]) end
return 1
`;

// KEYS: slots. ARGV: slotId, stamp, now, windowMs. Moves a slot's stamp later while it is still in the
// window: every take has pruned before counting, so a slot still here has been counted by all of them.
// Answers 1, or 0 (the slot dropped) when it is gone or has expired.
const EXTEND = `
local current = redis.call('ZSCORE', KEYS[1], ARGV[1])
if not current then return 0 end
local now = tonumber(ARGV[3])
local window = tonumber(ARGV[4])
if tonumber(current) + window <= now then
  redis.call('ZREM', KEYS[1], ARGV[1])
  return 0
end
if tonumber(ARGV[2]) > tonumber(current) then
  redis.call('ZADD', KEYS[1], ARGV[2], ARGV[1])
  local ttl = math.ceil(tonumber(ARGV[2]) - now + window)
  if redis.call('PTTL', KEYS[1]) < ttl then redis.call('PEXPIRE', KEYS[1], ttl) end
end
return 1
`;

// KEYS: block. ARGV: until. Never shortens a block; the key outlives it by a minute at most.
const BLOCK = `
local untilMs = tonumber(ARGV[1])
local current = tonumber(redis.call('GET', KEYS[1]) or '0')
if untilMs <= current then return 0 end
local t = redis.call('TIME')
local nowMs = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
redis.call('SET', KEYS[1], ARGV[1], 'PX', math.max(60000, untilMs - nowMs + 60000))
return 1
`;

// KEYS: line. ARGV: waiterId, until, now. A waiter in the shared line until it leaves or `until`.
const JOIN = `
redis.call('ZADD', KEYS[1], ARGV[2], ARGV[1])
local ttl = math.ceil(tonumber(ARGV[2]) - tonumber(ARGV[3]))
if ttl > 0 and redis.call('PTTL', KEYS[1]) < ttl then redis.call('PEXPIRE', KEYS[1], ttl) end
return 1
`;

// KEYS: slots, block, line. ARGV: now, windowMs[, lane]. Answers {blockedUntil, waiting, id, stamp,
// id, stamp, …}; with a lane, `waiting` counts the line's waiters of that lane and above.
const SNAPSHOT = `
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', tonumber(ARGV[1]) - tonumber(ARGV[2]))
redis.call('ZREMRANGEBYSCORE', KEYS[3], '-inf', ARGV[1])
local lane = tonumber(ARGV[3])
local waiting = 0
if lane then
  for _, id in ipairs(redis.call('ZRANGE', KEYS[3], 0, -1)) do
    local l = tonumber(string.match(id, '^(%d+)%.'))
    if l == nil or l <= lane then waiting = waiting + 1 end
  end
else
  waiting = redis.call('ZCARD', KEYS[3])
end
local out = {redis.call('GET', KEYS[2]) or '0', waiting}
local slots = redis.call('ZRANGE', KEYS[1], 0, -1, 'WITHSCORES')
for i = 1, #slots do out[#out + 1] = slots[i] end
return out
`;

export class RedisRateLimitState implements RateLimitState {
  readonly #redis: RedisScriptRunner;
  readonly #prefix: string;

  constructor(options: RedisRateLimitStateOptions) {
    this.#redis = options.redis;
    this.#prefix = options.prefix ?? 'taskbridge:ratelimit:';
  }

  /** A window's keys share a hash tag, so a Redis Cluster keeps them on one node. */
  #keys(key: string): [slots: string, block: string, line: string] {
    return [`${this.#prefix}{${key}}:slots`, `${this.#prefix}{${key}}:block`, `${this.#prefix}{${key}}:line`];
  }

  readonly line = {
    join: async (key: string, waiterId: string, until: number, now: number): Promise<void> => {
      await this.#redis.eval(JOIN, [this.#keys(key)[2]], [waiterId, String(until), String(now)]);
    },
    leave: async (key: string, waiterId: string): Promise<void> => {
      await this.#redis.eval('return redis.call("ZREM", KEYS[1], ARGV[1])', [this.#keys(key)[2]], [waiterId]);
    },
  };

  async take(
    key: string,
    slotId: string,
    limit: number,
    windowMs: number,
    now: number,
    stamp: number,
    lane?: LaneTake,
  ): Promise<TakeResult> {
    const args = [String(now), String(windowMs), String(limit), String(stamp), slotId];
    if (lane) args.push(String(lane.lane), ...lane.reserves.map(String));
    const reply = (await this.#redis.eval(TAKE, this.#keys(key), args)) as [
      number,
      ('block' | 'oldest')?,
      string?,
    ];
    if (Number(reply[0]) === 1) return { granted: true };
    const at = Number(reply[2]);
    if (reply[1] === 'block') return { granted: false, retryAt: at, provisional: false };
    return { granted: false, retryAt: at + windowMs, provisional: at > now };
  }

  async settle(key: string, slotId: string, stamp: number): Promise<void> {
    await this.#redis.eval(SETTLE, [this.#keys(key)[0]], [slotId, String(stamp)]);
  }

  async extend(key: string, slotId: string, stamp: number, windowMs: number, now: number): Promise<boolean> {
    const reply = await this.#redis.eval(
      EXTEND,
      [this.#keys(key)[0]],
      [slotId, String(stamp), String(now), String(windowMs)],
    );
    return Number(reply) === 1;
  }

  async block(key: string, until: number): Promise<void> {
    await this.#redis.eval(BLOCK, [this.#keys(key)[1]], [String(until)]);
  }

  async snapshot(key: string, windowMs: number, now: number, lane?: number): Promise<WindowSnapshot> {
    const args = [String(now), String(windowMs)];
    if (lane !== undefined) args.push(String(lane));
    const reply = (await this.#redis.eval(SNAPSHOT, this.#keys(key), args)) as string[];
    const blockedUntil = Number(reply[0]);
    const stamps: number[] = [];
    const lanes: number[] = [];
    for (let i = 2; i + 1 < reply.length; i += 2) {
      lanes.push(laneOfId(String(reply[i])));
      stamps.push(Number(reply[i + 1]));
    }
    return {
      stamps,
      lanes,
      blockedUntil: blockedUntil > now ? blockedUntil : 0,
      waiting: Number(reply[1]),
    };
  }
}
