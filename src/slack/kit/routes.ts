import type { AppDeps } from '../deps.ts';
import type { VerbHandlers } from './verb-handler.ts';

// biome-ignore lint/suspicious/noExplicitAny: each table pairs ids with Bolt listeners of different payload types.
export type Listener = (deps: AppDeps) => (args: any) => Promise<void>;

/** Listeners of one Slack surface, keyed by command, callback_id, action_id or event type. */
type ListenerTable = Readonly<Record<string, Listener>>;

/**
 * Everything one feature answers: its `/task` verbs and its listeners per Slack surface. Each
 * feature declares one of these in its `routes.ts`; the app's router merges them.
 */
export interface FeatureRoutes {
  verbs?: VerbHandlers;
  commands?: ListenerTable;
  shortcuts?: ListenerTable;
  views?: ListenerTable;
  actions?: ListenerTable;
  options?: ListenerTable;
  events?: ListenerTable;
  /** Workflow Builder steps (Bolt custom functions), by the callback_id manifest.yml declares under `functions`. */
  functions?: ListenerTable;
  /**
   * Steps that serve another step's dynamic options in Workflow Builder: registered with
   * `autoAcknowledge: false`, so the listener completes with the options before it acks.
   */
  optionFunctions?: ListenerTable;
}
