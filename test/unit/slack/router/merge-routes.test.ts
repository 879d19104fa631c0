/** The router's tables: one per surface, merged from the features, with no inherited names in them. */
import { describe, expect, it } from 'vitest';
import type { Listener } from '../../../../src/slack/kit/routes.ts';
import { ROUTES } from '../../../../src/slack/router/index.ts';
import { mergeRoutes } from '../../../../src/slack/router/merge-routes.ts';

const listener: Listener = () => async () => undefined;
const INHERITED = ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf'];

describe('mergeRoutes', () => {
  it('merges each surface of every feature into one table', () => {
    const merged = mergeRoutes([
      { actions: { a: listener } },
      { actions: { b: listener }, views: { v: listener } },
    ]);
    expect([...merged.actions.keys()]).toEqual(['a', 'b']);
    expect([...merged.views.keys()]).toEqual(['v']);
    expect(merged.events.size).toBe(0);
  });

  it('refuses an id that two features both route', () => {
    expect(() => mergeRoutes([{ actions: { a: listener } }, { actions: { a: listener } }])).toThrow(
      /Two features route the actions id "a"/,
    );
    expect(() =>
      mergeRoutes([{ verbs: { mine: async () => {} } }, { verbs: { mine: async () => {} } }]),
    ).toThrow(/verb "mine"/);
  });

  it("finds nothing under a name every object inherits, in the app's own tables", () => {
    for (const name of INHERITED) {
      for (const table of [
        ROUTES.commands,
        ROUTES.shortcuts,
        ROUTES.views,
        ROUTES.actions,
        ROUTES.options,
        ROUTES.events,
      ]) {
        expect(table.has(name)).toBe(false);
        expect(table.get(name)).toBeUndefined();
      }
      expect(ROUTES.verbs.get(name as never)).toBeUndefined();
    }
  });

  it('routes every verb the app had before the features were split out, and the notification, find, remind and react verbs', () => {
    expect([...ROUTES.verbs.keys()].sort()).toEqual(
      [
        'assign',
        'automations',
        'connect',
        'delete',
        'digest',
        'done',
        'due',
        'find',
        'goal',
        'goals',
        'invite',
        'link',
        'list',
        'members',
        'mindmaps',
        'mine',
        'new',
        'project',
        'projects',
        'react',
        'remind',
        'role',
        'show',
        'sprint',
        'subscribe',
        'subscriptions',
        'unlink',
        'unsubscribe',
        'workspaces',
      ].sort(),
    );
  });
});
