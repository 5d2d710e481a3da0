import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { nextQuietTrim, trimWhenQuiet } from '../../../electron/backend/malloc-trim.js';
import { tempProfileData } from '../mirror/support/temp-mirror.js';

/*
 * The backend gives back what glibc's malloc keeps after large blocks are freed (issue 43).
 * In a fresh process: this file's own arena says nothing. The scene is the one measured with
 * the mirror: a large mapped block freed (glibc then raises its mmap threshold to its size and
 * its trim threshold to twice that), then ~30 MB of smaller blocks from the arena, freed too.
 */
const MODULE = pathToFileURL(resolve(import.meta.dirname, '../../../electron/backend/malloc-trim.ts')).href;
const glibc = process.platform === 'linux' && typeof (process.report?.getReport() as { header?: { glibcVersionRuntime?: string } } | undefined)?.header?.glibcVersionRuntime === 'string';

const arenaAfter = (trim: boolean): { freed: number; trimmed: number; record: unknown } => {
  const script = `
    import { readFileSync } from 'node:fs';
    import { trimMallocArena } from ${JSON.stringify(MODULE)};
    const arenaMb = () => {
      const smaps = readFileSync('/proc/self/smaps', 'utf8');
      const at = smaps.indexOf('[heap]\\n');
      return Number(/\\nRss:\\s+(\\d+) kB/.exec(smaps.slice(at, at + 400))[1]) / 1024;
    };
    // V8 frees array buffers' memory on a thread of its own after a GC: wait until it has.
    const released = async () => {
      for (;;) {
        gc();
        if (process.memoryUsage().arrayBuffers < 4 * 1024 * 1024) return;
        await new Promise((done) => setTimeout(done, 5));
      }
    };
    let big = Buffer.alloc(20 * 1024 * 1024, 1);
    big = null;
    await released();
    let small = Array.from({ length: 500 }, () => Buffer.alloc(60 * 1024, 1));
    small = null;
    await released();
    const freed = arenaMb();
    const record = ${trim} ? trimMallocArena() : null;
    console.log(JSON.stringify({ freed, trimmed: arenaMb(), record }));
  `;
  const out = execFileSync(process.execPath, ['--expose-gc', '--import', 'tsx', '--input-type=module', '-e', script], { encoding: 'utf8' });
  return JSON.parse(out.trim().split('\n').pop() as string) as { freed: number; trimmed: number; record: unknown };
};

describe('malloc-trim', () => {
  it.skipIf(!glibc)('gives back the freed blocks malloc keeps in its arena (Linux, glibc)', () => {
    const { freed, trimmed, record } = arenaAfter(true);
    expect(record).toMatchObject({ released: true });
    expect(freed - trimmed).toBeGreaterThan(20);
  });

  it.skipIf(!glibc)('is what gives them back: without it malloc keeps them', () => {
    const { freed, trimmed } = arenaAfter(false);
    expect(freed).toBeGreaterThan(25);
    expect(freed - trimmed).toBeLessThan(5);
  });

  it('trims once, after the last of the calls that armed it', async () => {
    expect(await nextQuietTrim()).toBeNull(); // nothing due
    trimWhenQuiet();
    trimWhenQuiet(); // a second query moves it later: still one trim
    const record = await nextQuietTrim();
    expect(await nextQuietTrim()).toBeNull();
    if (glibc) expect(record).toMatchObject({ ms: expect.any(Number) as number });
    else expect(record).toBeNull();
  });

  it.skipIf(!glibc)('is armed by the mirror: a list read or a facet count is followed by a trim', async () => {
    const data = tempProfileData();
    try {
      await data.mirror.linkIndexReady();
      await nextQuietTrim(); // the one the index build armed, if it did
      expect(await nextQuietTrim()).toBeNull();
      data.mirror.links({ q: 'anything' });
      expect(await nextQuietTrim()).toMatchObject({ ms: expect.any(Number) as number });
      data.mirror.facets({});
      expect(await nextQuietTrim()).toMatchObject({ ms: expect.any(Number) as number });
    } finally {
      data.dispose();
    }
  });
});
