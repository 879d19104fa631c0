/**
 * A command whose reply is ready within the ack's hold answers in the ack itself (Slack shows it as
 * the command's answer); one that is not acks empty when the hold ends and replies through the
 * response_url. Signed commands into the real app, answered by the emulator. A slow service is slow
 * on the app's clock, which the test moves through the hold rather than waiting it out.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/lib/manual-clock.ts';
import { ACK_HOLD_MS } from '../../src/slack/kit/held-ack.ts';
import type { RecordedCall } from '../../src/slack-emulator/model.ts';
import { watchAppWork } from '../support/app-work.ts';
import { type Harness, startHarness } from '../support/harness.ts';
import { moveTimeUntil, movingUntilDone } from '../support/move-time.ts';

let h: Harness;

afterEach(async () => {
  await h?.close();
});

const isBusyNote = (c: RecordedCall) => String(c.args.text ?? '').includes("The service is busy; I'll post");
const text = (value: unknown) => JSON.stringify(value);
/** The first response_url post that matches, moving the app's clock until it comes. */
const movedTo = (clock: ManualClock, match: (c: RecordedCall) => boolean) =>
  moveTimeUntil(clock, 'a response_url post', () => h.emulator.calls('response_url').find(match));

describe('a reply in the ack', () => {
  it.each(['http', 'socket'] as const)(
    'carries a quick command’s answer in the ack, with no post to the response_url for it (%s)',
    async (transport) => {
      h = await startHarness({ link: ['ana'], transport });
      const work = watchAppWork(h.app);
      const answer = await h.signer.command('/task mine');
      await work.settled();
      // The ack itself is the list (a service that does not filter by person first shows its interim list).
      expect(answer.status).toBe(200);
      expect(text(answer.body)).toMatch(/Publish release notes|reading every project/);
      const replies = h.emulator.calls('response_url');
      expect(replies[0]?.via).toBe('ack');
      expect(replies[0]?.args.url_id).toBeDefined();
      // Anything the app posted afterwards replaces that answer; nothing repeats it as a new message.
      for (const later of replies.slice(1)) expect(later.args.replace_original).toBe(true);
      // Slack shows it where the person typed the command, to them alone.
      const shown = h.emulator.ephemeralMessages('U0ANA', h.emulator.channel('general')!.id);
      expect(text(shown.at(-1)?.blocks ?? shown.at(-1)?.text)).toMatch(/Publish release notes|reading every/);
    },
  );

  it('leaves a card for the channel to the response_url, so the ack does not echo the command there', async () => {
    h = await startHarness({ link: ['ana'] });
    const answer = await h.signer.command('/task new Check the ack path #Website', { channel: 'general' });
    expect(answer.status).toBe(200);
    expect(answer.text).toBe('');
    const card = await h.emulator.waitForCall('response_url', (c) => c.args.response_type === 'in_channel');
    expect(card.via).toBeUndefined();
    expect(text(card.args)).toContain('Check the ack path');
    expect(text(h.emulator.messages('general').at(-1))).toContain('Check the ack path');
  });

  it('answers a repeat of a running command in the repeat’s own ack', async () => {
    const clock = new ManualClock(Date.now());
    h = await startHarness({ link: ['ana'], clock });
    h.sandbox.faults.set({ latencyMs: ACK_HOLD_MS + 1_500 });
    // The first command is held in the store before its ack: wait for that ack (the hold's end).
    await movingUntilDone(clock, 'the first ack', h.signer.command('/task mine'));
    const repeat = await h.signer.command('/task mine');
    expect(text(repeat.body)).toContain('Still working on your earlier `/task mine`');
    await movedTo(clock, (c) => !isBusyNote(c) && c.via !== 'ack');
    h.sandbox.faults.clear();
  });

  it('acks empty when the reply is not ready within the hold, and replies through the response_url', async () => {
    const clock = new ManualClock(Date.now());
    h = await startHarness({ link: ['ana'], clock });
    h.sandbox.faults.set({ latencyMs: ACK_HOLD_MS + 300 });
    const answer = await movingUntilDone(clock, 'the ack', h.signer.command('/task mine'));
    expect(answer.status).toBe(200);
    expect(answer.text).toBe('');
    const result = await movedTo(
      clock,
      (c) => !isBusyNote(c) && /Publish release notes|reading every project/.test(text(c.args)),
    );
    h.sandbox.faults.clear();
    expect(result.via).toBeUndefined();
    expect(h.emulator.calls('response_url').filter((c) => c.via === 'ack')).toHaveLength(0);
  });
});
