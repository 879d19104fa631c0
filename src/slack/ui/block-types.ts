/**
 * Block Kit types, taken from the `@slack/types` that Bolt re-exports (so no extra dependency).
 */
import type { types } from '@slack/bolt';

export type KnownBlock = types.KnownBlock;
export type SectionBlock = types.SectionBlock;
export type ActionsBlock = types.ActionsBlock;
export type ContextBlock = types.ContextBlock;
export type InputBlock = types.InputBlock;
export type ActionsBlockElement = types.ActionsBlockElement;
export type Button = types.Button;
export type Overflow = types.Overflow;
export type StaticSelect = types.StaticSelect;
export type PlainTextOption = types.PlainTextOption;
export type PlainTextElement = types.PlainTextElement;
export type MrkdwnElement = types.MrkdwnElement;
export type ModalView = types.ModalView;
export type HomeView = types.HomeView;

/** What a message renderer returns: blocks plus the `text` fallback Slack wants with them. */
export interface RenderedMessage {
  text: string;
  blocks: KnownBlock[];
}
