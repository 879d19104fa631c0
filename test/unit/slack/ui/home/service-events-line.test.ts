import { describe, expect, it } from 'vitest';
import {
  readServiceEventsSubmission,
  renderServiceEventsView,
} from '../../../../../src/slack/features/service-events/service-events.ts';
import {
  ago,
  renderServiceEventsLine,
  serviceEventsText,
} from '../../../../../src/slack/ui/home/service-events-line.ts';
import { ACTIONS, SERVICE_EVENTS_FIELDS, VIEWS } from '../../../../../src/slack/ui/ids.ts';

const now = new Date('2026-11-26T12:00:00Z');

describe('App Home: service events', () => {
  it('says webhooks, or how long ago changes were checked', () => {
    const base = { webhooks: false, checkedAt: null, watched: 2, isAdmin: false };
    expect(serviceEventsText({ ...base, webhooks: true }, now)).toMatch(/arrive by webhook/);
    expect(serviceEventsText(base, now)).toMatch(/not checked yet/);
    expect(serviceEventsText({ ...base, watched: 0 }, now)).toMatch(/No project is watched/);
    expect(serviceEventsText({ ...base, checkedAt: new Date(now.getTime() - 40_000) }, now)).toBe(
      ':satellite_antenna: Changes checked 40 s ago.',
    );
    expect(ago(new Date(now.getTime() - 5 * 60_000), now)).toBe('5 min ago');
    expect(ago(new Date(now.getTime() - 3 * 3_600_000), now)).toBe('3 h ago');
  });

  it('gives admins the settings button, others a plain line', () => {
    const model = { webhooks: false, checkedAt: null, watched: 1, isAdmin: true };
    const admin = renderServiceEventsLine(model, now);
    expect(admin.type).toBe('section');
    expect(JSON.stringify(admin)).toContain(ACTIONS.homeServiceEvents);
    const member = renderServiceEventsLine({ ...model, isAdmin: false }, now);
    expect(member.type).toBe('context');
    expect(JSON.stringify(member)).not.toContain(ACTIONS.homeServiceEvents);
  });

  it('the modal shows the address, never a secret, and reads the one typed', () => {
    const view = renderServiceEventsView({
      address: 'https://tb.example.com/service/events/abc',
      addressIsFull: true,
      hasSecret: true,
    });
    expect(view.callback_id).toBe(VIEWS.serviceEvents);
    expect(JSON.stringify(view)).toContain('https://tb.example.com/service/events/abc');
    expect(JSON.stringify(view)).not.toContain('initial_value');
    const pathOnly = renderServiceEventsView({
      address: '/service/events/abc',
      addressIsFull: false,
      hasSecret: false,
    });
    expect(JSON.stringify(pathOnly)).toContain('PUBLIC_URL');
    const values = {
      [SERVICE_EVENTS_FIELDS.secret.block]: {
        [SERVICE_EVENTS_FIELDS.secret.action]: { type: 'plain_text_input', value: '  whsec_abc  ' },
      },
    };
    expect(readServiceEventsSubmission(values)).toBe('whsec_abc');
  });
});
