import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { POLL_MS, launchChromium, openBenchWorkspace, openScrollFloor, probedContext, scrollList } from './links-bench.js';
import type { BenchState } from './links-page-probe.js';
import type { TraceEvent } from './trace-event.js';

/*
 * Where a scrolling frame's time goes in the Links view and in the scroll floor (issue 43): a
 * profile, not a benchmark, run by hand:
 *
 *   npx electron-vite build
 *   npx tsx tests/bench/links-scroll-trace.ts [rounds]
 *
 * The same 100,000 links, backend thread, web shell, Chromium flags (frames not held to 60 Hz),
 * list height and scroll (200 px a frame for 3 s) as links-bench.ts. Each page scrolls in turn
 * while Chromium traces it; printed per frame, app and floor side by side: the busy time of each
 * kind of thread (the renderer's main thread, its compositor, its raster workers, the GPU
 * process's display compositor) and the main thread's self time by kind of work. The traces are
 * left in the printed directory.
 */

const ROUNDS = Number(process.argv.slice(2).find((a) => /^\d+$/.test(a)) ?? 2);
const CATEGORIES = ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'toplevel', 'v8', 'cc', 'viz'];
const SCROLLER = '[data-testid="resource-links"]';

interface Side {
  frames: number[];
  /** Busy ms by kind of thread, and the main thread's self ms by kind of work. */
  threads: Map<string, number>;
  work: Map<string, number>;
}

/** The renderer whose main thread was busiest (the page scrolled), its threads' busy time, and its main thread's self time by work. */
function read(events: TraceEvent[], side: Side): void {
  const names = new Map<string, string>();
  for (const e of events) if (e.ph === 'M' && e.name === 'thread_name') names.set(`${e.pid}:${e.tid}`, String(e.args?.name));
  const tasks = events.filter((e) => e.ph === 'X' && (e.name === 'ThreadControllerImpl::RunTask' || e.name === 'ThreadPool_RunTask'));
  const busy = new Map<string, number>();
  for (const e of tasks) busy.set(`${e.pid}:${e.tid}`, (busy.get(`${e.pid}:${e.tid}`) ?? 0) + (e.dur ?? 0) / 1000);
  const main = [...busy].filter(([k]) => names.get(k) === 'CrRendererMain').sort((a, b) => b[1] - a[1])[0]?.[0];
  if (!main) return;
  const pid = main.split(':')[0];
  for (const [key, ms] of busy) {
    const name = names.get(key) ?? '';
    const kind = key === main ? 'renderer main thread' : key.startsWith(`${pid}:`) ? (name === 'Compositor' ? 'renderer compositor' : name.startsWith('ThreadPool') ? 'renderer raster and other workers' : '') : name === 'VizCompositorThread' ? 'display compositor (GPU process)' : '';
    if (kind) side.threads.set(kind, (side.threads.get(kind) ?? 0) + ms);
  }
  const thread = events.filter((e) => e.ph === 'X' && e.dur !== undefined && `${e.pid}:${e.tid}` === main).sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  const stack: Array<{ e: TraceEvent; children: number }> = [];
  const close = (upTo: number) => {
    while (stack.length && stack[stack.length - 1]!.e.ts + (stack[stack.length - 1]!.e.dur ?? 0) <= upTo) {
      const top = stack.pop()!;
      const kind = top.e.name === 'ThreadControllerImpl::RunTask' ? '(task, outside any traced work)' : top.e.name;
      side.work.set(kind, (side.work.get(kind) ?? 0) + ((top.e.dur ?? 0) - top.children) / 1000);
      if (stack.length) stack[stack.length - 1]!.children += top.e.dur ?? 0;
    }
  };
  for (const e of thread) {
    close(e.ts);
    stack.push({ e, children: 0 });
  }
  close(Number.POSITIVE_INFINITY);
}

async function traced(browser: Browser, page: Page, outDir: string, name: string, side: Side): Promise<void> {
  await page.bringToFront();
  await browser.startTracing(page, { categories: CATEGORIES });
  side.frames.push(...(await scrollList(page)).deltas);
  const buffer = await browser.stopTracing();
  writeFileSync(join(outDir, `${name}.trace.json`), buffer);
  read((JSON.parse(buffer.toString('utf8')) as { traceEvents: TraceEvent[] }).traceEvents, side);
}

const pct = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.max(0, Math.ceil((p / 100) * values.length) - 1))] ?? 0;

function report(app: Side, floor: Side): void {
  const per = (s: Side, ms: number) => (ms / s.frames.length).toFixed(2).padStart(6);
  console.log(`\nframes: app ${app.frames.length}, p50/p95 ${pct(app.frames, 50).toFixed(1)}/${pct(app.frames, 95).toFixed(1)} ms; floor ${floor.frames.length}, p50/p95 ${pct(floor.frames, 50).toFixed(1)}/${pct(floor.frames, 95).toFixed(1)} ms`);
  console.log('\nbusy per frame, ms (app / floor):');
  for (const kind of new Set([...app.threads.keys(), ...floor.threads.keys()])) console.log(`  ${per(app, app.threads.get(kind) ?? 0)} / ${per(floor, floor.threads.get(kind) ?? 0)}  ${kind}`);
  console.log('\nthe main thread\'s self time per frame, ms (app / floor):');
  const kinds = [...new Set([...app.work.keys(), ...floor.work.keys()])]
    .map((k) => ({ k, a: (app.work.get(k) ?? 0) / app.frames.length, f: (floor.work.get(k) ?? 0) / floor.frames.length }))
    .filter((r) => r.a >= 0.05 || r.f >= 0.05)
    .sort((x, y) => y.a - x.a);
  for (const r of kinds) console.log(`  ${r.a.toFixed(2).padStart(6)} / ${r.f.toFixed(2).padStart(6)}  ${r.k}`);
}

async function main(): Promise<void> {
  const outDir = mkdtempSync(join(tmpdir(), 'linkdeck-trace-out-'));
  const { shell, close } = await openBenchWorkspace();
  let browser: Browser | undefined;
  try {
    browser = await launchChromium(true);
    const appPage = await (await probedContext(browser)).newPage();
    await appPage.goto(shell.url);
    await appPage.waitForFunction(() => ((window as unknown as { __bench: BenchState }).__bench.appRowFrame ?? -1) > 0, null, { timeout: 30_000, polling: POLL_MS });
    const height = await appPage.evaluate((s) => (document.querySelector(s) as HTMLElement).clientHeight, SCROLLER);
    const floorPage = await openScrollFloor(browser, shell, height);
    // A scroll each, not traced: the pages' first windows read and their code warm.
    for (const page of [appPage, floorPage]) {
      await page.bringToFront();
      await scrollList(page);
    }
    const sides = { app: { frames: [], threads: new Map(), work: new Map() } as Side, floor: { frames: [], threads: new Map(), work: new Map() } as Side };
    for (let r = 0; r < ROUNDS; r++) {
      for (const which of r % 2 === 0 ? (['app', 'floor'] as const) : (['floor', 'app'] as const)) {
        await traced(browser, which === 'app' ? appPage : floorPage, outDir, `${which}-${r}`, sides[which]);
      }
    }
    console.log(`list height ${height} px`);
    report(sides.app, sides.floor);
    console.log(`\ntraces: ${outDir}`);
  } finally {
    await browser?.close().catch(() => undefined);
    await close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
