/** The team ids: unique among every id the app puts in Slack, and within Slack's lengths. */
import { describe, expect, it } from 'vitest';
import * as ids from '../../../../src/slack/ui/ids.ts';

/** Every string id exported by ids.ts, however deeply grouped (fields hold block and action ids). */
function allIds(): string[] {
  const out: string[] = [];
  const visit = (value: unknown) => {
    if (typeof value === 'string') out.push(value);
    else if (typeof value === 'object' && value !== null) Object.values(value).forEach(visit);
  };
  for (const [name, value] of Object.entries(ids))
    if (name !== 'COMMAND_NAME' && name !== 'OVERFLOW') visit(value);
  return out;
}

describe('team ids', () => {
  it('are unique across the app and within Slack’s lengths', () => {
    const groups = [ids.TEAM_SHORTCUTS, ids.TEAM_VIEWS, ids.TEAM_ACTIONS];
    const fields = [
      ids.SPRINT_FIELDS,
      ids.PROJECT_FIELDS,
      ids.WORKSPACE_FIELDS,
      ids.GOAL_FIELDS,
      ids.KEY_RESULT_FIELDS,
      ids.AUTOMATION_FIELDS,
      ids.THREAD_MIND_MAP_FIELDS,
    ];
    const team = [
      ...groups.flatMap((g) => Object.values(g)),
      ...fields.flatMap((g) => Object.values(g).flatMap((f) => [f.block, f.action])),
    ];
    for (const id of team) expect(id.length).toBeLessThanOrEqual(255);
    const every = allIds().filter((id, i, all) => all.indexOf(id) !== i);
    // OPTIONS_ACTIONS repeats two field action ids on purpose; no team id may repeat.
    for (const id of team) expect(every).not.toContain(id);
    expect(new Set(team).size).toBe(team.length);
  });
});
