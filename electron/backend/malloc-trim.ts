import { createRequire } from 'node:module';

/*
 * Gives back to the OS what glibc's malloc keeps after the mirror's work (issue 43).
 *
 * Measured 2026-11-28 (plain Node 20, the backend bundled, 100,000 links, after the mirror
 * bench's queries): malloc's main arena held 44-75 MB resident for ~21 MB in use. glibc raises
 * its mmap threshold each time a large block that it had mapped is freed (the link index's
 * build frees many: grown token tables, chunks of token ids), up to 32 MB, and its trim
 * threshold with it (twice that), so later blocks come from the arena and what is freed at its
 * top stays there. `MALLOC_MMAP_THRESHOLD_` / `MALLOC_TRIM_THRESHOLD_` fix that but only in the
 * environment of the process's start (the arena then held ~22 MB), which the backend does not
 * choose: Electron's main process is started by the OS. `malloc_trim(0)` does the same at run
 * time: called once the backend has been quiet for QUIET_MS, it returned ~20 MB (RSS 151-153 →
 * 131-134 MB in the same measurement) and took a few milliseconds nobody waits for.
 *
 * Through koffi (a maintained FFI with prebuilt N-API binaries, which Electron loads without a
 * rebuild, as libsql): one C function does not justify a native addon of our own to build on
 * every platform. Linux with glibc only; elsewhere (macOS, Windows, musl) there is no such
 * function and this does nothing. In Electron's main process typed arrays come from Chromium's
 * PartitionAlloc (gin's ArrayBufferAllocator, set in electron/electron
 * shell/browser/javascript_environment.cc), not from malloc; SQLite's memory is malloc's there too.
 */

/** Quiet time after the last call that touched the mirror before the arena is trimmed. */
export const QUIET_MS = 1_000;

type Trim = () => number;
let trimFn: Trim | null | undefined;

/** glibc's malloc_trim, or null where there is none (loaded on first use). */
function loadTrim(): Trim | null {
  if (trimFn !== undefined) return trimFn;
  trimFn = null;
  if (process.platform !== 'linux') return trimFn;
  try {
    const koffi = createRequire(import.meta.url)('koffi') as {
      load(path: string): { func(signature: string): (pad: number) => number };
    };
    const trim = koffi.load('libc.so.6').func('int malloc_trim(size_t)');
    trimFn = () => trim(0);
  } catch {
    // Not glibc (musl has no malloc_trim), or koffi has no binary for this machine: keep going.
    trimFn = null;
  }
  return trimFn;
}

export interface TrimRecord {
  /** Whether glibc gave memory back (malloc_trim's answer). */
  released: boolean;
  ms: number;
}

let timer: ReturnType<typeof setTimeout> | null = null;
let waiting: Array<(record: TrimRecord | null) => void> = [];

/** Trims now; null where malloc_trim does not exist. */
export function trimMallocArena(): TrimRecord | null {
  const trim = loadTrim();
  if (!trim) return null;
  const start = performance.now();
  const released = trim() === 1;
  return { released, ms: performance.now() - start };
}

function fire(): void {
  timer = null;
  const record = trimMallocArena();
  const list = waiting;
  waiting = [];
  for (const done of list) done(record);
}

/**
 * The mirror did work that frees large blocks (a query, an index build): trim once the
 * backend has been quiet for QUIET_MS. Each call moves the trim later, so typing never meets it.
 */
export function trimWhenQuiet(): void {
  if (timer) clearTimeout(timer);
  timer = setTimeout(fire, QUIET_MS);
  // Nothing waits for it (unless nextQuietTrim is): it must not keep a finished process alive.
  if (waiting.length === 0) timer.unref?.();
}

/**
 * The record of the quiet trim that is due (null where there is no malloc_trim, or none is
 * due): for the benchmark, which measures the backend at rest after its queries.
 */
export function nextQuietTrim(): Promise<TrimRecord | null> {
  if (!timer) return Promise.resolve(null);
  // Someone waits for it now: it keeps the process alive until it has run.
  timer.ref?.();
  return new Promise((resolve) => waiting.push(resolve));
}
