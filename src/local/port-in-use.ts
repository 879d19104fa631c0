/**
 * A port already taken, said with the setting that moves it: `EADDRINUSE` alone does not tell a
 * person that `PORT` or `SANDBOX_PORT` is the thing to change.
 */
export class PortInUseError extends Error {
  override name = 'PortInUseError';
  readonly setting: string;
  readonly port: number;

  constructor(setting: string, port: number, what: string) {
    super(
      `port ${port} (${what}) is already in use, perhaps by another Taskbridge. Set ${setting} to a free port (0 picks one), e.g. \`${setting}=${port + 1} npm start\`.`,
    );
    this.setting = setting;
    this.port = port;
  }
}

/** The work's result, or a PortInUseError naming `setting` when its port is taken. */
export async function namingThePort<T>(
  work: Promise<T>,
  setting: string,
  port: number,
  what: string,
): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if ((error as NodeJS.ErrnoException | undefined)?.code === 'EADDRINUSE') {
      throw new PortInUseError(setting, port, what);
    }
    throw error;
  }
}
