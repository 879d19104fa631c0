import { randomBytes } from 'node:crypto';
import type { Clock } from '../lib/clock.ts';
import type {
  EmulatorChannel,
  EmulatorEnterprise,
  EmulatorMessage,
  EmulatorTeam,
  EmulatorUser,
  EphemeralMessage,
  ViewRecord,
} from './model.ts';

export interface TokenOwner {
  teamId: string;
  /** `app`: an app-level token, good for `apps.connections.open` only. */
  kind: 'bot' | 'user' | 'app';
  /** The bot user, or the user a user token acts for. */
  userId: string;
  revoked: boolean;
  /** An org-wide token: it acts in each workspace of this org the app was added to. */
  enterpriseId?: string;
  /** Epoch ms after which calls answer `token_expired` (token rotation); none: never. */
  expiresAt?: number;
}

export interface AddTeamInput {
  id?: string;
  name: string;
  domain?: string;
  /** Default: `xoxb-emulator-<team id lower-cased>`. */
  botToken?: string;
  /** Default: `xapp-emulator-<team id lower-cased>`. */
  appToken?: string;
  botUserId?: string;
  botId?: string;
  appId?: string;
  /** The Enterprise Grid org it belongs to (added with addEnterprise first). */
  enterpriseId?: string;
}

export interface AddEnterpriseInput {
  id: string;
  name: string;
  domain?: string;
  /** Default: `xoxb-emulator-org-<id lower-cased>`. */
  botToken?: string;
}

export interface AddUserInput {
  id?: string;
  /** Default: the first team added. */
  teamId?: string;
  name: string;
  realName?: string;
  email?: string;
  /** Default: `UTC`. */
  tz?: string;
  isAdmin?: boolean;
  isBot?: boolean;
}

export interface AddChannelInput {
  id?: string;
  teamId?: string;
  name: string;
  /** Human members. Default: every user of the team. */
  members?: string[];
  /** Default: true. */
  botIsMember?: boolean;
  isPrivate?: boolean;
  isArchived?: boolean;
}

/** Everything the emulated workspaces hold, with the lookups the methods share. */
export class EmulatorState {
  readonly teams = new Map<string, EmulatorTeam>();
  readonly users = new Map<string, EmulatorUser>();
  readonly channels = new Map<string, EmulatorChannel>();
  /** Per channel, in ts order (thread replies included, marked by thread_ts). */
  readonly messages = new Map<string, EmulatorMessage[]>();
  readonly ephemerals: EphemeralMessage[] = [];
  readonly views = new Map<string, ViewRecord>();
  /** Modal stacks per `team:user`, bottom first. */
  readonly modalStacks = new Map<string, string[]>();
  /** Home tab view id per `team:user`. */
  readonly homes = new Map<string, string>();
  readonly tokens = new Map<string, TokenOwner>();
  /** Enterprise Grid orgs by enterprise id. */
  readonly enterprises = new Map<string, EmulatorEnterprise>();
  readonly clock: Clock;
  #sequence = 0;
  #lastTs = 0;

  constructor(clock: Clock) {
    this.clock = clock;
  }

  nextId(prefix: string): string {
    this.#sequence++;
    return `${prefix}${String(this.#sequence).padStart(6, '0')}${randomBytes(2).toString('hex').toUpperCase()}`;
  }

