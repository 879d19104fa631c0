/**
 * The one failure reporter, against the emulator: on the response_url when there is one, and
 * without one (a form's submission, a Home button) ephemerally in the channel, else by DM.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createLogger } from '../../../src/lib/logger.ts';
import { reportFailure } from '../../../src/slack/kit/report-failure.ts';
import { createSlackEmulator, type SlackEmulator } from '../../../src/slack-emulator/index.ts';
import { emulatorClient } from '../slack-emulator/support/web-client.ts';

let emulator: SlackEmulator;
const deps = { logger: createLogger({ level: 'silent' }) };

beforeAll(async () => {
  emulator = await createSlackEmulator({ port: 0 });
});
afterAll(async () => {
  await emulator.close();
});
beforeEach(() => emulator.clearCalls());

describe('reportFailure', () => {
  it('answers on the response_url when the request has one, with a reference for an unknown error', async () => {
    const said: unknown[] = [];
    const respond = async (m: unknown) => {
      said.push(m);
      return { ok: true } as never;
    };
    await reportFailure(deps, { respond }, new Error('boom'));
    expect(said).toHaveLength(1);
    expect(JSON.stringify(said[0])).toMatch(/Something went wrong.*reference/);
    expect(JSON.stringify(said[0])).toContain('"response_type":"ephemeral"');
  });

  it('with no response_url, tells the person in the channel, seen only by them', async () => {
    const client = emulatorClient(emulator.botToken, emulator.url);
    await reportFailure(deps, { client, to: { userId: 'U0ANA', channelId: 'C0GENERAL' } }, new Error('boom'));
    const call = await emulator.waitForCall('chat.postEphemeral', undefined, 5_000);
    expect(call.args.user).toBe('U0ANA');
    expect(String(call.args.text)).toMatch(/Something went wrong/);
  });

  it('falls back to a direct message when the response_url fails and there is no channel', async () => {
    const client = emulatorClient(emulator.botToken, emulator.url);
    await reportFailure(
      deps,
      {
        respond: async () => {
          throw new Error('no response_url on the Home tab');
        },
        client,
        to: { userId: 'U0ANA', channelId: null },
      },
      new Error('boom'),
      { describe: () => ':warning: The digest was not saved: no projects.' },
    );
    const call = await emulator.waitForCall('chat.postMessage', undefined, 5_000);
    expect(call.args.channel).toBe('U0ANA');
    expect(call.args.text).toBe(':warning: The digest was not saved: no projects.');
  });
});
