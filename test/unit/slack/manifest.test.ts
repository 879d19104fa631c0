/** manifest.yml and the app's listeners agree: nothing Slack can send goes unanswered, nothing routed is unreachable. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { BOT_SCOPES } from '../../../src/create-app.ts';
import {
  COMMAND_ROUTES,
  EVENT_ROUTES,
  FUNCTION_ROUTES,
  SHORTCUT_ROUTES,
} from '../../../src/slack/router/index.ts';

interface Manifest {
  display_information: { name: string; description: string };
  features: {
    app_home: { messages_tab_enabled: boolean; messages_tab_read_only_enabled: boolean };
    slash_commands: Array<{ command: string; should_escape: boolean }>;
    shortcuts: Array<{ callback_id: string; type: string; description: string }>;
  };
  oauth_config: { scopes: { bot: string[] } };
  functions?: Record<string, { title: string; input_parameters: unknown; output_parameters: unknown }>;
  settings: {
    event_subscriptions: { bot_events: string[] };
    interactivity: { is_enabled: boolean; message_menu_options_url?: string };
    org_deploy_enabled: boolean;
    token_rotation_enabled: boolean;
  };
}

const manifest = parse(readFileSync(new URL('../../../manifest.yml', import.meta.url), 'utf8')) as Manifest;
const sorted = (xs: Iterable<string>) => [...xs].sort();

describe('manifest.yml', () => {
  it('is org-ready, and documents the token rotation switch beside it', () => {
    expect(manifest.settings.org_deploy_enabled).toBe(true);
    expect(typeof manifest.settings.token_rotation_enabled).toBe('boolean');
    const text = readFileSync(new URL('../../../manifest.yml', import.meta.url), 'utf8');
    const above = text.slice(0, text.indexOf('token_rotation_enabled:')).split('\n').slice(-4).join('\n');
    expect(above).toMatch(/# Token rotation:.*refresh/s);
    expect(above).toContain('docs/deploy.md');
  });

  it('has a listener for every command, and every command listener is in the manifest', () => {
    expect(sorted(manifest.features.slash_commands.map((c) => c.command))).toEqual(
      sorted(COMMAND_ROUTES.keys()),
    );
    expect(manifest.features.slash_commands.every((c) => c.should_escape)).toBe(true);
  });

  it('has a listener for every shortcut, and every shortcut listener is in the manifest', () => {
    expect(sorted(manifest.features.shortcuts.map((s) => s.callback_id))).toEqual(
      sorted(SHORTCUT_ROUTES.keys()),
    );
  });

  it('subscribes to exactly the events the app handles', () => {
    // Bolt's app.function hears function_executed for the steps the router registers.
    const functionEvents = FUNCTION_ROUTES.size > 0 ? ['function_executed'] : [];
    expect(sorted(manifest.settings.event_subscriptions.bot_events)).toEqual(
      sorted([...EVENT_ROUTES.keys(), ...functionEvents]),
    );
  });

  it('declares exactly the workflow steps the app runs, each with typed inputs and outputs', () => {
    expect(sorted(Object.keys(manifest.functions ?? {}))).toEqual(sorted(FUNCTION_ROUTES.keys()));
    for (const f of Object.values(manifest.functions ?? {})) {
      expect(f.title.length).toBeGreaterThan(0);
      expect(f.input_parameters).toHaveProperty('properties');
      expect(f.output_parameters).toHaveProperty('properties');
    }
  });

  it('asks at install for the scopes it declares, and has an options URL for external selects', () => {
    expect(sorted(manifest.oauth_config.scopes.bot)).toEqual(sorted(BOT_SCOPES));
    expect(manifest.settings.interactivity.is_enabled).toBe(true);
    expect(manifest.settings.interactivity.message_menu_options_url).toMatch(/^https:\/\//);
  });

  it('asks for the scope each conversation event needs, and opens the Messages tab to typing', () => {
    const needs: Record<string, string> = { app_mention: 'app_mentions:read', 'message.im': 'im:history' };
    for (const [event, scope] of Object.entries(needs)) {
      expect(manifest.settings.event_subscriptions.bot_events).toContain(event);
      expect(manifest.oauth_config.scopes.bot).toContain(scope);
    }
    // A thread's first message and people are read with conversations.replies.
    expect(manifest.oauth_config.scopes.bot).toEqual(
      expect.arrayContaining(['channels:history', 'groups:history']),
    );
    expect(manifest.features.app_home.messages_tab_enabled).toBe(true);
    expect(manifest.features.app_home.messages_tab_read_only_enabled).toBe(false);
  });

  it('asks for users:read, which the profile events and the directory read need', () => {
    for (const event of ['user_change', 'team_join']) {
      expect(manifest.settings.event_subscriptions.bot_events).toContain(event);
    }
    expect(manifest.oauth_config.scopes.bot).toContain('users:read');
  });

  it('gives each conversation scope and event its reason, in the comment just above it', () => {
    const lines = readFileSync(new URL('../../../manifest.yml', import.meta.url), 'utf8').split('\n');
    for (const item of [
      'app_mentions:read',
      'im:history',
      'app_mention',
      'message.im',
      'entity_details_requested',
      'function_executed',
      'user_change',
      'team_join',
    ]) {
      const at = lines.findIndex((line) => line.trim() === `- ${item}`);
      expect(at, `${item} is in the manifest`).toBeGreaterThan(0);
      expect(lines[at - 1]!.trim(), `${item} has its reason`).toMatch(/^# \S/);
    }
  });

  it('stays within Slack limits for names and descriptions', () => {
    expect(manifest.display_information.name.length).toBeLessThanOrEqual(35);
    expect(manifest.display_information.description.length).toBeLessThanOrEqual(140);
    expect(manifest.features.shortcuts.length).toBeLessThanOrEqual(10);
    for (const s of manifest.features.shortcuts) expect(s.description.length).toBeLessThanOrEqual(150);
  });
});
