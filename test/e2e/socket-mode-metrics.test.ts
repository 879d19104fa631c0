/**
 * `/metrics` counts and times acks over Socket Mode as it does HTTP answers: the real app in each
 * transport, driven by the signer (envelopes on the emulator's WebSocket, or signed HTTP requests),
 * and `taskbridge_slack_ack_seconds` read from the registry `/metrics` serves.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createMetrics } from '../../src/ops/metrics.ts';
import { type Harness, startHarness } from '../support/harness.ts';

// Subscribes to the process's diagnostics channels: every app in this file is observed.
const metrics = createMetrics();
let h: Harness | undefined;

afterEach(async () => {
  await h?.close();
  h = undefined;
});

/** The histogram's count and its count within 3 s, for one transport, from the text `/metrics` serves. */
async function acks(transport: 'http' | 'socket'): Promise<{ count: number; within3s: number }> {
  const text = await metrics.registry.metrics();
  const sum = (name: string, le?: string) => {
    let total = 0;
    for (const line of text.split('\n')) {
      const match = /^([a-z_]+)\{([^}]*)\} (\S+)$/.exec(line);
      if (match?.[1] !== name || !match[2]!.includes(`transport="${transport}"`)) continue;
      if (le === undefined || match[2]!.includes(`le="${le}"`)) total += Number(match[3]);
    }
    return total;
  };
  return {
    count: sum('taskbridge_slack_ack_seconds_count'),
    within3s: sum('taskbridge_slack_ack_seconds_bucket', '3'),
  };
}

describe('acks in /metrics', () => {
  it('counts and times each Socket Mode ack, once per envelope', async () => {
    h = await startHarness({ link: ['ana'], transport: 'socket' });
    const before = await acks('socket');
    const help = await h.signer.command('/task help');
    expect(help.status).toBe(200);
    await h.signer.command('/task show 3');
    const after = await acks('socket');
    expect(after.count - before.count).toBe(2);
    expect(after.within3s - before.within3s).toBe(2);
    // Nothing went to the HTTP series: this app has no HTTP receiver.
    expect((await acks('http')).count).toBe(0);
    const text = await metrics.registry.metrics();
    expect(text).toMatch(/taskbridge_slack_ack_seconds_count\{transport="socket",status="acked"\} \d+/);
  });

  it('counts HTTP answers under their own transport and status', async () => {
    h = await startHarness({ link: ['ana'] });
    const before = await acks('http');
    const socketBefore = await acks('socket');
    expect((await h.signer.command('/task help')).status).toBe(200);
    expect((await acks('http')).count - before.count).toBe(1);
    expect((await acks('socket')).count).toBe(socketBefore.count);
  });
});
