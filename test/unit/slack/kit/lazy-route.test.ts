/** Routes whose handlers load on first use: loaded once, given the router's deps, retried after a failed load. */
import { describe, expect, it } from 'vitest';
import type { AppDeps } from '../../../../src/slack/deps.ts';
import type { CommandContext } from '../../../../src/slack/kit/command-context.ts';
import { lazyListener, lazyVerb } from '../../../../src/slack/kit/lazy-route.ts';
import type { Listener } from '../../../../src/slack/kit/routes.ts';

const deps = { marker: 'deps' } as unknown as AppDeps;

describe('lazyListener', () => {
  it('loads nothing until the first request, then loads once and builds with the deps it was given', async () => {
    let loads = 0;
    const seen: unknown[] = [];
    const make: Listener = (given) => async (args) => {
      seen.push([given, args]);
    };
    const listener = lazyListener(async () => {
      loads++;
      return make;
    })(deps);
    expect(loads).toBe(0);
    await Promise.all([listener('a'), listener('b')]);
    await listener('c');
    expect(loads).toBe(1);
    expect(seen).toEqual([
      [deps, 'a'],
      [deps, 'b'],
      [deps, 'c'],
    ]);
  });

  it('tries the load again on the next request after one failed', async () => {
    let loads = 0;
    const listener = lazyListener(async () => {
      loads++;
      if (loads === 1) throw new Error('not loadable');
      return () => async () => undefined;
    })(deps);
    await expect(listener({})).rejects.toThrow('not loadable');
    await expect(listener({})).resolves.toBeUndefined();
    expect(loads).toBe(2);
  });
});

describe('lazyVerb', () => {
  it('loads the verb once and hands it the context and intent', async () => {
    let loads = 0;
    const calls: unknown[] = [];
    const verb = lazyVerb<'mine'>(async () => {
      loads++;
      return async (ctx, intent) => {
        calls.push([ctx, intent.verb]);
      };
    });
    const ctx = {} as CommandContext;
    expect(loads).toBe(0);
    await verb(ctx, { verb: 'mine' } as never);
    await verb(ctx, { verb: 'mine' } as never);
    expect(loads).toBe(1);
    expect(calls).toEqual([
      [ctx, 'mine'],
      [ctx, 'mine'],
    ]);
  });
});
