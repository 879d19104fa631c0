/**
 * `npm run sandbox`: starts the sandbox on a fixed port with a file database and prints where it is
 * and a token; `npm run sandbox -- token --member 2` mints another token. Flags: see cli-args.ts.
 */
import { RATE_LIMITS } from '../contract/index.ts';
import { CliError, parseCliArgs, USAGE } from './cli-args.ts';
import { SandboxDb } from './db/sandbox-db.ts';
import { createSandbox } from './index.ts';
import { createToken } from './store/tokens.ts';
import { addWebhook, listWebhooks, removeWebhook } from './webhooks/webhook-store.ts';

/** An exit code, or 'serving' while the server runs (it stops on SIGINT/SIGTERM). */
async function main(): Promise<number | 'serving'> {
  let command: ReturnType<typeof parseCliArgs>;
  try {
    command = parseCliArgs(process.argv.slice(2), process.env, RATE_LIMITS);
  } catch (err) {
    if (!(err instanceof CliError)) throw err;
    process.stderr.write(`sandbox: ${err.message}\n\n${USAGE}\n`);
    return 2;
  }

  if (command.kind === 'help') {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }

  if (command.kind === 'token') {
    const db = new SandboxDb(command.dbPath);
    try {
      if (db.isEmpty()) {
        process.stderr.write(
          `sandbox: ${command.dbPath} holds no workspace yet; start the sandbox once first\n`,
        );
        return 1;
      }
      process.stdout.write(`${createToken(db, command.memberId, { name: command.name, now: new Date() })}\n`);
      return 0;
    } catch (err) {
      process.stderr.write(`sandbox: ${(err as Error).message}\n`);
      return 1;
    } finally {
      db.close();
    }
  }

  if (command.kind === 'webhooks') {
    // The running server reads registrations from the same file at each event.
    const db = new SandboxDb(command.dbPath);
    try {
      if (command.action === 'add') {
        const hook = addWebhook(db, { url: command.url, secret: command.secret, now: new Date() });
        process.stdout.write(`${hook.id}\t${hook.url}\nsecret ${hook.secret}\n`);
      } else if (command.action === 'list') {
        for (const hook of listWebhooks(db))
          process.stdout.write(`${hook.id}\t${hook.url}\t${hook.created_at}\n`);
      } else if (!removeWebhook(db, command.id)) {
        process.stderr.write(`sandbox: no webhook ${command.id}\n`);
        return 1;
      }
      return 0;
    } catch (err) {
      process.stderr.write(`sandbox: ${(err as Error).message}\n`);
      return 1;
    } finally {
      db.close();
    }
  }

  if (command.reset) {
    const db = new SandboxDb(command.dbPath);
    db.clear();
    db.close();
  }
  let sandbox: Awaited<ReturnType<typeof createSandbox>>;
  try {
    sandbox = await createSandbox({
      port: command.port,
      host: command.host,
      dbPath: command.dbPath,
      seed: command.seed,
      token: command.token,
      rateLimits: command.rateLimits,
      faults: command.faults,
      control: command.control,
      profile: command.profile,
      pagingIgnored: command.pagingIgnored,
    });
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === 'EADDRINUSE') {
      process.stderr.write(
        `sandbox: port ${command.port} is in use; choose another with --port or SANDBOX_PORT\n`,
      );
      return 1;
    }
    process.stderr.write(`sandbox: could not start: ${(err as Error).message}\n`);
    return 1;
  }

  const limits = command.rateLimits
    ? `${command.rateLimits.general}/${command.rateLimits.search}/${command.rateLimits.upload} per minute`
    : 'off';
  process.stdout.write(
    [
      'Work-management API sandbox',
      `  base URL  ${sandbox.url}`,
      `  token     ${sandbox.token}`,
      `  database  ${command.dbPath}`,
      `  OpenAPI   ${sandbox.url}/openapi.json`,
      `  limits    ${limits} (general/search/upload)`,
      `  profile   ${command.profile}${command.pagingIgnored ? ' (page ignored)' : ''}`,
      command.control ? `  control   ${sandbox.url.replace(/\/api$/, '')}/__control` : '',
      `  try       curl -H "Authorization: Bearer ${sandbox.token}" ${sandbox.url}/projects`,
      '',
    ]
      .filter((line, i, all) => line !== '' || i === all.length - 1)
      .join('\n'),
  );

  const stop = () => {
    void sandbox.close().then(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  return 'serving';
}

main().then(
  (code) => {
    if (code !== 'serving') process.exitCode = code;
  },
  (err: unknown) => {
    process.stderr.write(`sandbox: ${(err as Error).stack ?? String(err)}\n`);
    process.exitCode = 1;
  },
);
