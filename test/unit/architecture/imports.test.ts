/**
 * Imports run one way. Reads every import statement under src/ (static, re-exports and dynamic
 * `import()`), resolves the relative ones, and fails naming each import that goes the wrong way.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../../..');
const SRC = join(ROOT, 'src');

interface Edge {
  /** Both relative to the repository root, with `/`; a package import goes to `node_modules/<name>`. */
  from: string;
  to: string;
}

interface Rule {
  name: string;
  /** Whether this import breaks the rule. */
  breaks(edge: Edge): boolean;
}

const under = (path: string, folder: string) => path === folder || path.startsWith(`${folder}/`);

const RULES: readonly Rule[] = [
  {
    name: 'src/lib imports no other folder of src',
    breaks: (e) => under(e.from, 'src/lib') && under(e.to, 'src') && !under(e.to, 'src/lib'),
  },
  {
    // The playground is local mode's page (served by `npm start` without Slack settings).
    name: 'only local mode (src/local, src/playground) imports the Slack emulator (a test tool)',
    breaks: (e) =>
      under(e.to, 'src/slack-emulator') &&
      !['src/slack-emulator', 'src/local', 'src/playground'].some((f) => under(e.from, f)),
  },
  {
    name: 'src/api and src/sandbox import nothing of Slack',
    breaks: (e) =>
      (under(e.from, 'src/api') || under(e.from, 'src/sandbox')) &&
      [
        'src/slack',
        'src/slack-emulator',
        'src/slack-platform',
        'src/create-app.ts',
        'src/digest',
        'src/notify',
      ].some((f) => under(e.to, f)),
  },
  {
    // The store is the persistence port and its engines: what a feature keeps there is that feature's.
    name: 'src/store imports only src/lib and src/contract',
    breaks: (e) =>
      under(e.from, 'src/store') &&
      under(e.to, 'src') &&
      !['src/store', 'src/lib', 'src/contract'].some((f) => under(e.to, f)),
  },
  {
    name: "Slack's platform rules import only src/lib",
    breaks: (e) =>
      under(e.from, 'src/slack-platform') &&
      under(e.to, 'src') &&
      !under(e.to, 'src/slack-platform') &&
      !under(e.to, 'src/lib'),
  },
  {
    // The runner selects, schedules and sends; its Block Kit is built in src/slack/ui/digest.
    name: 'src/digest builds no Block Kit: it imports nothing of Slack',
    breaks: (e) =>
      under(e.from, 'src/digest') &&
      ['src/slack', 'src/slack-emulator', 'src/slack-platform', 'src/create-app.ts'].some((f) =>
        under(e.to, f),
      ),
  },
  {
    // Events in, bursts, threads, outbox and direct messages; its Block Kit is built in
    // src/slack/ui/notifications and handed to it as `messages`, Slack's clients adapted to its shapes.
    name: 'src/notify (the notifications engine) imports nothing of Slack or the digest',
    breaks: (e) =>
      under(e.from, 'src/notify') &&
      [
        'src/slack',
        'src/slack-emulator',
        'src/slack-platform',
        'src/create-app.ts',
        'src/digest',
        'node_modules/@slack',
      ].some((f) => under(e.to, f)),
  },
  {
    name: 'services, kit and ui never import features or the router',
    breaks: (e) =>
      ['src/slack/services', 'src/slack/kit', 'src/slack/ui'].some((f) => under(e.from, f)) &&
      (under(e.to, 'src/slack/features') || under(e.to, 'src/slack/router')),
  },
  {
    name: 'the kit imports no services (services build on the kit)',
    breaks: (e) => under(e.from, 'src/slack/kit') && under(e.to, 'src/slack/services'),
  },
  {
    name: 'shared Block Kit (src/slack/ui) imports no services, kit or store',
    breaks: (e) =>
      under(e.from, 'src/slack/ui') &&
      ['src/slack/services', 'src/slack/kit', 'src/store', 'src/notify/store'].some((f) => under(e.to, f)),
  },
  {
    name: 'a feature imports no other feature (what two share is on the floor below)',
    breaks: (e) => {
      const feature = (path: string) => (under(path, 'src/slack/features') ? path.split('/')[3] : undefined);
      const from = feature(e.from);
      return from !== undefined && feature(e.to) !== undefined && feature(e.to) !== from;
    },
  },
  {
    name: 'ops reaches the Slack app only through its factory (src/create-app.ts)',
    breaks: (e) => under(e.from, 'src/ops') && under(e.to, 'src/slack'),
  },
];

