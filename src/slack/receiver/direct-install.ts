/**
 * Installs started outside the app's own install page (an org admin approving the app on Slack's
 * admin pages, or the App Directory) come back to the redirect URL with a code and no `state`
 * (docs.slack.dev/enterprise-grid; Bolt's `installerOptions.stateVerification`). Those are
 * accepted; a callback that carries a state is still checked against the browser's cookie, so the
 * CSRF protection of the app's own install flow stays.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';

/** What is used of Bolt's installer (`@slack/oauth`'s InstallProvider). */
interface Installer {
  handleCallback(req: IncomingMessage, res: ServerResponse, ...rest: unknown[]): Promise<void>;
}

export function acceptInstallsWithoutState(installer: Installer | undefined): void {
  if (!installer) return;
  const flags = installer as unknown as { stateVerification: boolean };
  const handle = installer.handleCallback.bind(installer);
  installer.handleCallback = (req, res, ...rest) => {
    const query = new URL(req.url ?? '/', 'http://app.invalid').searchParams;
    if (!query.get('code') || query.get('state') !== null) return handle(req, res, ...rest);
    // The installer reads the flag only before its first await, so no other callback sees it off.
    flags.stateVerification = false;
    try {
      return handle(req, res, ...rest);
    } finally {
      flags.stateVerification = true;
    }
  };
}
