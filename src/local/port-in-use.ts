/**
 * A port already taken, said with the setting that moves it: `EADDRINUSE` alone does not tell a
 * person that `PORT` or `SANDBOX_PORT` is the thing to change. The port it suggests is one found
 * free just now, on the same interface, not merely the next number (which may be taken too).
 */
import { createServer } from 'node:net';

/** How many ports after the taken one are tried for the suggestion. */
const CANDIDATES = 20;

export class PortInUseError extends Error {
  override name = 'PortInUseError';
  readonly setting: string;
  readonly port: number;
  /** A port that was free when the error was made, if one was found. */
  readonly free: number | undefined;

  constructor(setting: string, port: number, what: string, free?: number) {
    const example = free === undefined ? '' : `, e.g. \`${setting}=${free} npm start\``;
    super(
      `port ${port} (${what}) is already in use, perhaps by another Taskbridge. Set ${setting} to a free port (0 picks one)${example}.`,
    );
    this.setting = setting;
    this.port = port;
    this.free = free;
  }
}

/** The work's result, or a PortInUseError naming `setting` (and a free port) when its port is taken. */
export async function namingThePort<T>(
  work: Promise<T>,
  setting: string,
  port: number,
  what: string,
  host?: string,
): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if ((error as NodeJS.ErrnoException | undefined)?.code === 'EADDRINUSE') {
      throw new PortInUseError(setting, port, what, await freePortAfter(port, host));
    }
    throw error;
  }
}

/** The first port after `port` that can be listened on at `host` now (listened on briefly, then let go). */
async function freePortAfter(port: number, host?: string): Promise<number | undefined> {
  for (let candidate = port + 1; candidate <= Math.min(port + CANDIDATES, 65535); candidate++) {
    if (await canListen(candidate, host)) return candidate;
  }
  return undefined;
}

function canListen(port: number, host: string | undefined): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen({ port, ...(host ? { host } : {}), exclusive: true }, () => {
      probe.close(() => resolve(true));
    });
  });
}
