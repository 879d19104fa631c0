/**
 * External programs some tests need (redis-server, chromium). Where a tool is missing the tests
 * that need it skip with a word on a developer's machine, but under `CI=true` they run and fail:
 * CI installs every tool, so a missing one there is a broken set-up, never a reason to pass.
 */
import { execFileSync } from 'node:child_process';

/** The tool's path on PATH, or undefined when it is not installed. */
export function findTool(name: string): string | undefined {
  try {
    return execFileSync('sh', ['-c', `command -v ${name}`], { encoding: 'utf8' }).trim() || undefined;
  } catch {
    return undefined;
  }
}

export interface RequiredTool {
  /** The tool's path, when installed. */
  path: string | undefined;
  /** True where the tests that need it must run: the tool is there, or this is CI. */
  mustRun: boolean;
  /** The tool's path, or an error saying how to install it (thrown inside the tests under CI). */
  require(): string;
}

export function requiredTool(name: string, install: string): RequiredTool {
  const path = findTool(name);
  const ci = process.env.CI === 'true';
  if (!path && !ci) console.warn(`Tests that need ${name} are skipped: it is not installed (${install}).`);
  return {
    path,
    mustRun: Boolean(path) || ci,
    require() {
      if (!path) throw new Error(`${name} is not installed, and CI needs it: ${install}`);
      return path;
    },
  };
}
