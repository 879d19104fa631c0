/** A person's direct-message notifications (assigned to them, due tomorrow), each on unless switched off. */
import { storeKeys } from '../../store/keys.ts';
import type { Store } from '../../store/types.ts';

export interface NotifyPrefs {
  assigned: boolean;
  dueTomorrow: boolean;
}

const DEFAULT_NOTIFY_PREFS: NotifyPrefs = { assigned: true, dueTomorrow: true };

export interface NotifyPrefsRepo {
  get(teamId: string, userId: string): Promise<NotifyPrefs>;
  set(teamId: string, userId: string, change: Partial<NotifyPrefs>): Promise<NotifyPrefs>;
}

export function createNotifyPrefs(store: Store): NotifyPrefsRepo {
  const get = async (teamId: string, userId: string): Promise<NotifyPrefs> => ({
    ...DEFAULT_NOTIFY_PREFS,
    ...(await store.get<Partial<NotifyPrefs>>(storeKeys.notifyPrefs(teamId, userId))),
  });
  return {
    get,
    async set(teamId, userId, change) {
      const next = { ...(await get(teamId, userId)) };
      if (typeof change.assigned === 'boolean') next.assigned = change.assigned;
      if (typeof change.dueTomorrow === 'boolean') next.dueTomorrow = change.dueTomorrow;
      await store.set(storeKeys.notifyPrefs(teamId, userId), next);
      return next;
    },
  };
}
