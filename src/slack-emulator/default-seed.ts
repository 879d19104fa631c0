import type { EmulatorState } from './state.ts';

/**
 * The default workspace: the sandbox's demo members (matched by email) plus Zoe, who has no
 * service account. The ids are stable so tests and the playground can name them.
 */
export const DEFAULT_SEED = {
  team: { id: 'T0001', name: 'Acme', domain: 'acme' },
  /** Obviously fake: never a real Slack token. */
  botToken: 'xoxb-emulator-bot-token',
  /** The app-level token for Socket Mode; obviously fake too. */
  appToken: 'xapp-emulator-app-token',
  botUserId: 'U0TASKBOT',
  botId: 'B0TASKBOT',
  appId: 'A0TASKBRIDGE',
  users: {
    ana: {
      id: 'U0ANA',
      name: 'ana',
      realName: 'Ana Silva',
      email: 'ana@example.com',
      tz: 'Europe/London',
      isAdmin: true,
    },
    ben: {
      id: 'U0BEN',
      name: 'ben',
      realName: 'Ben Okafor',
      email: 'ben@example.com',
      tz: 'America/New_York',
    },
    chloe: {
      id: 'U0CHLOE',
      name: 'chloe',
      realName: 'Chloe Martin',
      email: 'chloe@example.com',
      tz: 'Asia/Tokyo',
    },
    dev: { id: 'U0DEV', name: 'dev', realName: 'Dev Patel', email: 'dev@example.com', tz: 'Asia/Kolkata' },
    zoe: { id: 'U0ZOE', name: 'zoe', realName: 'Zoe Quinn', email: 'zoe@example.com', tz: 'Europe/Berlin' },
  },
  channels: {
    general: { id: 'C0GENERAL', name: 'general', botIsMember: true },
    website: { id: 'C0WEBSITE', name: 'website', botIsMember: true },
    random: { id: 'C0RANDOM', name: 'random', botIsMember: false },
  },
} as const;

/** Adds the default workspace to an empty emulator. */
export function seedDefaults(state: EmulatorState): void {
  const seed = DEFAULT_SEED;
  state.addTeam({
    ...seed.team,
    botToken: seed.botToken,
    appToken: seed.appToken,
    botUserId: seed.botUserId,
    botId: seed.botId,
    appId: seed.appId,
  });
  for (const user of Object.values(seed.users)) state.addUser({ ...user, teamId: seed.team.id });
  for (const channel of Object.values(seed.channels)) state.addChannel({ ...channel, teamId: seed.team.id });
}
