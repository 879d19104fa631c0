/**
 * A service that sends only a task's spec fields does not say its project; the app finds it from
 * its task view. Once the view is warm, a task created on the service is not yet in it, and every
 * one of them must still reach the channel that follows its project (it was dropped, answered 204).
 */

import { afterEach, describe, expect, it } from 'vitest';
import { taskViewOf } from '../../src/api/task-view.ts';
import type { RecordedCall } from '../../src/slack-emulator/model.ts';
import { type Harness, startHarness, TEAM, USERS } from '../support/harness.ts';
import { serviceCall } from '../support/service-call.ts';
import { until } from '../support/until.ts';

const CHANNEL = 'C0WEBSITE';
const WEBSITE = 1;

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

const inChannel = (method: string) =>
  h!.emulator.calls(method).filter((c: RecordedCall) => c.args.channel === CHANNEL && c.response.ok === true);

describe('service events from a service that shows only the spec', () => {
  it('announces every task created on the service after the view is warm', async () => {
    h = await startHarness({
      link: ['ana', 'ben'],
      notifications: { windowMs: 300 },
      sandbox: { profile: 'spec-minimal' },
    });
    const settings = await h.app.deps.serviceEvents.ensure(TEAM);
    const endpoint = `${new URL(h.eventsUrl).origin}/service/events/${settings.pathKey}`;
    const hook = h.sandbox.webhooks.add(endpoint);
    await h.app.deps.serviceEvents.saveSecret(TEAM, hook.secret);

    const subscribed = h.emulator.waitForCall('response_url', () => true, 8_000);
    await h.signer.command('/task subscribe #Website', { channel: CHANNEL, user: USERS.ana });
    expect(JSON.stringify((await subscribed).args)).toContain('follows');

    // The view is warm before the tasks exist, as it is once anyone has run a list.
    const client = await h.app.deps.workApi.clientFor(TEAM);
    const view = taskViewOf(client!);
    await view.refresh();
    expect(view.warm).toBe(true);

    const titles = ['Pricing copy', 'Pricing layout', 'Pricing tests'];
    for (const title of titles) {
      const answer = await serviceCall(h.sandbox, 'POST', '/tasks', { project_id: WEBSITE, title });
      expect(answer.status, answer.text).toBeLessThan(300);
    }
    for (const title of titles) {
      await until(`the card of ${title}`, () =>
        inChannel('chat.postMessage').find(
          (c) => c.args.thread_ts === undefined && JSON.stringify(c.args).includes(title),
        ),
      );
    }
  });
});
