/**
 * Lists read ahead, shared between instances through the store. Every instance runs the digest
 * ticks, so each would read the same projects ahead of the same firings: with three instances and
 * a service that pages by 10, three times the requests in the digest lane. Instead one instance
 * claims a project's read (`aheadRead`, held for the read's lead), reads it, and keeps the list in
 * the store until its firings have passed (`aheadList`); the others take that list at their next
 * tick, or at the firing whichever instance posts it. A list read from the task view cost no
 * request and is not written out: every instance's view answers it alike.
 *
 * A store that fails costs only the sharing: the instance reads for itself, as before.
 */
import type { Prefetched } from './project-fetches.ts';
import { errorDetails, type RunContext } from './run-context.ts';
import { digestKeys } from './store-keys.ts';

/** The list another instance read ahead, if the store holds one and it is still kept. */
export async function sharedList(
  ctx: RunContext,
  teamId: string,
  projectId: number,
): Promise<Prefetched | undefined> {
  try {
    const list = await ctx.store.get<Prefetched>(digestKeys.aheadList(teamId, projectId));
    return list && Array.isArray(list.tasks) && list.keepUntil >= ctx.clock.now().getTime()
      ? list
      : undefined;
  } catch (error) {
    ctx.logger.warn(
      { teamId, projectId, ...errorDetails(error) },
      'digest: could not read a shared read-ahead',
    );
    return undefined;
  }
}

/**
 * Takes another instance's list into this runner's fetches when it reaches `dueBefore` and is kept
 * until `keepUntil`; true when this runner now holds such a list (its own or the shared one).
 */
export async function adoptShared(
  ctx: RunContext,
  teamId: string,
  projectId: number,
  dueBefore: number,
  keepUntil: number,
): Promise<boolean> {
  if (ctx.fetches.covers(teamId, projectId, dueBefore, keepUntil)) return true;
  const shared = await sharedList(ctx, teamId, projectId);
  if (!shared || shared.dueBefore < dueBefore || shared.keepUntil < keepUntil) return false;
  ctx.fetches.keep(teamId, projectId, shared);
  return true;
}

/** Claims the project's read ahead for `ttlMs`; a store that fails lets this instance read. */
export async function claimRead(
  ctx: RunContext,
  teamId: string,
  projectId: number,
  ttlMs: number,
): Promise<boolean> {
  try {
    return await ctx.store.claim(digestKeys.aheadRead(teamId, projectId), ttlMs);
  } catch {
    return true;
  }
}

export async function releaseRead(ctx: RunContext, teamId: string, projectId: number): Promise<void> {
  await ctx.store.release(digestKeys.aheadRead(teamId, projectId)).catch(() => {});
}

/** Keeps the list in the store until its firings have passed. */
export async function shareList(
  ctx: RunContext,
  teamId: string,
  projectId: number,
  list: Prefetched,
): Promise<void> {
  const ttlMs = list.keepUntil - ctx.clock.now().getTime();
  if (ttlMs <= 0) return;
  try {
    await ctx.store.set(digestKeys.aheadList(teamId, projectId), list, ttlMs);
  } catch (error) {
    ctx.logger.warn({ teamId, projectId, ...errorDetails(error) }, 'digest: could not share a read-ahead');
  }
}
