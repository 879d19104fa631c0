import type { EmulatorState } from './state.ts';

/**
 * An Enterprise Grid org of three workspaces: the app has been added to Sales and Engineering, not
 * to Legal. Each workspace also has a workspace-level bot token, as after a per-workspace install,
 * so moving to one org-wide install can be tried. The org-wide app has one bot user across the org.
 */
export const ORG_SEED = {
  enterprise: { id: 'E0GLOBEX', name: 'Globex', domain: 'globex' },
  orgBotToken: 'xoxb-emulator-org-globex',
  botUserId: 'U0ORGBOT',
  botId: 'B0ORGBOT',
  teams: {
    sales: { id: 'T0SALES', name: 'Globex Sales', domain: 'globex-sales' },
    eng: { id: 'T0ENG', name: 'Globex Engineering', domain: 'globex-eng' },
    legal: { id: 'T0LEGAL', name: 'Globex Legal', domain: 'globex-legal' },
  },
  /** The workspaces an org admin added the app to. */
  appAddedTo: ['T0SALES', 'T0ENG'],
  users: {
    sam: {
      id: 'U0SAM',
      teamId: 'T0SALES',
      name: 'sam',
      realName: 'Sam Reyes',
      email: 'sam@globex.example',
      isAdmin: true,
    },
    sue: { id: 'U0SUE', teamId: 'T0SALES', name: 'sue', realName: 'Sue Park', email: 'sue@globex.example' },
    eve: { id: 'U0EVE', teamId: 'T0ENG', name: 'eve', realName: 'Eve Novak', email: 'eve@globex.example' },
    leo: { id: 'U0LEO', teamId: 'T0LEGAL', name: 'leo', realName: 'Leo Grant', email: 'leo@globex.example' },
  },
  channels: {
    sales: { id: 'C0SALES', teamId: 'T0SALES', name: 'sales' },
    eng: { id: 'C0ENG', teamId: 'T0ENG', name: 'eng' },
    legal: { id: 'C0LEGAL', teamId: 'T0LEGAL', name: 'legal' },
  },
} as const;

/** Adds the Globex org beside whatever the emulator holds. */
export function seedOrg(state: EmulatorState): void {
  const seed = ORG_SEED;
  const org = state.addEnterprise({ ...seed.enterprise, botToken: seed.orgBotToken });
  for (const team of Object.values(seed.teams)) {
    state.addTeam({ ...team, enterpriseId: org.id, botUserId: seed.botUserId, botId: seed.botId });
  }
  for (const teamId of seed.appAddedTo) org.appAddedTo.add(teamId);
  for (const user of Object.values(seed.users)) state.addUser({ ...user });
  for (const channel of Object.values(seed.channels)) state.addChannel({ ...channel });
}