  /** Slack message timestamps: seconds.microseconds, unique and increasing across the emulator. */
  nextTs(): string {
    const micros = Math.max(this.clock.now().getTime() * 1000, this.#lastTs + 1);
    this.#lastTs = micros;
    const seconds = Math.floor(micros / 1_000_000);
    return `${seconds}.${String(micros % 1_000_000).padStart(6, '0')}`;
  }

  hash(): string {
    return `${Math.floor(this.clock.now().getTime() / 1000)}.${randomBytes(6).toString('hex')}`;
  }

  addTeam(input: AddTeamInput): EmulatorTeam {
    const id = input.id ?? this.nextId('T');
    if (this.teams.has(id)) throw new Error(`Team ${id} already exists`);
    const team: EmulatorTeam = {
      id,
      name: input.name,
      domain: input.domain ?? input.name.toLowerCase().replace(/[^a-z0-9]+/g, '-'),
      botToken: input.botToken ?? `xoxb-emulator-${id.toLowerCase()}`,
      appToken: input.appToken ?? `xapp-emulator-${id.toLowerCase()}`,
      botUserId: input.botUserId ?? `U0BOT${id}`,
      botId: input.botId ?? `B0BOT${id}`,
      appId: input.appId ?? 'A0TASKBRIDGE',
    };
    if (input.enterpriseId !== undefined) {
      const org = this.enterprise(input.enterpriseId);
      team.enterpriseId = org.id;
      org.teamIds.push(id);
    }
    this.teams.set(id, team);
    this.tokens.set(team.botToken, { teamId: id, kind: 'bot', userId: team.botUserId, revoked: false });
    this.tokens.set(team.appToken, { teamId: id, kind: 'app', userId: team.botUserId, revoked: false });
    this.users.set(team.botUserId, {
      id: team.botUserId,
      teamId: id,
      name: 'taskbridge',
      realName: 'Taskbridge',
      tz: 'UTC',
      isAdmin: false,
      isBot: true,
      deleted: false,
    });
    return team;
  }

  addUser(input: AddUserInput): EmulatorUser {
    const teamId = input.teamId ?? this.defaultTeamId();
    this.team(teamId);
    const id = input.id ?? this.nextId('U');
    if (this.users.has(id)) throw new Error(`User ${id} already exists`);
    const user: EmulatorUser = {
      id,
      teamId,
      name: input.name,
      realName: input.realName ?? input.name,
      tz: input.tz ?? 'UTC',
      isAdmin: input.isAdmin ?? false,
      isBot: input.isBot ?? false,
      deleted: false,
    };
    if (input.email !== undefined) user.email = input.email.toLowerCase();
    this.users.set(id, user);
    return user;
  }

  addChannel(input: AddChannelInput): EmulatorChannel {
    const teamId = input.teamId ?? this.defaultTeamId();
    this.team(teamId);
    const id = input.id ?? this.nextId(input.isPrivate ? 'G' : 'C');
    if (this.channels.has(id)) throw new Error(`Channel ${id} already exists`);
    const channel: EmulatorChannel = {
      id,
      teamId,
      name: input.name.replace(/^#/, ''),
      members: input.members ?? this.humanUsers(teamId).map((user) => user.id),
      botIsMember: input.botIsMember ?? true,
      isPrivate: input.isPrivate ?? false,
      isArchived: input.isArchived ?? false,
      created: Math.floor(this.clock.now().getTime() / 1000),
    };
    this.channels.set(id, channel);
    this.messages.set(id, []);
    return channel;
  }

  /** The direct-message channel between the bot and a user, opened on first use as Slack does. */
  imWith(teamId: string, userId: string): EmulatorChannel {
    for (const channel of this.channels.values()) {
      if (channel.teamId === teamId && channel.imUserId === userId) return channel;
    }
    const channel = this.addChannel({
      id: this.nextId('D'),
      teamId,
      name: userId,
      members: [userId],
      isPrivate: true,
    });
    channel.imUserId = userId;
    return channel;
  }

  addEnterprise(input: AddEnterpriseInput): EmulatorEnterprise {
    if (this.enterprises.has(input.id)) throw new Error(`Enterprise ${input.id} already exists`);
    const org: EmulatorEnterprise = {
      id: input.id,
      name: input.name,
      domain: input.domain ?? input.name.toLowerCase().replace(/[^a-z0-9]+/g, '-'),
      teamIds: [],
      appAddedTo: new Set(),
      orgInstalled: false,
      botToken: input.botToken ?? `xoxb-emulator-org-${input.id.toLowerCase()}`,
    };
    this.enterprises.set(org.id, org);
    return org;
  }

  enterprise(enterpriseId: string): EmulatorEnterprise {
    const org = this.enterprises.get(enterpriseId);
    if (!org) throw new Error(`Unknown enterprise ${enterpriseId}: add it with addEnterprise first`);
    return org;
  }

  /** The org of a workspace, or undefined for a workspace outside any org. */
  orgOf(teamId: string): EmulatorEnterprise | undefined {
    const enterpriseId = this.teams.get(teamId)?.enterpriseId;
    return enterpriseId === undefined ? undefined : this.enterprises.get(enterpriseId);
  }

  team(teamId: string): EmulatorTeam {
    const team = this.teams.get(teamId);
    if (!team) throw new Error(`Unknown team ${teamId}: add it with addTeam first`);
    return team;
  }

  defaultTeamId(): string {
    const first = this.teams.keys().next();
    if (first.done) throw new Error('The emulator has no team: add one with addTeam first');
    return first.value;
  }

  humanUsers(teamId: string): EmulatorUser[] {
    return [...this.users.values()].filter((user) => user.teamId === teamId && !user.isBot);
  }

  channelMessages(channelId: string): EmulatorMessage[] {
    let list = this.messages.get(channelId);
    if (!list) {
      list = [];
      this.messages.set(channelId, list);
    }
    return list;
  }

  findMessage(channelId: string, ts: string): EmulatorMessage | undefined {
    return this.messages.get(channelId)?.find((message) => message.ts === ts);
  }

  stackKey(teamId: string, userId: string): string {
    return `${teamId}:${userId}`;
  }
}
