import type { SandboxDb } from '../db/sandbox-db.ts';
import { createToken } from '../store/tokens.ts';
import { seedDemoWorkspace } from './demo-workspace.ts';
import { insertMember, joinWorkspace } from './seed-helpers.ts';

export type SeedKind = 'demo' | 'empty';

export const SEED_WORKSPACE = {
  name: 'Acme',
  settings: { timezone: 'Europe/London', locale: 'en', week_start: 1 },
};

/**
 * Fills an empty database and returns the token of member 1 (Ana Silva, owner of workspace 1).
 * 'empty' is that workspace and its owner alone; 'demo' adds the people, projects, tasks, sprints,
 * goals, automations and mind map that other tests and demos rely on (docs in src/sandbox/README.md).
 */
export function seedDatabase(
  db: SandboxDb,
  kind: SeedKind,
  options: { now: Date; token?: string | undefined },
): string {
  return db.transaction(() => {
    const nowIso = options.now.toISOString();
    db.run('INSERT INTO workspaces (id, name, settings, created_at) VALUES (1, ?, ?, ?)', [
      SEED_WORKSPACE.name,
      JSON.stringify(SEED_WORKSPACE.settings),
      nowIso,
    ]);
    insertMember(db, 1, 'Ana Silva', 'ana@example.com');
    joinWorkspace(db, 1, 1, 'owner');
    if (kind === 'demo') seedDemoWorkspace(db, options.now);
    return createToken(db, 1, { name: 'seed', value: options.token, now: options.now });
  });
}
