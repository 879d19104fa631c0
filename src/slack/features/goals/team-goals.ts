/** Goals as the Slack side needs them: one by number (the service lists goals but has no single read). */
import type { GoalRecord, WorkApiClient } from '../../../api/index.ts';

export async function findGoal(api: WorkApiClient, goalId: number): Promise<GoalRecord | undefined> {
  for await (const goal of api.goals.list.all({ per_page: 100 })) if (goal.id === goalId) return goal;
  return undefined;
}
