import { existsSync, readFileSync } from 'node:fs';
import { getHeapSpaceStatistics } from 'node:v8';

/*
 * Where a process's memory is, for the mirror bench's breakdown (issue 43): V8's heap (what it
 * has taken from the system and what is live in it, the young generation apart), the array
 * buffers behind typed arrays, and Linux's own view of the resident pages: anonymous (heap,
 * malloc, V8) against file-backed (the node binary's code, shared libraries, native addons,
 * SQLite pages if it mapped the file) and the part of the anonymous pages that is glibc's main
 * malloc arena ([heap] in /proc/self/smaps). Linux only for the last two; elsewhere null.
 */

export interface MemoryBreakdown {
  rssMb: number;
  heapTotalMb: number;
  heapUsedMb: number;
  /** V8's young generation: committed / in use. It grows under allocation and is slow to shrink. */
  newSpaceMb: number;
  newSpaceUsedMb: number;
  arrayBuffersMb: number;
  /** From /proc/self/status. */
  rssAnonMb: number | null;
  rssFileMb: number | null;
  /** Resident pages of glibc's main arena (`[heap]`), part of rssAnon. */
  brkHeapMb: number | null;
}

const mb = (bytes: number) => Number((bytes / 1024 / 1024).toFixed(1));

export function processMemory(): MemoryBreakdown {
  const usage = process.memoryUsage();
  const young = getHeapSpaceStatistics().find((s) => s.space_name === 'new_space');
  const linux = existsSync('/proc/self/status');
  const status = linux ? readFileSync('/proc/self/status', 'utf8') : '';
  const kb = (key: string) => {
    const m = new RegExp(`^${key}:\\s+(\\d+) kB`, 'm').exec(status);
    return m ? mb(Number(m[1]) * 1024) : null;
  };
  let brk: number | null = null;
  if (linux && existsSync('/proc/self/smaps')) {
    const smaps = readFileSync('/proc/self/smaps', 'utf8');
    const at = smaps.indexOf('[heap]\n');
    const rss = at >= 0 ? /\nRss:\s+(\d+) kB/.exec(smaps.slice(at, at + 400)) : null;
    brk = rss ? mb(Number(rss[1]) * 1024) : 0;
  }
  return {
    rssMb: mb(usage.rss),
    heapTotalMb: mb(usage.heapTotal),
    heapUsedMb: mb(usage.heapUsed),
    newSpaceMb: mb(young?.space_size ?? 0),
    newSpaceUsedMb: mb(young?.space_used_size ?? 0),
    arrayBuffersMb: mb(usage.arrayBuffers),
    rssAnonMb: kb('RssAnon'),
    rssFileMb: kb('RssFile'),
    brkHeapMb: brk,
  };
}

/** One line of it, for the bench's table. */
export function memoryText(m: MemoryBreakdown): string {
  const linux = m.rssAnonMb === null ? '' : `; resident: anonymous ${m.rssAnonMb} (of which malloc's main arena ${m.brkHeapMb}), file-backed ${m.rssFileMb}`;
  return `V8 heap ${m.heapTotalMb} taken / ${m.heapUsedMb} live (young generation ${m.newSpaceMb} / ${m.newSpaceUsedMb}); typed arrays ${m.arrayBuffersMb}${linux}`;
}
