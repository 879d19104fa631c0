/**
 * `/task subscribe [#Project] [events] [filters]`, `/task unsubscribe [#Project]` and
 * `/task subscriptions`. Anyone in a channel may choose what it follows; the app must be in it.
 */
import type { SubscribeIntent, SubscriptionsIntent, UnsubscribeIntent } from '../../commands/intents.ts';
import { normaliseName } from '../../commands/tokens.ts';
import type { CommandContext } from '../../kit/command-context.ts';
import { projectForCommand } from '../../services/command-project.ts';
import { checkPostable } from '../../services/digest-channel.ts';
import { openSubscribeForm } from './open-subscribe-form.ts';
import { kindsOf, resolveFilters } from './subscription-input.ts';
import {
  notPostableForNotifications,
  notSubscribedText,
  subscribedMessage,
  subscriptionListMessage,
  unsubscribedMessage,
} from './subscription-messages.ts';

const ephemeral = (text: string) => ({ response_type: 'ephemeral' as const, text });

export async function subscribeHandler(ctx: CommandContext, intent: SubscribeIntent): Promise<void> {
  const { deps, teamId, channelId } = ctx;
  if (intent.form) {
    await openSubscribeForm(deps, ctx.client, { ...ctx, projectId: null });
    return;
  }
  const postable = await checkPostable(ctx.client, channelId);
  if (!postable.ok) {
    await ctx.respond(ephemeral(notPostableForNotifications(channelId, postable.reason)));
    return;
  }
  const api = await ctx.api();
  const project = await projectForCommand(ctx, api, intent.project, 'subscribe');
  if (!project) return;
  const resolved = await resolveFilters(intent.filters, { ...ctx, api, projectId: project.id });
  if ('problem' in resolved) {
    await ctx.respond(ephemeral(resolved.problem));
    return;
  }
  const before = await deps.notifications.subscriptions.get(teamId, channelId, project.id);
  const sub = await deps.notifications.subscriptions.save(teamId, {
    channelId,
    projectId: project.id,
    projectName: project.name,
    events: kindsOf(intent.events),
    filters: resolved.filters,
    broadcast: intent.broadcast,
    createdBy: ctx.userId,
  });
  deps.logger.info({ teamId, channelId, projectId: project.id }, 'channel subscribed');
  await ctx.respond({ response_type: 'ephemeral', ...subscribedMessage(sub, before !== undefined) });
}

export async function unsubscribeHandler(ctx: CommandContext, intent: UnsubscribeIntent): Promise<void> {
  const { deps, teamId, channelId } = ctx;
  const subs = await deps.notifications.subscriptions.listByChannel(teamId, channelId);
  if (!intent.project) {
    if (subs.length > 1) {
      // Several: which one is the person's choice, made with the list's Remove buttons.
      await ctx.respond({ response_type: 'ephemeral', ...subscriptionListMessage(channelId, subs) });
      return;
    }
    const [only] = subs;
    if (only) await deps.notifications.subscriptions.remove(teamId, channelId, only.projectId);
    await ctx.respond({
      response_type: 'ephemeral',
      ...unsubscribedMessage(channelId, only ? [only.projectName] : []),
    });
    return;
  }
  // A followed project is found by its name here, even when the service no longer lists it.
  const name = intent.project.kind === 'name' ? normaliseName(intent.project.name) : null;
  let target = name ? subs.find((s) => normaliseName(s.projectName) === name) : undefined;
  if (!target) {
    const project = await projectForCommand(ctx, await ctx.api(), intent.project, 'unsubscribe');
    if (!project) return;
    target = subs.find((s) => s.projectId === project.id);
    if (!target) {
      await ctx.respond(ephemeral(notSubscribedText(channelId, project.name)));
      return;
    }
  }
  await deps.notifications.subscriptions.remove(teamId, channelId, target.projectId);
  deps.logger.info({ teamId, channelId, projectId: target.projectId }, 'channel unsubscribed');
  await ctx.respond({ response_type: 'ephemeral', ...unsubscribedMessage(channelId, [target.projectName]) });
}

export async function subscriptionsHandler(ctx: CommandContext, _intent: SubscriptionsIntent): Promise<void> {
  const subs = await ctx.deps.notifications.subscriptions.listByChannel(ctx.teamId, ctx.channelId);
  await ctx.respond({ response_type: 'ephemeral', ...subscriptionListMessage(ctx.channelId, subs) });
}
