/**
 * A lookup that may not hold up a Slack trigger (valid 3 s): its answer if it comes within the
 * budget, else undefined (and a late failure is ignored).
 */
export function withinBudget<T>(work: Promise<T>, budgetMs: number): Promise<T | undefined> {
  return Promise.race([
    work.catch(() => undefined),
    new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), budgetMs).unref()),
  ]);
}
