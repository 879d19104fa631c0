/**
 * Merges the features' routes into one table per surface. The tables are `Map`s, so an id Slack
 * sends that happens to name something every object inherits (`constructor`, `toString`,
 * `__proto__`) finds nothing rather than a function of `Object.prototype`. An id two features both
 * claim is a mistake found at start, not a listener silently shadowed.
 */
import type { VerbName } from '../commands/intents.ts';
import type { FeatureRoutes, Listener } from '../kit/routes.ts';
import type { VerbHandler } from '../kit/verb-handler.ts';

type Surface =
  | 'commands'
  | 'shortcuts'
  | 'views'
  | 'actions'
  | 'options'
  | 'events'
  | 'functions'
  | 'optionFunctions';
const SURFACES: readonly Surface[] = [
  'commands',
  'shortcuts',
  'views',
  'actions',
  'options',
  'events',
  'functions',
  'optionFunctions',
];

type AnyVerbHandler = VerbHandler<Exclude<VerbName, 'help'>>;

export type RouteTables = { [S in Surface]: ReadonlyMap<string, Listener> } & {
  verbs: ReadonlyMap<Exclude<VerbName, 'help'>, AnyVerbHandler>;
};

function add<K, V>(into: Map<K, V>, entries: Iterable<[K, V]>, where: string): void {
  for (const [key, value] of entries) {
    if (into.has(key)) throw new Error(`Two features route ${where} "${String(key)}"`);
    into.set(key, value);
  }
}

export function mergeRoutes(features: readonly FeatureRoutes[]): RouteTables {
  const verbs = new Map<Exclude<VerbName, 'help'>, AnyVerbHandler>();
  const tables = Object.fromEntries(SURFACES.map((s) => [s, new Map<string, Listener>()])) as {
    [S in Surface]: Map<string, Listener>;
  };
  for (const feature of features) {
    add(
      verbs,
      Object.entries(feature.verbs ?? {}) as Array<[Exclude<VerbName, 'help'>, AnyVerbHandler]>,
      'the verb',
    );
    for (const surface of SURFACES)
      add(tables[surface], Object.entries(feature[surface] ?? {}), `the ${surface} id`);
  }
  return { verbs, ...tables };
}
