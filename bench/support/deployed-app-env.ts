/**
 * The environment a bench starts the app with: as an operator deploys it (production HTTP mode,
 * limits on, logger at info, a SQLite file store), pointed at the bench's emulator and at the
 * recording proxy in front of its sandbox (the only service host the app may reach).
 */
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { SlackEmulator } from '../../src/slack-emulator/index.ts';
import { type AppProcess, type AppProcessOptions, startAppProcess } from '../../test/support/app-process.ts';

export interface DeployedAppSettings {
  emulator: Pick<SlackEmulator, 'botToken' | 'url'>;
  signingSecret: string;
  /** The recording proxy's URL, standing for the service. */
  serviceUrl: string;
  serviceToken: string;
  storeUrl: string;
  encryptionKey: string;
  /** Default '0' (any free port). */
  port?: string;
  /** Turns /metrics on, as a deployment that scrapes it would. */
  metricsToken?: string;
}

function deployedAppEnv(s: DeployedAppSettings): Record<string, string> {
  return {
    SLACK_BOT_TOKEN: s.emulator.botToken,
    SLACK_SIGNING_SECRET: s.signingSecret,
    SLACK_API_URL: s.emulator.url,
    WORK_API_URL: s.serviceUrl,
    WORK_API_TOKEN: s.serviceToken,
    WORK_API_ALLOWED_HOSTS: new URL(s.serviceUrl).host,
    STORE_URL: s.storeUrl,
    ENCRYPTION_KEY: s.encryptionKey,
    ...(s.metricsToken ? { METRICS_TOKEN: s.metricsToken } : {}),
    PORT: s.port ?? '0',
    LOG_LEVEL: 'info',
  };
}

let warmed = false;

/**
 * The app started as `npm start` starts it: the compile cache warmed first (once per bench), then
 * the app's process with the deployed environment. `options.entry` (another checkout's app) is
 * started as it is: its own cache is that checkout's to warm.
 */
export function startDeployedApp(
  name: string,
  settings: DeployedAppSettings,
  options: AppProcessOptions = {},
): Promise<AppProcess> {
  if (!options.entry) warmCompileCache();
  return startAppProcess(name, deployedAppEnv(settings), 60_000, options);
}

/**
 * What `npm start`'s prestart does before the app starts: fills the compile cache with every module
 * (src/warm-compile-cache.ts), so the app's process never loads Node's TypeScript stripper. A bench
 * that reads the app's memory runs it first, or a changed source would show the stripper's 15 MB.
 */
export function warmCompileCache(): void {
  if (warmed) return;
  warmed = true;
  execFileSync(
    process.execPath,
    [fileURLToPath(new URL('../../src/warm-compile-cache.ts', import.meta.url))],
    {
      stdio: 'ignore',
    },
  );
}
