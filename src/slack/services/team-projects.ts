/** Projects as the team lists need them: names by id, to label goals and rules tied to a project. */
import type { WorkApiClient } from '../../api/index.ts';

/** Project id → name for the projects the token sees, archived ones too (records may point at them). */
export async function projectNames(api: WorkApiClient): Promise<Map<number, string>> {
  const page = await api.projects.list({ per_page: 100 });
  return new Map(page.data.map((p) => [p.id, p.name]));
}
