/**
 * The control routes for webhooks: register, list and remove addresses, read the deliveries, and
 * make an automation fail (the sandbox runs no automation that can). Served with the other control
 * routes only; the service's spec shows no registration endpoint, so the API has none.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { SandboxDb } from '../db/sandbox-db.ts';
import type { WebhookDispatcher } from '../webhooks/dispatcher.ts';
import { addWebhook, listDeliveries, listWebhooks, removeWebhook } from '../webhooks/webhook-store.ts';
import { notFound, validationFailed } from './api-error.ts';
import { parseInput } from './validation.ts';

const AddWebhookBody = z.object({
  url: z.string().min(1).max(2000),
  secret: z.string().max(220).optional(),
});
const FailAutomationBody = z.object({ error: z.string().max(500).optional() });

export function registerWebhookControlRoutes(
  app: FastifyInstance,
  deps: { db: SandboxDb; now: () => Date; webhooks: WebhookDispatcher },
): void {
  app.post('/__control/webhooks', (request, reply) => {
    const body = parseInput(AddWebhookBody, request.body ?? {}, 'body');
    try {
      return reply.code(201).send({ data: addWebhook(deps.db, { ...body, now: deps.now() }) });
    } catch (err) {
      throw validationFailed({ url: [(err as Error).message] });
    }
  });
  app.get('/__control/webhooks', (_request, reply) => reply.send({ data: listWebhooks(deps.db) }));
  app.delete('/__control/webhooks/:id', (request, reply) => {
    const { id } = request.params as { id: string };
    if (!removeWebhook(deps.db, id)) throw notFound('Webhook', id.slice(0, 40));
    return reply.code(204).send();
  });
  app.get('/__control/webhooks/deliveries', (_request, reply) =>
    reply.send({ data: listDeliveries(deps.db) }),
  );
  app.post('/__control/automations/:id/fail', (request, reply) => {
    const { id } = request.params as { id: string };
    const automation = /^\d{1,15}$/.test(id)
      ? deps.db.get<{ id: number; name: string; project_id: number }>(
          'SELECT id, name, project_id FROM automations WHERE id = ?',
          [Number(id)],
        )
      : undefined;
    if (!automation) throw notFound('Automation', id.slice(0, 40));
    const body = parseInput(FailAutomationBody, request.body ?? {}, 'body');
    deps.webhooks.publish([
      {
        event: 'automation.failed',
        data: { ...automation, error: body.error ?? 'The automation could not run.' },
      },
    ]);
    return reply.code(202).send({ data: automation });
  });
}