const SPECIFIER =
  /(?:^|[\s;])(?:import|export)\s[^'"`;]*?from\s*['"]([^'"]+)['"]|(?:^|[\s;])import\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/gm;

function allSpecifiers(source: string): string[] {
  return [...source.matchAll(SPECIFIER)].flatMap((m) => m[1] ?? m[2] ?? m[3] ?? []);
}

/** The relative specifiers of a file's imports and re-exports. */
function specifiers(source: string): string[] {
  return allSpecifiers(source).filter((spec) => spec.startsWith('.'));
}

/** The packages a file imports (Node's built-ins left out). */
function packages(source: string): string[] {
  return allSpecifiers(source).filter((spec) => !spec.startsWith('.') && !spec.startsWith('node:'));
}

function tsFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return tsFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

function edgesOf(files: readonly string[]): Edge[] {
  return files.flatMap((file) => {
    const source = readFileSync(file, 'utf8');
    const from = relative(ROOT, file).split('\\').join('/');
    return [
      ...specifiers(source).map((spec) => ({
        from,
        to: relative(ROOT, resolve(dirname(file), spec))
          .split('\\')
          .join('/'),
      })),
      ...packages(source).map((spec) => ({ from, to: `node_modules/${spec}` })),
    ];
  });
}

function wrongWay(edges: readonly Edge[]): string[] {
  return edges.flatMap((e) => RULES.filter((r) => r.breaks(e)).map((r) => `${e.from} → ${e.to}: ${r.name}`));
}

describe('imports run one way', () => {
  const edges = edgesOf(tsFiles(SRC));

  it('reads the imports of every file (static, re-exports, dynamic)', () => {
    expect(
      specifiers(
        "import { a } from './a.ts';\nexport { b } from '../b.ts';\nimport type { C } from './c.ts';",
      ),
    ).toEqual(['./a.ts', '../b.ts', './c.ts']);
    expect(specifiers("const m = await import('./redis.ts');\nimport './side-effect.ts';").sort()).toEqual([
      './redis.ts',
      './side-effect.ts',
    ]);
    expect(specifiers("import { z } from 'zod';")).toEqual([]);
    expect(
      packages("import type { WebClient } from '@slack/web-api';\nimport { readFileSync } from 'node:fs';"),
    ).toEqual(['@slack/web-api']);
    // The tree is large: a parser that saw nothing would pass every rule.
    expect(edges.length).toBeGreaterThan(1000);
  });

  it('flags each kind of wrong-way import', () => {
    const wrong: Edge[] = [
      { from: 'src/lib/dates.ts', to: 'src/slack-platform/mrkdwn.ts' },
      { from: 'src/slack/ui/digest/compose.ts', to: 'src/slack-emulator/block-kit-limits.ts' },
      { from: 'src/digest/run-tick.ts', to: 'src/slack-platform/block-kit-limits.ts' },
      { from: 'src/digest/run-pause.ts', to: 'src/slack/ui/digest/paused-notice.ts' },
      { from: 'src/api/pipeline.ts', to: 'src/slack/deps.ts' },
      { from: 'src/sandbox/server.ts', to: 'src/slack-platform/mrkdwn.ts' },
      { from: 'src/slack-platform/mrkdwn.ts', to: 'src/slack/ui/limits.ts' },
      {
        from: 'src/slack/services/publish-home.ts',
        to: 'src/slack/features/account/open-link-modal.ts',
      },
    ];
    wrong.push(
      { from: 'src/slack/kit/report-failure.ts', to: 'src/slack/services/publish-home.ts' },
      { from: 'src/slack/ui/home/app-home.ts', to: 'src/store/repositories/user-links.ts' },
      { from: 'src/slack/ui/home/app-home.ts', to: 'src/notify/store/notify-prefs.ts' },
      { from: 'src/store/repositories/subscriptions.ts', to: 'src/notify/events/project-event.ts' },
      { from: 'src/store/keys.ts', to: 'src/api/index.ts' },
      { from: 'src/notify/thread-poster.ts', to: 'src/slack/ui/messages/task-card.ts' },
      { from: 'src/notify/direct-messages.ts', to: 'src/slack/services/task-list-source.ts' },
      { from: 'src/notify/thread-poster.ts', to: 'node_modules/@slack/web-api' },
      { from: 'src/notify/notifications.ts', to: 'src/digest/post-queue.ts' },
      { from: 'src/api/task-view.ts', to: 'src/notify/events/project-event.ts' },
      { from: 'src/slack/features/lists/x.ts', to: 'src/slack/features/tasks/action-context.ts' },
      { from: 'src/ops/metrics.ts', to: 'src/slack/receiver/socket-mode-acks.ts' },
    );
    for (const edge of wrong) expect(wrongWay([edge])).toHaveLength(1);
    expect(
      wrongWay([{ from: 'src/slack/features/tasks/list-command.ts', to: 'src/slack/features/tasks/x.ts' }]),
    ).toEqual([]);
    expect(wrongWay([{ from: 'src/local/local-system.ts', to: 'src/slack-emulator/index.ts' }])).toEqual([]);
    expect(
      wrongWay([
        { from: 'src/notify/notifications.ts', to: 'src/lib/post-queue.ts' },
        { from: 'src/notify/thread-poster.ts', to: 'src/store/types.ts' },
        { from: 'src/notify/events/webhook-body.ts', to: 'node_modules/zod' },
        { from: 'src/store/repositories/connections.ts', to: 'src/contract/index.ts' },
        { from: 'src/store/repositories/installation-store.ts', to: 'node_modules/@slack/bolt' },
        { from: 'src/slack/ui/notifications/notify-messages.ts', to: 'src/notify/messages.ts' },
      ]),
    ).toEqual([]);
    expect(wrongWay([{ from: 'src/slack/ui/limits.ts', to: 'src/slack-emulator/index.ts' }])).toHaveLength(1);
    expect(wrongWay([{ from: 'src/slack/ui/limits.ts', to: 'src/slack-emulator/index.ts' }])).toHaveLength(1);
    expect(wrongWay([{ from: 'src/slack/features/tasks/routes.ts', to: 'src/slack/kit/routes.ts' }])).toEqual(
      [],
    );
  });

  it('has no wrong-way import under src/', () => {
    expect(wrongWay(edges)).toEqual([]);
  });
});
