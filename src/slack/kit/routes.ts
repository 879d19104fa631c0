import type { AppDeps } from '../deps.ts';

// biome-ignore lint/suspicious/noExplicitAny: each table pairs ids with Bolt listeners of different payload types.
export type Listener = (deps: AppDeps) => (args: any) => Promise<void>;

/** One feature's listeners, per Slack surface, keyed by command, callback_id, action_id or event type. */
export interface ListenerTables {
  commands: Record<string, Listener>;
  shortcuts: Record<string, Listener>;
  views: Record<string, Listener>;
  actions: Record<string, Listener>;
  options: Record<string, Listener>;
  events: Record<string, Listener>;
}
