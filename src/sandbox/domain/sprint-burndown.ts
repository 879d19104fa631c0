import type { SprintReport } from '../../contract/index.ts';
import { addDays, daysBetween } from './dates.ts';

export interface BurndownInput {
  startDate: string | null;
  endDate: string | null;
  /** The UTC date of "now": days after it have not happened yet and are left out. */
  today: string;
  /** Per task of the sprint: when it was finished (an ISO instant), or null while open. */
  completions: ReadonlyArray<string | null>;
}

/**
 * The agile report's burndown: for each day of the sprint so far, the tasks still open at the end of
 * that day, beside the ideal straight line from all tasks on the first day to none on the last.
 */
export function sprintBurndown(
  input: BurndownInput,
): Pick<SprintReport, 'total_tasks' | 'completed_tasks' | 'days'> {
  const total = input.completions.length;
  const completed = input.completions.filter((c) => c !== null).length;
  const result = { total_tasks: total, completed_tasks: completed, days: [] as SprintReport['days'] };
  const { startDate, endDate } = input;
  if (startDate === null || endDate === null || endDate < startDate) return result;
  const length = daysBetween(startDate, endDate) + 1;
  // Days after today have not happened yet (dates compare as text).
  let lastShown = endDate;
  if (input.today < endDate) lastShown = input.today;
  const completionDays = input.completions.flatMap((c) => (c === null ? [] : [c.slice(0, 10)]));
  for (let i = 0; i < length; i++) {
    const date = addDays(startDate, i);
    if (date > lastShown) break;
    const doneByThen = completionDays.filter((d) => d <= date).length;
    const ideal = length === 1 ? 0 : total * (1 - i / (length - 1));
    result.days.push({ date, remaining: total - doneByThen, ideal: Math.round(ideal * 100) / 100 });
  }
  return result;
}
