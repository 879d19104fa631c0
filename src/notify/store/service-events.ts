/**
 * Each workspace's service-events settings: the opaque path its webhook endpoint answers on (made
 * once, on first need) and the signing secret the service gave for it, sealed like tokens. With no
 * secret saved the workspace has no webhooks, and the polling fallback covers it.
 */
import { randomBytes } from 'node:crypto';
import { type Clock, systemClock } from '../../lib/clock.ts';
import type { Cipher } from '../../store/cipher.ts';
import { checkPathKey, storeKeys } from '../../store/keys.ts';
import type { Store } from '../../store/types.ts';

interface StoredSettings {
  pathKey: string;
  sealedSecret: string | null;
  /** ISO 8601: when the secret was saved. */
  secretSavedAt: string | null;
  /** ISO 8601: the last delivery accepted (shown in App Home). */
  lastDeliveryAt: string | null;
}

/** What may be shown: no secret. */
interface ServiceEventsSummary {
  pathKey: string;
  hasSecret: boolean;
  secretSavedAt: string | null;
  lastDeliveryAt: string | null;
}

export interface ServiceEventsSettings {
  /** The workspace's settings, making its path key the first time. */
  ensure(teamId: string): Promise<ServiceEventsSummary>;
  describe(teamId: string): Promise<ServiceEventsSummary | undefined>;
  /** Which workspace a path key belongs to. */
  teamOf(pathKey: string): Promise<string | undefined>;
  /** The signing secret, decrypted, for verifying only. */
  secretOf(teamId: string): Promise<string | undefined>;
  saveSecret(teamId: string, secret: string): Promise<ServiceEventsSummary>;
  /** Forgets the secret: the workspace goes back to polling. */
  clearSecret(teamId: string): Promise<void>;
  markDelivery(teamId: string, at: Date): Promise<void>;
}

/**
 * A Standard Webhooks secret (`whsec_` + base64), or bare base64 as some services hand it out: at
 * least 16 bytes once decoded.
 */
export function checkWebhookSecret(value: string): string {
  const secret = value.trim();
  const body = secret.startsWith('whsec_') ? secret.slice('whsec_'.length) : secret;
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(body) || Buffer.from(body, 'base64').length < 16 || body.length > 400) {
    throw new TypeError(
      'The signing secret should look like whsec_ followed by base64 (as the service shows it).',
    );
  }
  return secret;
}

export function createServiceEventsSettings(
  store: Store,
  cipher: Cipher,
  options: { clock?: Clock } = {},
): ServiceEventsSettings {
  const clock = options.clock ?? systemClock;
  const now = () => clock.now();
  const summarize = (s: StoredSettings): ServiceEventsSummary => ({
    pathKey: s.pathKey,
    hasSecret: s.sealedSecret !== null,
    secretSavedAt: s.secretSavedAt,
    lastDeliveryAt: s.lastDeliveryAt,
  });
  const read = (teamId: string) => store.get<StoredSettings>(storeKeys.serviceEvents(teamId));
  const ensureStored = async (teamId: string): Promise<StoredSettings> => {
    const existing = await read(teamId);
    if (existing) return existing;
    const created: StoredSettings = {
      pathKey: randomBytes(24).toString('base64url'),
      sealedSecret: null,
      secretSavedAt: null,
      lastDeliveryAt: null,
    };
    // Two instances making a key at once: the claim decides, the loser reads the winner's.
    if (!(await store.claim(`${storeKeys.serviceEvents(teamId)}:making`, 10_000))) {
      for (let i = 0; i < 20; i++) {
        const made = await read(teamId);
        if (made) return made;
        await clock.sleep(50);
      }
    }
    await store.set(storeKeys.serviceEventsPath(created.pathKey), { teamId });
    await store.set(storeKeys.serviceEvents(teamId), created);
    return created;
  };
  return {
    async ensure(teamId) {
      return summarize(await ensureStored(teamId));
    },
    async describe(teamId) {
      const stored = await read(teamId);
      return stored ? summarize(stored) : undefined;
    },
    async teamOf(pathKey) {
      let key: string;
      try {
        key = storeKeys.serviceEventsPath(checkPathKey(pathKey));
      } catch {
        return undefined;
      }
      const found = await store.get<{ teamId: string }>(key);
      if (!found) return undefined;
      // A key left behind by an uninstall (the team's settings gone, or a new key made) names nobody.
      const settings = await read(found.teamId);
      return settings?.pathKey === pathKey ? found.teamId : undefined;
    },
    async secretOf(teamId) {
      const stored = await read(teamId);
      if (!stored?.sealedSecret) return undefined;
      return cipher.decrypt(stored.sealedSecret, storeKeys.serviceEvents(teamId));
    },
    async saveSecret(teamId, secret) {
      const stored = await ensureStored(teamId);
      const next: StoredSettings = {
        ...stored,
        sealedSecret: cipher.encrypt(checkWebhookSecret(secret), storeKeys.serviceEvents(teamId)),
        secretSavedAt: now().toISOString(),
      };
      await store.set(storeKeys.serviceEvents(teamId), next);
      return summarize(next);
    },
    async clearSecret(teamId) {
      const stored = await read(teamId);
      if (!stored) return;
      await store.set(storeKeys.serviceEvents(teamId), {
        ...stored,
        sealedSecret: null,
        secretSavedAt: null,
      });
    },
    async markDelivery(teamId, at) {
      const stored = await read(teamId);
      if (!stored) return;
      await store.set(storeKeys.serviceEvents(teamId), { ...stored, lastDeliveryAt: at.toISOString() });
    },
  };
}
