/**
 * A lookup that may not hold up a Slack trigger (valid 3 s): its answer if it comes within the
 * budget on the app's clock, else undefined (and a late failure is ignored).
 */
import type { Clock, Timer } from '../../lib/clock.ts';

export async function withinBudget<T>(
  work: Promise<T>,
  budgetMs: number,
  clock: Clock,
): Promise<T | undefined> {
  let timer: Timer | undefined;
  const late = new Promise<undefined>((resolve) => {
    timer = clock.after(budgetMs, () => resolve(undefined)).unref();
  });
  try {
    return await Promise.race([work.catch(() => undefined), late]);
  } finally {
    timer?.cancel();
  }
}
