/**
 * A real app process (`node src/main.ts`, HTTP mode) on a Redis that is then stopped: every slash
 * command is still acknowledged (Bolt answers 404 to one not acknowledged within 3 s), `/task help`
 * and a parse error with their answers in the ack, and a command that needs the store with the
 * try-again message in its ack rather than a wait on a store that is gone.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SlackSigner } from '../../../src/slack-emulator/signer.ts';
import { type Fleet, startFleet } from '../../support/fleet.ts';
import { redisTool } from '../../support/redis-server.ts';

const SIGNING_SECRET = 'store-down-signing-secret';

describe.runIf(redisTool.mustRun)('slash commands while Redis is down', () => {
  let fleet: Fleet;
  let signer: SlackSigner;

  beforeAll(async () => {
    fleet = await startFleet({
      label: 'store-down',
      store: 'redis',
      names: ['store-down'],
      signingSecret: SIGNING_SECRET,
      encryptionKey: 'cd'.repeat(32),
      sandbox: {},
      proxy: false,
      testStore: false,
    });
    signer = fleet.instances[0]!.signer;
    await fleet.redis!.stop();
  }, 90_000);

  afterAll(() => fleet?.stop(), 30_000);

  const ackText = (body: unknown) => String((body as { text?: unknown } | undefined)?.text ?? '');

  it('answers /task help in the ack', async () => {
    const answer = await signer.command('/task help');
    expect(answer.status).toBe(200);
    expect(ackText(answer.body)).toContain('/task commands:');
  }, 20_000);

  it('answers a command it cannot read in the ack', async () => {
    const answer = await signer.command('/task frobnicate 12');
    expect(answer.status).toBe(200);
    expect(ackText(answer.body).length).toBeGreaterThan(0);
  }, 20_000);

  it('tells the person in the ack that a command needing the store cannot run now', async () => {
    for (const text of ['/task mine', '/task show 1', '/task new Fix login #Website']) {
      const answer = await signer.command(text);
      expect(answer.status).toBe(200);
      expect(ackText(answer.body)).toContain('can’t reach its storage');
    }
  }, 30_000);
});
