/**
 * The installation store inside a request's scope (slack/receiver/request-memo.ts): each record is
 * read from the store once per request, every caller gets its own copy, a change clears what the
 * request has read, and once the response is sent the next read goes to the store again.
 */
import { EventEmitter } from 'node:events';
import type { ServerResponse } from 'node:http';
import type { Installation } from '@slack/bolt';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createRequestMemo } from '../../../../src/slack/receiver/request-memo.ts';
import { createCipher } from '../../../../src/store/cipher.ts';
import { openStore } from '../../../../src/store/open-store.ts';
import {
  type AnyInstallation,
  createInstallationStore,
  InstallationNotFoundError,
} from '../../../../src/store/repositories/installation-store.ts';
import type { Store } from '../../../../src/store/types.ts';

const cipher = createCipher('2'.repeat(64));

function teamInstall(teamId: string, userId: string): Installation {
  return {
    team: { id: teamId, name: 'Acme' },
    enterprise: undefined,
    user: { id: userId, token: `xoxp-user-${userId}`, scopes: ['identify'] },
    bot: { token: `xoxb-bot-${teamId}`, scopes: ['chat:write'], id: 'B1', userId: 'UBOT' },
    appId: 'A1',
    tokenType: 'bot',
    isEnterpriseInstall: false,
    authVersion: 'v2',
  } as Installation;
}

/** A response as far as the memo needs one: it closes on `finish`. */
const response = () => new EventEmitter() as unknown as ServerResponse;

describe('installation reads per request', () => {
  let store: Store;
  let gets: string[];
  beforeEach(async () => {
    const inner = await openStore('sqlite::memory:');
    gets = [];
    store = Object.assign(Object.create(inner) as Store, {
      get: (key: string) => {
        gets.push(key);
        return inner.get(key);
      },
    });
  });
  afterEach(async () => {
    await store.close();
  });

  const setUp = async () => {
    const memo = createRequestMemo<Promise<AnyInstallation | undefined>>();
    const installations = createInstallationStore(store, cipher, { reads: memo.current });
    await installations.storeInstallation(teamInstall('T1', 'U1'));
    gets.length = 0;
    return { memo, installations };
  };

  it('reads a workspace once for the gate and authorize, each given its own copy', async () => {
    const { memo, installations } = await setUp();
    const [gate, authorize] = await memo.run(response(), () =>
      Promise.all([
        installations.fetchInstallation({
          teamId: 'T1',
          enterpriseId: undefined,
          isEnterpriseInstall: false,
        }),
        installations.fetchInstallation({
          teamId: 'T1',
          enterpriseId: undefined,
          userId: 'U2',
          isEnterpriseInstall: false,
        }),
      ]),
    );
    expect(gets.filter((key) => key.endsWith(':installation'))).toHaveLength(1);
    expect(gate.bot?.token).toBe('xoxb-bot-T1');
    // authorize's query for another person changed its copy, not the gate's.
    expect(authorize.user.token).toBeUndefined();
    expect(gate.user.token).toBe('xoxp-user-U1');
  });

  it('reads every time outside a request', async () => {
    const { installations } = await setUp();
    await installations.fetchInstallation({
      teamId: 'T1',
      enterpriseId: undefined,
      isEnterpriseInstall: false,
    });
    await installations.fetchInstallation({
      teamId: 'T1',
      enterpriseId: undefined,
      isEnterpriseInstall: false,
    });
    expect(gets).toHaveLength(2);
  });

  it('sees an uninstall made during the request at once', async () => {
    const { memo, installations } = await setUp();
    await memo.run(response(), async () => {
      await installations.fetchInstallation({
        teamId: 'T1',
        enterpriseId: undefined,
        isEnterpriseInstall: false,
      });
      await installations.deleteTeam('T1');
      await expect(
        installations.fetchInstallation({
          teamId: 'T1',
          enterpriseId: undefined,
          isEnterpriseInstall: false,
        }),
      ).rejects.toThrow(InstallationNotFoundError);
    });
  });

  it('sees a new token stored during the request', async () => {
    const { memo, installations } = await setUp();
    await memo.run(response(), async () => {
      await installations.fetchInstallation({
        teamId: 'T1',
        enterpriseId: undefined,
        isEnterpriseInstall: false,
      });
      await installations.storeInstallation({
        ...teamInstall('T1', 'U1'),
        bot: { token: 'xoxb-new', scopes: ['chat:write'], id: 'B1', userId: 'UBOT' },
      } as Installation);
      const after = await installations.fetchInstallation({
        teamId: 'T1',
        enterpriseId: undefined,
        isEnterpriseInstall: false,
      });
      expect(after.bot?.token).toBe('xoxb-new');
    });
  });

  it('reads afresh once the response is sent, in work the request started', async () => {
    const { memo, installations } = await setUp();
    const res = response();
    await memo.run(res, async () => {
      await installations.fetchInstallation({
        teamId: 'T1',
        enterpriseId: undefined,
        isEnterpriseInstall: false,
      });
      (res as unknown as EventEmitter).emit('finish');
      // Removed by another instance after the ack: the listener's later read must not find it.
      await store.delete('team:T1:installation');
      await expect(
        installations.fetchInstallation({
          teamId: 'T1',
          enterpriseId: undefined,
          isEnterpriseInstall: false,
        }),
      ).rejects.toThrow(InstallationNotFoundError);
    });
    expect(gets.filter((key) => key.endsWith(':installation'))).toHaveLength(2);
  });
});
