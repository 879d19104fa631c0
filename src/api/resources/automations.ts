/** Automations (spec Part 4, "Automations"). */
import type { CreateAutomationBody, ListAutomationsQuery } from '../../contract/index.ts';
import type { CallOptions } from '../paginate.ts';
import { AutomationRecordSchema } from '../schemas/records.ts';
import { listMethod, pageOf, type ResourceContext, recordOf } from './support.ts';

export function createAutomationsResource(ctx: ResourceContext) {
  return {
    list: listMethod((query: ListAutomationsQuery, options?: CallOptions) =>
      ctx.call({ endpoint: 'automations.list', query, read: pageOf(AutomationRecordSchema), options }),
    ),

    create: (body: CreateAutomationBody, options?: CallOptions) =>
      ctx.call({ endpoint: 'automations.create', body, read: recordOf(AutomationRecordSchema), options }),

    /**
     * Sets the automation on or off (`isActive`), or flips it when left out. Answers the
     * automation as the service reports it: read `is_active` from it, never assume the flip.
     * Only a call that names the state is retried after an ambiguous failure: a bare flip could
     * flip back.
     */
    toggle: (id: number, isActive?: boolean, options?: CallOptions) =>
      ctx.call({
        endpoint: 'automations.toggle',
        params: { id },
        body: isActive === undefined ? undefined : { is_active: isActive },
        setsState: isActive !== undefined,
        read: recordOf(AutomationRecordSchema),
        options,
      }),
  };
}

export type AutomationsResource = ReturnType<typeof createAutomationsResource>;
