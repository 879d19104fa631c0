import type { FastifyInstance } from 'fastify';
import type { FaultController } from './fault-controller.ts';
import { FaultOptionsSchema } from './fault-controller.ts';
import { parseInput } from './validation.ts';

export interface ControlDeps {
  faults: FaultController;
  /** Empties the database and seeds it again (same seed, same token). */
  reset(): void;
}

/**
 * Routes for driving the sandbox from outside its process (another test runner, a shell). Served
 * only when enabled: they need no token and would let anyone break or wipe the service.
 */
export function registerControlRoutes(app: FastifyInstance, deps: ControlDeps): void {
  app.post('/__control/faults', (request, reply) => {
    deps.faults.set(parseInput(FaultOptionsSchema, request.body ?? {}, 'body'));
    return reply.send({ data: deps.faults.current });
  });
  app.get('/__control/faults', (_request, reply) => reply.send({ data: deps.faults.current }));
  app.delete('/__control/faults', (_request, reply) => {
    deps.faults.clear();
    return reply.code(204).send();
  });
  app.post('/__control/reset', (_request, reply) => {
    deps.reset();
    return reply.code(204).send();
  });
}
