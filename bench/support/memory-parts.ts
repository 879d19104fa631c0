/**
 * Where a process's RSS is, from `/proc/PID/smaps`: the Node binary's code and read-only data
 * (ICU's data apart, found by its symbol and read page by page from `/proc/PID/pagemap`), malloc's
 * heap, anonymous mappings (V8's heap, array buffers, thread stacks) and other files. For a bench
 * comparing two processes' memory part by part rather than as one number.
 */
import { execFileSync } from 'node:child_process';
import { closeSync, openSync, readFileSync, readSync } from 'node:fs';

export interface MemoryParts {
  binaryCodeMb: number;
  /** Undefined where the binary's ICU symbol cannot be read (no `nm`, a stripped binary). */
  icuDataMb: number | undefined;
  binaryOtherMb: number;
  mallocMb: number;
  anonymousMb: number;
  otherMb: number;
}

const PAGE = 4096;
const mb = (kb: number) => kb / 1024;

/** ICU's data inside the Node binary as [start, end) addresses, from its symbol; read once. */
let icuRange: [number, number] | null | undefined;
function icuDataRange(binary: string): [number, number] | null {
  if (icuRange !== undefined) return icuRange;
  icuRange = null;
  try {
    const symbols = execFileSync('nm', ['-S', '--defined-only', binary], {
      encoding: 'utf8',
      maxBuffer: 256 * 1024 * 1024,
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    const line = symbols.split('\n').find((l) => /\sicudt\d+_dat$/.test(l));
    const [address, size] = line?.split(/\s+/) ?? [];
    // Only meaningful for a binary loaded where it was linked (Node's official builds are not PIE).
    if (address && size)
      icuRange = [Number.parseInt(address, 16), Number.parseInt(address, 16) + Number.parseInt(size, 16)];
  } catch {
    // No nm here: the ICU share stays unknown.
  }
  return icuRange;
}

/** Resident bytes of [start, end) in pid's address space, by the pagemap's present bit. */
function residentMb(pid: number, [start, end]: [number, number]): number | undefined {
  let fd: number | undefined;
  try {
    fd = openSync(`/proc/${pid}/pagemap`, 'r');
    const first = Math.floor(start / PAGE);
    const pages = Math.ceil(end / PAGE) - first;
    const entries = Buffer.alloc(pages * 8);
    readSync(fd, entries, 0, entries.length, first * 8);
    let present = 0;
    for (let i = 0; i < pages; i++) if (entries.readBigUInt64LE(i * 8) >> 63n === 1n) present++;
    return (present * PAGE) / 1024 / 1024;
  } catch {
    return undefined;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

export function memoryParts(pid: number): MemoryParts {
  const parts = { binaryCodeKb: 0, binaryOtherKb: 0, mallocKb: 0, anonymousKb: 0, otherKb: 0 };
  let binary: string | undefined;
  let kind: keyof typeof parts = 'otherKb';
  for (const line of readFileSync(`/proc/${pid}/smaps`, 'utf8').split('\n')) {
    const mapping = /^[0-9a-f]+-[0-9a-f]+ (\S+) \S+ \S+ \S+\s*(.*)$/.exec(line);
    if (mapping) {
      const [, perms = '', name = ''] = mapping;
      binary ??= name.endsWith('/node') ? name : undefined;
      if (name !== '' && name === binary) kind = perms.includes('x') ? 'binaryCodeKb' : 'binaryOtherKb';
      else if (name === '[heap]') kind = 'mallocKb';
      else if (name === '') kind = 'anonymousKb';
      else kind = 'otherKb';
    } else if (line.startsWith('Rss:')) {
      parts[kind] += Number(line.split(/\s+/)[1]);
    }
  }
  const range = binary ? icuDataRange(binary) : null;
  const icuDataMb = range ? residentMb(pid, range) : undefined;
  return {
    binaryCodeMb: mb(parts.binaryCodeKb),
    icuDataMb,
    binaryOtherMb: mb(parts.binaryOtherKb) - (icuDataMb ?? 0),
    mallocMb: mb(parts.mallocKb),
    anonymousMb: mb(parts.anonymousKb),
    otherMb: mb(parts.otherKb),
  };
}

/** One line per part, each process's figure in the order given, for a bench's report. */
export function describeMemoryParts(processes: Array<[name: string, parts: MemoryParts]>): string[] {
  const row = (label: string, part: (p: MemoryParts) => number | undefined) =>
    `    ${label}: ${processes
      .map(([name, parts]) => {
        const value = part(parts);
        return `${name} ${value === undefined ? 'n/a' : value.toFixed(1)}`;
      })
      .join(', ')} MB`;
  return [
    row("Node binary's code", (p) => p.binaryCodeMb),
    row("ICU's data (in the binary)", (p) => p.icuDataMb),
    row("the binary's other read-only data", (p) => p.binaryOtherMb),
    row("anonymous (V8's heap, buffers, stacks)", (p) => p.anonymousMb),
    row('malloc', (p) => p.mallocMb),
    row('other files (libraries)', (p) => p.otherMb),
  ];
}
