import type { Installation } from '@slack/bolt';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createCipher } from '../../../../src/store/cipher.ts';
import { openStore } from '../../../../src/store/open-store.ts';
import { createChannelDefaults } from '../../../../src/store/repositories/channel-defaults.ts';
import { createConnections } from '../../../../src/store/repositories/connections.ts';
import { createInstallationStore } from '../../../../src/store/repositories/installation-store.ts';
import { createUserLinks } from '../../../../src/store/repositories/user-links.ts';
import type { Store } from '../../../../src/store/types.ts';

const cipher = createCipher('1'.repeat(64));

function teamInstall(teamId: string, userId: string, overrides: Partial<Installation> = {}): Installation {
  return {
    team: { id: teamId, name: 'Acme' },
    enterprise: undefined,
    user: { id: userId, token: `xoxp-user-${userId}`, scopes: ['identify'] },
    bot: { token: `xoxb-bot-${teamId}`, scopes: ['chat:write'], id: 'B1', userId: 'UBOT' },
    appId: 'A1',
    tokenType: 'bot',
    isEnterpriseInstall: false,
    authVersion: 'v2',
    ...overrides,
  } as Installation;
}

describe('installation store', () => {
  let store: Store;
  beforeEach(async () => {
    store = await openStore('sqlite::memory:');
  });
  afterEach(async () => {
    await store.close();
  });

  it('stores an installation and fetches it back, tokens decrypted', async () => {
    const installations = createInstallationStore(store, cipher);
    await installations.storeInstallation(teamInstall('T1', 'U1'));
    const fetched = await installations.fetchInstallation({
      teamId: 'T1',
      enterpriseId: undefined,
      isEnterpriseInstall: false,
    });
    expect(fetched.bot?.token).toBe('xoxb-bot-T1');
    expect(fetched.user.token).toBe('xoxp-user-U1');
    expect(fetched.team?.name).toBe('Acme');
  });

  it('keeps every token encrypted at rest', async () => {
    const installations = createInstallationStore(store, cipher);
    await installations.storeInstallation(
      teamInstall('T1', 'U1', {
        bot: { token: 'xoxb-bot-T1', refreshToken: 'xoxe-refresh-bot', scopes: [], id: 'B1', userId: 'UBOT' },
      }),
    );
    const raw: string[] = [];
    for await (const [, value] of store.entries('team:T1:')) raw.push(JSON.stringify(value));
    expect(raw).toHaveLength(2);
    for (const text of raw) {
      expect(text).not.toMatch(/xoxb-bot|xoxp-user|xoxe-refresh/);
      expect(text).toMatch(/v1:/);
    }
  });

  it("gives each user their own user token and strips another's", async () => {
    const installations = createInstallationStore(store, cipher);
    await installations.storeInstallation(teamInstall('T1', 'U1'));
    await installations.storeInstallation(teamInstall('T1', 'U2'));
    const query = { teamId: 'T1', enterpriseId: undefined, isEnterpriseInstall: false as const };
    expect((await installations.fetchInstallation({ ...query, userId: 'U1' })).user.token).toBe(
      'xoxp-user-U1',
    );
    expect((await installations.fetchInstallation({ ...query, userId: 'U2' })).user.token).toBe(
      'xoxp-user-U2',
    );
    const stranger = await installations.fetchInstallation({ ...query, userId: 'U3' });
    expect(stranger.user.token).toBeUndefined();
    expect(stranger.bot?.token).toBe('xoxb-bot-T1');
  });

  it('keeps the bot token when a later install carries only a user token', async () => {
    const installations = createInstallationStore(store, cipher);
    await installations.storeInstallation(teamInstall('T1', 'U1'));
    await installations.storeInstallation(teamInstall('T1', 'U2', { bot: undefined }));
    const fetched = await installations.fetchInstallation({
      teamId: 'T1',
      enterpriseId: undefined,
      isEnterpriseInstall: false,
    });
    expect(fetched.bot?.token).toBe('xoxb-bot-T1');
    expect(fetched.user.id).toBe('U2');
  });

  it('keys org-wide installs by enterprise', async () => {
    const installations = createInstallationStore(store, cipher);
    await installations.storeInstallation(
      teamInstall('T1', 'U1', {
        team: undefined,
        enterprise: { id: 'E1', name: 'Org' },
        isEnterpriseInstall: true,
      }),
    );
    const fetched = await installations.fetchInstallation({
      teamId: undefined,
      enterpriseId: 'E1',
      isEnterpriseInstall: true,
    });
    expect(fetched.enterprise?.id).toBe('E1');
    await expect(
      installations.fetchInstallation({ teamId: 'T1', enterpriseId: 'E1', isEnterpriseInstall: false }),
    ).rejects.toThrow(/No installation stored for team T1/);
    await installations.deleteEnterprise('E1');
    await expect(
      installations.fetchInstallation({ teamId: undefined, enterpriseId: 'E1', isEnterpriseInstall: true }),
    ).rejects.toThrow(/No installation stored for enterprise E1/);
  });

  it("deletes one user's installation or the whole workspace's", async () => {
    const installations = createInstallationStore(store, cipher);
    await installations.storeInstallation(teamInstall('T1', 'U1'));
    await installations.storeInstallation(teamInstall('T1', 'U2'));
    const query = { teamId: 'T1', enterpriseId: undefined, isEnterpriseInstall: false as const };
    await installations.deleteInstallation({ ...query, userId: 'U2' });
    const afterUser = await installations.fetchInstallation({ ...query, userId: 'U2' });
    expect(afterUser.user.token).toBeUndefined();
    expect(afterUser.bot?.token).toBe('xoxb-bot-T1');
    await installations.deleteInstallation(query);
    await expect(installations.fetchInstallation(query)).rejects.toThrow(/No installation stored/);
    const left: string[] = [];
    for await (const [key] of store.entries('team:T1:')) left.push(key);
    expect(left).toEqual([]);
  });

  it('deleteTeam removes everything the workspace stored and nothing of another', async () => {
    const installations = createInstallationStore(store, cipher);
    const connections = createConnections(store, cipher);
    const links = createUserLinks(store);
    const defaults = createChannelDefaults(store);
    for (const team of ['T1', 'T12']) {
      await installations.storeInstallation(teamInstall(team, 'U1'));
      await connections.save(team, {
        baseUrl: 'http://127.0.0.1:4010',
        token: 'tok-1234567890abcdef',
        connectedBy: 'U1',
      });
      await links.link(team, 'U1', { memberId: 1, memberName: 'Ana' });
      await defaults.set(team, 'C1', { projectId: 1, projectName: 'Website', setBy: 'U1' });
    }
    await installations.deleteTeam('T1');
    const left: string[] = [];
    for await (const [key] of store.entries('team:')) left.push(key);
    expect(left.every((key) => key.startsWith('team:T12:'))).toBe(true);
    // installation, bot, connection, user link and its stamp, channel default
    expect(left).toHaveLength(6);
    expect(await connections.get('T1')).toBeUndefined();
    expect(await links.get('T1', 'U1')).toBeUndefined();
    expect(await defaults.get('T1', 'C1')).toBeUndefined();
  });

  it('fails clearly when a stored token was tampered with', async () => {
    const installations = createInstallationStore(store, cipher);
    await installations.storeInstallation(teamInstall('T1', 'U1'));
    const stored = await store.get<{ installation: { bot: { token: string } } }>('team:T1:installation');
    // Flip one bit of the ciphertext itself (editing a base64 character can land in padding bits).
    const [version, iv, tag, body] = stored!.installation.bot.token.split(':');
    const bytes = Buffer.from(body!, 'base64url');
    bytes[0] = bytes[0]! ^ 1;
    stored!.installation.bot.token = [version, iv, tag, bytes.toString('base64url')].join(':');
    await store.set('team:T1:installation', stored);
    await expect(
      installations.fetchInstallation({ teamId: 'T1', enterpriseId: undefined, isEnterpriseInstall: false }),
    ).rejects.toThrow(/integrity check/);
  });

  it('reads a token another instance saved anew, and refuses one altered or moved after it was opened', async () => {
    // Two stores over one backend: two instances. The reader has opened T1's bot token already.
    const reader = createInstallationStore(store, cipher);
    const writer = createInstallationStore(store, cipher);
    const query = { teamId: 'T1', enterpriseId: undefined, isEnterpriseInstall: false };
    await writer.storeInstallation(teamInstall('T1', 'U1'));
    expect((await reader.fetchInstallation(query)).bot?.token).toBe('xoxb-bot-T1');
    await writer.storeInstallation(
      teamInstall('T1', 'U1', { bot: { token: 'xoxb-new', scopes: [], id: 'B1', userId: 'UBOT' } }),
    );
    expect((await reader.fetchInstallation(query)).bot?.token).toBe('xoxb-new');

    const stored = await store.get<{ installation: { bot: { token: string } } }>('team:T1:installation');
    // T1's sealed token, opened by the reader just now, copied into T2's record: refused there.
    await writer.storeInstallation(teamInstall('T2', 'U2'));
    const other = await store.get<{ installation: { bot: { token: string } } }>('team:T2:installation');
    other!.installation.bot.token = stored!.installation.bot.token;
    await store.set('team:T2:installation', other);
    await expect(reader.fetchInstallation({ ...query, teamId: 'T2' })).rejects.toThrow(/integrity check/);
    // And T1's own, altered after it was opened: refused.
    const [version, iv, tag, body] = stored!.installation.bot.token.split(':');
    const bytes = Buffer.from(body!, 'base64url');
    bytes[0] = bytes[0]! ^ 1;
    stored!.installation.bot.token = [version, iv, tag, bytes.toString('base64url')].join(':');
    await store.set('team:T1:installation', stored);
    await expect(reader.fetchInstallation(query)).rejects.toThrow(/integrity check/);
  });

  it('refuses queries and installs without the ids it needs', async () => {
    const installations = createInstallationStore(store, cipher);
    await expect(
      installations.storeInstallation(teamInstall('T1', 'U1', { team: undefined })),
    ).rejects.toThrow(/needs teamId/);
    await expect(
      installations.fetchInstallation({
        teamId: undefined,
        enterpriseId: undefined,
        isEnterpriseInstall: true,
      } as never),
    ).rejects.toThrow(/needs enterpriseId/);
    await expect(installations.deleteTeam('T1:*')).rejects.toThrow(/teamId must be a Slack id/);
  });
});
