/**
 * The emulator's Work Object and workflow step shapes over its real HTTP Web API: metadata that
 * breaks the entity shapes is dropped with Slack's warning, entity.presentDetails takes only a
 * valid entity for a live trigger, and a step's completion is checked against the declared types.
 */
import { WebClient } from '@slack/web-api';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  createSlackEmulator,
  declareFunctions,
  executionOf,
  flexpaneOf,
  type SlackEmulator,
} from '../../../src/slack-emulator/index.ts';
import { startExecution } from '../../../src/slack-emulator/methods/functions.ts';

let emulator: SlackEmulator;
let client: WebClient;

const entity = (over: Record<string, unknown> = {}) => ({
  entity_type: 'slack#/entities/task',
  url: 'https://work.example.com/projects/1/tasks/7',
  external_ref: { id: '7', type: 'task' },
  entity_payload: {
    attributes: { title: { text: 'Fix login' } },
    fields: {
      status: { value: 'Open', tag_color: 'blue' },
      due_date: { type: 'slack#/types/date', value: '2026-12-01' },
    },
    display_order: ['status', 'due_date'],
  },
  ...over,
});

beforeEach(async () => {
  emulator = await createSlackEmulator();
  client = new WebClient(emulator.botToken, {
    slackApiUrl: `${emulator.origin}/api/`,
    retryConfig: { retries: 0 },
  });
});
afterEach(async () => {
  await emulator.close();
});

describe('entity metadata', () => {
  it('keeps a valid entity and drops a broken one with invalid_metadata_format, naming each problem', async () => {
    const kept = await client.chat.postMessage({
      channel: 'C0GENERAL',
      text: 'ok',
      metadata: { entities: [entity()] } as never,
    });
    expect(kept.warning).toBeUndefined();
    expect(emulator.message('C0GENERAL', kept.ts as string)?.metadata).toEqual({ entities: [entity()] });

    const broken = entity({
      entity_type: 'slack#/entities/ticket',
      entity_payload: { attributes: { title: { text: '' } }, fields: { colour: { value: 'red' } } },
    });
    const dropped = await client.chat.postMessage({
      channel: 'C0GENERAL',
      text: 'x',
      metadata: { entities: [broken] } as never,
    });
    expect(dropped.ok).toBe(true);
    expect(dropped.warning).toBe('invalid_metadata_format');
    const messages = (dropped.response_metadata as { messages: string[] }).messages;
    expect(messages.join('\n')).toMatch(/entity_type must be one of/);
    expect(messages.join('\n')).toMatch(/title is required|a title is required/);
    expect(emulator.message('C0GENERAL', dropped.ts as string)?.metadata).toBeUndefined();
  });

  it('wants app_unfurl_url in chat.unfurl to be one of the unfurled links', async () => {
    const posted = await client.chat.postMessage({ channel: 'C0GENERAL', text: 'link' });
    const answer = await client.chat.unfurl({
      channel: 'C0GENERAL',
      ts: posted.ts as string,
      unfurls: { 'https://work.example.com/projects/1/tasks/7': { blocks: [] } },
      metadata: { entities: [entity({ app_unfurl_url: 'https://elsewhere.example.com/7' })] },
    } as never);
    expect(answer.warning).toBe('invalid_metadata_format');
  });
});

describe('entity.presentDetails', () => {
  it('presents a valid entity for a live trigger, once, and refuses a broken one', async () => {
    const trigger = emulator.issueTriggerId('U0ANA');
    await expect(
      client.apiCall('entity.presentDetails', { trigger_id: trigger, metadata: { url: 'x' } }),
    ).rejects.toThrow(/invalid_metadata/);
    const fresh = emulator.issueTriggerId('U0ANA');
    await client.apiCall('entity.presentDetails', { trigger_id: fresh, metadata: entity() });
    expect(flexpaneOf(emulator.state, 'T0001', 'U0ANA')?.metadata).toEqual(entity());
    await expect(
      client.apiCall('entity.presentDetails', { trigger_id: fresh, metadata: entity() }),
    ).rejects.toThrow(/exchanged_trigger_id/);
  });
});

describe('functions.completeSuccess and completeError', () => {
  beforeEach(() => {
    declareFunctions(emulator.state, {
      make: {
        title: 'Make',
        input_parameters: { properties: { who: { type: 'slack#/types/user_id' } }, required: ['who'] },
        output_parameters: {
          properties: { n: { type: 'integer' }, where: { type: 'slack#/types/channel_id' } },
          required: ['n'],
        },
      },
    });
  });

  it('refuses outputs that break the declared types, then takes good ones once', async () => {
    const run = startExecution(emulator.state, 'T0001', 'make', { who: 'U0ANA' });
    const asRun = new WebClient(run.botToken, {
      slackApiUrl: `${emulator.origin}/api/`,
      retryConfig: { retries: 0 },
    });
    await expect(
      asRun.functions.completeSuccess({
        function_execution_id: run.id,
        outputs: { n: 'seven', where: 'nowhere' },
      }),
    ).rejects.toThrow(/invalid_outputs/);
    await asRun.functions.completeSuccess({
      function_execution_id: run.id,
      outputs: { n: 7, where: 'C0GENERAL' },
    });
    expect(executionOf(emulator.state, run.id)).toMatchObject({ state: 'completed', outputs: { n: 7 } });
    await expect(
      asRun.functions.completeError({ function_execution_id: run.id, error: 'late' }),
    ).rejects.toThrow(/function_execution_already_completed/);
  });

  it('refuses a run whose inputs break the declared types', () => {
    expect(() => startExecution(emulator.state, 'T0001', 'make', { who: 'nobody' })).toThrow(
      /who .* must be the id of a user/,
    );
  });
});
