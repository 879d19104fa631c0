export const WEBHOOK_TRUST_MS = 10 * 60_000;
