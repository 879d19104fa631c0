/**
 * What the team end-to-end tests share: a fresh harness per test, clicks, and waits for what the
 * app showed in Slack (answers through a response_url, ephemeral posts, filled-in modals), each
 * checked as accepted by the emulator.
 */
import { afterEach, beforeEach, expect } from 'vitest';
import type { BlockActionInput } from '../../src/slack-emulator/signer.ts';
import { type Harness, type HarnessOptions, startHarness, USERS } from './harness.ts';

/** A modal as the emulator returned it from `views.update`. */
export type View = { id: string; callback_id: string; private_metadata: string; blocks: unknown[] };

/** How long each wait allows before it fails with what was seen instead. */
const WAIT_MS = 5_000;

/**
 * Starts a harness before each test of the enclosing `describe` (linking `options.link`) and
 * closes it after; `use` receives each one, so that the test file can keep it in its own variable.
 */
export function harnessForEachTest(options: HarnessOptions, use: (harness: Harness) => void): void {
  let harness: Harness | undefined;
  beforeEach(async () => {
    harness = await startHarness(options);
    use(harness);
  });
  afterEach(async () => {
    await harness?.close();
  });
}

/**
 * Drives and waits on the harness `current()` returns when called, so that the helpers can be made
 * once per file while each test gets its own harness.
 */
export function slackSteps(current: () => Harness) {
  /** The next answer through a response_url whose arguments contain (or match) `has`. */
  async function answer(has: string | RegExp): Promise<Record<string, unknown>> {
    const matches = (text: string) => (typeof has === 'string' ? text.includes(has) : has.test(text));
    const call = await current().emulator.waitForCall(
      'response_url',
      (c) => matches(JSON.stringify(c.args)),
      WAIT_MS,
    );
    expect(call.status).toBe(200);
    return call.args;
  }

  /** The next `chat.postEphemeral` whose arguments contain `has`. */
  async function told(has: string): Promise<Record<string, unknown>> {
    const call = await current().emulator.waitForCall(
      'chat.postEphemeral',
      (c) => JSON.stringify(c.args).includes(has),
      WAIT_MS,
    );
    expect(call.status).toBe(200);
    return call.args;
  }

  /** The modal `callbackId` once a `views.update` filled it with blocks containing `has`. */
  async function filledView(callbackId: string, has = ''): Promise<View> {
    const call = await current().emulator.waitForCall(
      'views.update',
      (c) => {
        const view = c.response.view as View | undefined;
        return view?.callback_id === callbackId && JSON.stringify(view.blocks ?? []).includes(has);
      },
      WAIT_MS,
    );
    expect(call.status).toBe(200);
    return call.response.view as View;
  }

  /** The newest ephemeral message still shown to `user` that contains `has`, to click its buttons. */
  function ephemeral(user: string, has: string) {
    const found = current()
      .emulator.ephemeralMessages(user)
      .filter((m) => JSON.stringify(m).includes(has))
      .at(-1);
    if (!found) throw new Error(`no ephemeral message with ${has}`);
    return found;
  }

  /** Waits for the answer containing `has`, then returns it as the message shown to `user`. */
  async function shown(has: string, user: string = USERS.ana) {
    await answer(has);
    return ephemeral(user, has);
  }

  /**
   * Forgets the calls recorded so far, then clicks: the waits after it see only what the click
   * caused, not an earlier answer that contains the same words.
   */
  async function clickAfresh(action: BlockActionInput) {
    current().emulator.clearCalls();
    return current().signer.blockAction(action);
  }

  return { answer, told, filledView, ephemeral, shown, clickAfresh };
}
