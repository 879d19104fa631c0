/**
 * App Home's line about the service's events: whether they arrive by webhook or by checking for
 * changes, and how fresh that is; admins get the button to the settings.
 */
import type { Button, ContextBlock, SectionBlock } from '../block-types.ts';
import { ACTIONS } from '../ids.ts';
import { contextLine, LIMITS, mrkdwn, plainText } from '../limits.ts';

export interface ServiceEventsHomeModel {
  webhooks: boolean;
  /** Polling: when the least recently checked watched project was checked; null: not yet. */
  checkedAt: Date | null;
  /** Polling: how many projects are watched (none: nothing is checked). */
  watched: number;
  isAdmin: boolean;
}

/** "40 s ago", "3 min ago", "2 h ago". */
export function ago(then: Date, now: Date): string {
  const seconds = Math.max(0, Math.round((now.getTime() - then.getTime()) / 1000));
  if (seconds < 90) return `${seconds} s ago`;
  const minutes = Math.round(seconds / 60);
  if (minutes < 90) return `${minutes} min ago`;
  return `${Math.round(minutes / 60)} h ago`;
}

export function serviceEventsText(model: ServiceEventsHomeModel, now: Date): string {
  if (model.webhooks) return ':satellite_antenna: Service events arrive by webhook.';
  if (model.watched === 0) return ':satellite_antenna: No project is watched, so no changes are checked.';
  if (!model.checkedAt) return ':satellite_antenna: Changes not checked yet.';
  return `:satellite_antenna: Changes checked ${ago(model.checkedAt, now)}.`;
}

export function renderServiceEventsLine(
  model: ServiceEventsHomeModel,
  now: Date,
): SectionBlock | ContextBlock {
  const text = serviceEventsText(model, now);
  if (!model.isAdmin) return contextLine(text);
  const accessory: Button = {
    type: 'button',
    action_id: ACTIONS.homeServiceEvents,
    text: plainText('Service events', LIMITS.buttonText),
  };
  return { type: 'section', block_id: 'home_service_events', text: mrkdwn(text), accessory };
}
