/**
 * How soon Socket Mode reconnects. `@slack/socket-mode` waits `clientPingTimeout` × the failures in
 * a row before each attempt: with the longer ping timeout Slack's recycling calls for (15 s), every
 * `disconnect` (`refresh_requested`, `warning`, `link_disabled`) or dropped socket would leave the
 * app deaf for 15 s. Here the first attempt goes at once and later ones back off (0.5 s, 1 s, 2 s …
 * up to the ping timeout), so a recycled server costs a reconnect, not a silence, and a Slack that
 * refuses is not hammered.
 */

/** What is replaced of a `SocketModeClient` (its reconnect delay, a method the package keeps private). */
interface ReconnectingClient {
  numOfConsecutiveReconnectionFailures: number;
  reconnectionTimer: NodeJS.Timeout | undefined;
  shuttingDown: boolean;
  emit(event: string): boolean;
  delayReconnectAttempt(cb: () => Promise<unknown>): Promise<unknown>;
}

const FIRST_RETRY_MS = 500;

/** The wait before attempt n (1-based) after a connection was lost. */
export function reconnectDelayMs(attempt: number, maxMs: number): number {
  if (attempt <= 1) return 0;
  return Math.min(maxMs, FIRST_RETRY_MS * 2 ** (attempt - 2));
}

export function reconnectAtOnce(client: object, maxMs: number): void {
  const c = client as ReconnectingClient;
  if (typeof c.delayReconnectAttempt !== 'function') {
    throw new Error('@slack/socket-mode changed: its reconnect delay is not where it was');
  }
  c.delayReconnectAttempt = function (this: ReconnectingClient, cb) {
    this.numOfConsecutiveReconnectionFailures += 1;
    const wait = reconnectDelayMs(this.numOfConsecutiveReconnectionFailures, maxMs);
    return new Promise((resolve) => {
      // The package clears this handle with clearTimeout on shutdown, so it must be Node's own.
      // Real time: a socket-level wait of the client's own, not the app's.
      this.reconnectionTimer = setTimeout(() => {
        this.reconnectionTimer = undefined;
        if (this.shuttingDown) return resolve(undefined);
        this.emit('reconnecting');
        // Could not even ask for a URL (apps.connections.open failed): try again, later.
        cb.apply(this).then(resolve, () => resolve(this.delayReconnectAttempt(cb)));
      }, wait);
    });
  };
}
