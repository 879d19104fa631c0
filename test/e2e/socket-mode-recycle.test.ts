/**
 * Socket Mode under Slack's server recycling: 200 commands, ten at a time, while the emulator
 * takes the app's socket away every 20 envelopes, in turn with a `disconnect` message
 * (`refresh_requested`, then closing the old socket a second later) and by dropping it without a
 * word. Envelopes caught on a closing socket are delivered again on the new one, so the app must
 * act on each once and answer its redelivery with the first answer: every command is answered, no
 * envelope is acked twice, and every task asked for is created once.
 */
import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SOCKET_ENVELOPE, type SocketEnvelopeEvent } from '../../src/lib/socket-mode-channels.ts';
import { SocketModeDeliveryError } from '../../src/slack-emulator/index.ts';
import { type Harness, startHarness, TEAM } from '../support/harness.ts';

const COMMANDS = 200;
const AT_ONCE = 10;
const RECYCLE_EVERY = 20;
/** Commands that create a task (the rest ask for help): within the service's rate limit. */
const CREATES = 20;
/** How long after a batch is sent its socket goes: its creates are then at the service. */
const RECYCLE_AFTER_MS = 15;

describe('Socket Mode while Slack recycles its servers', () => {
  let h: Harness;

  beforeAll(async () => {
    h = await startHarness({ transport: 'socket' });
    await h.emulator.socketMode.waitForConnection(TEAM);
  });

  afterAll(async () => {
    await h?.close();
  });

  it('answers every command once and acks every envelope once', { timeout: 120_000 }, async () => {
    const hub = h.emulator.socketMode;
    const before = hub.stats();
    // Each envelope the app acts on (handed to Bolt), by id: a redelivery must not be acted on again.
    const actedOn = new Map<string, number>();
    const onEnvelope = (message: unknown) => {
      const { envelopeId } = message as SocketEnvelopeEvent;
      actedOn.set(envelopeId, (actedOn.get(envelopeId) ?? 0) + 1);
    };
    subscribe(SOCKET_ENVELOPE, onEnvelope);
    let sent = 0;
    let recycles = 0;
    const answers: Array<{ status: number; text: string; title?: string }> = [];
    let undelivered = 0;
    const send = async (i: number) => {
      const title = i % (COMMANDS / CREATES) === 0 ? `Recycled socket task ${i}` : undefined;
      for (;;) {
        await hub.waitForConnection(TEAM, 10_000);
        try {
          const res = await h.signer.command(title ? `/task new ${title} #Website` : '/task help');
          answers.push({ status: res.status, text: res.text, ...(title ? { title } : {}) });
          return;
        } catch (error) {
          // Between two sockets Slack has nowhere to send it: nothing was delivered, the person tries again.
          if (!(error instanceof SocketModeDeliveryError && error.code === 'no_connection')) throw error;
          undelivered++;
        }
      }
    };
    for (let start = 0; start < COMMANDS; start += AT_ONCE) {
      const batch = Array.from({ length: AT_ONCE }, (_, k) => start + k);
      const running = batch.map((i) => send(i));
      sent += batch.length;
      if (sent % RECYCLE_EVERY === 0) {
        // While the app works on the batch: Slack asks it to move, or the socket just drops.
        const drop = recycles++ % 2 === 1;
        await new Promise((resolve) => setTimeout(resolve, RECYCLE_AFTER_MS));
        if (drop) hub.dropConnections(TEAM);
        else hub.requestReconnect(TEAM, 'refresh_requested');
      }
      await Promise.all(running);
    }
    unsubscribe(SOCKET_ENVELOPE, onEnvelope);
    expect(recycles).toBe(COMMANDS / RECYCLE_EVERY);
    expect(actedOn.size).toBe(COMMANDS);
    expect([...actedOn.values()].filter((n) => n > 1)).toEqual([]);
    expect(answers).toHaveLength(COMMANDS);
    expect(answers.filter((a) => a.status !== 200)).toEqual([]);
    for (const answer of answers.filter((a) => !a.title)) expect(answer.text).toContain('/task new');

    const stats = hub.stats();
    const delivered = stats.delivered - before.delivered;
    expect(delivered).toBe(COMMANDS);
    expect(stats.acked - before.acked).toBe(COMMANDS);
    expect(stats.duplicateAcks - before.duplicateAcks).toBe(0);
    // The scenario happened: envelopes caught on a closing socket came again.
    expect(stats.redelivered - before.redelivered).toBeGreaterThan(0);
    console.info(
      `socket recycling: ${stats.redelivered - before.redelivered} envelopes delivered again, ` +
        `${undelivered} sends found no socket`,
    );

    // Each create's answer reached the person once, and each task exists once.
    for (const { title } of answers.filter((a) => a.title)) {
      const tasks = (await h.api.tasks.list({ q: title!, per_page: 10 })).data.filter(
        (t) => t.title === title,
      );
      expect(tasks, title).toHaveLength(1);
    }
  });
});
