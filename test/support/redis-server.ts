/** A throwaway redis-server for the tests of the Redis engine, the shared limiter and claims. */
import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { requiredTool } from './required-tool.ts';

/** redis-server: tests that need it skip without it, except under CI, where they fail. */
export const redisTool = requiredTool('redis-server', 'apt-get install -y redis-server');

export interface RedisServer {
  url: string;
  port: number;
  stop(): Promise<void>;
}

export interface RedisServerOptions {
  /** This port (a restart on the same address); default a free one. */
  port?: number;
  /** Keep data in an append-only file in this folder, so a restart finds it; default no persistence. */
  dataDir?: string;
}

/** Starts a throwaway redis-server on a free loopback port, with no persistence unless asked. */
export async function startRedisServer(
  binary: string = redisTool.require(),
  options: RedisServerOptions = {},
): Promise<RedisServer> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const port = options.port ?? (await freePort());
    try {
      const child = await launch(binary, port, options.dataDir);
      return {
        url: `redis://127.0.0.1:${port}/0`,
        port,
        stop: () =>
          new Promise((resolve) => {
            if (child.exitCode !== null) return resolve();
            child.once('exit', () => resolve());
            child.kill('SIGTERM');
          }),
      };
    } catch (error) {
      // Another process took the port between probing and binding: try another.
      if (attempt === 4 || options.port !== undefined) throw error;
    }
  }
  throw new Error('unreachable');
}

function launch(binary: string, port: number, dataDir?: string): Promise<ChildProcess> {
  return new Promise((resolve, reject) => {
    const persistence = dataDir ? ['--dir', dataDir, '--appendonly', 'yes'] : ['--appendonly', 'no'];
    const child = spawn(
      binary,
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', ...persistence, '--loglevel', 'notice'],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let output = '';
    const onData = (chunk: Buffer): void => {
      output += chunk.toString();
      // The server says when it is ready: no polling needed.
      if (output.includes('Ready to accept connections')) {
        child.stdout?.off('data', onData);
        child.stdout?.resume();
        resolve(child);
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.resume();
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`redis-server exited with ${code}: ${output}`)));
  });
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}
