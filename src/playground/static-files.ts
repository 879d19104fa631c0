/**
 * The page's files: its own ES modules and CSS from web/, and the few browser builds it imports
 * from node_modules (named here, nothing else under node_modules is served), and its icon at
 * /favicon.ico. No build step.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';

const WEB_DIR = join(dirname(fileURLToPath(import.meta.url)), 'web');
const require = createRequire(import.meta.url);

/** URL under /vendor/ → the package file it serves (ES module builds). */
const VENDOR: Record<string, string> = {
  'preact.mjs': 'preact/dist/preact.mjs',
  'hooks.mjs': 'preact/hooks/dist/hooks.mjs',
  'htm.mjs': 'htm/dist/htm.mjs',
};

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
};

interface StaticFile {
  body: Buffer;
  type: string;
}

/** The file for a GET path, or undefined when there is none. */
export async function staticFile(path: string): Promise<StaticFile | undefined> {
  if (path === '/' || path === '/index.html') return read(join(WEB_DIR, 'index.html'));
  // Browsers ask for /favicon.ico whatever the page links: the same SVG icon answers it.
  if (path === '/favicon.ico') return read(join(WEB_DIR, 'favicon.svg'));
  if (path.startsWith('/vendor/')) {
    const target = VENDOR[path.slice('/vendor/'.length)];
    return target ? read(resolvePackageFile(target)) : undefined;
  }
  if (path.startsWith('/web/')) {
    const relative = normalize(path.slice('/web/'.length));
    if (relative.startsWith('..') || relative.includes('\0')) return undefined;
    return read(join(WEB_DIR, relative));
  }
  return undefined;
}

/** A file of an installed package, found from its entry point (some packages export no package.json). */
function resolvePackageFile(target: string): string {
  const [name, ...rest] = target.split('/') as [string, ...string[]];
  const entry = require.resolve(name);
  const marker = `node_modules/${name}/`;
  const root = entry.slice(0, entry.lastIndexOf(marker) + marker.length);
  return join(root, ...rest);
}

async function read(file: string): Promise<StaticFile | undefined> {
  try {
    return { body: await readFile(file), type: TYPES[extname(file)] ?? 'application/octet-stream' };
  } catch {
    return undefined;
  }
}
