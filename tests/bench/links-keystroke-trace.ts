import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, CDPSession, Page } from '@playwright/test';
import { FLOOR_PATH, KEY_GAP_MS, POLL_MS, TYPED, WARM_UP, expectations, expected, launchChromium, openBenchWorkspace, probedContext, type Expected } from './links-bench.js';
import type { BenchState } from './links-page-probe.js';
import type { TraceEvent } from './trace-event.js';

/*
 * Where a keystroke's time goes in the Links view and in the floor page (issue 43, item 2): not a
 * benchmark with goals but a profile, run by hand:
 *
 *   npx electron-vite build   # or LINKDECK_RENDERER_DIR=<a build made with minify off, for names>
 *   npx tsx tests/bench/links-keystroke-trace.ts [rounds] [--no-cpu-profile]
 *
 * The same 100,000 links, backend thread, web shell and Chromium flags as links-bench.ts (frames
 * not held to 60 Hz). Each page types the bench's words while Chromium traces its main thread
 * (devtools.timeline) and V8 samples it (CDP Profiler, 100 µs). Printed per keystroke, app and
 * floor page side by side: the main thread's busy time by kind of work (self time: the input
 * event's handlers, the answer's message, timers, rAF, style, layout, paint…), the JavaScript
 * functions with the most self time, and the keystroke's moments (sent, answered, rows in the
 * DOM, the frame). The trace files are left in the printed directory for chrome://tracing, with
 * each round's keystrokes (`<page>-<round>.keys.json`: the prefix typed and its moments, to find
 * which searches make the slowest keys).
 */

const ROUNDS = Number(process.argv.slice(2).find((a) => /^\d+$/.test(a)) ?? 2);
/** `--no-cpu-profile`: the trace alone (V8's sampler costs the page time of its own, more under load). */
const CPU_PROFILE = !process.argv.includes('--no-cpu-profile');
const CATEGORIES = ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute', 'toplevel', 'blink.user_timing', 'v8'].join(',');


/**
 * The main-thread tasks that took in an answer from the call socket (ms, in order), and the
 * garbage collections on that thread: count and time of the major ones (each pauses the page).
 */
function answersAndGc(events: TraceEvent[]): { answers: number[]; majorGc: number[]; minorGc: number } {
  const received = events.filter((e) => e.name === 'WebSocketReceive');
  const first = received[0];
  if (!first) return { answers: [], majorGc: [], minorGc: 0 };
  const onThread = events.filter((e) => e.pid === first.pid && e.tid === first.tid && e.ph === 'X');
  const tasks = onThread.filter((e) => e.name === 'ThreadControllerImpl::RunTask').sort((a, b) => a.ts - b.ts);
  const answers = received.flatMap((r) => {
    const task = tasks.find((t) => t.ts <= r.ts && t.ts + (t.dur ?? 0) >= r.ts);
    return task ? [(task.dur ?? 0) / 1000] : [];
  });
  return {
    answers,
    majorGc: onThread.filter((e) => e.name === 'MajorGC').map((e) => (e.dur ?? 0) / 1000),
    minorGc: onThread.filter((e) => e.name === 'MinorGC').length,
  };
}

/** Self time (ms) by kind of work on the busiest renderer main thread of a trace. */
function selfTimes(events: TraceEvent[]): { byKind: Map<string, number>; busy: number; tasks: number } {
  const mains = new Set(events.filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain').map((e) => `${e.pid}:${e.tid}`));
  const perThread = new Map<string, TraceEvent[]>();
  for (const e of events) {
    if (e.ph !== 'X' || e.dur === undefined) continue;
    const key = `${e.pid}:${e.tid}`;
    if (!mains.has(key)) continue;
    let list = perThread.get(key);
    if (!list) perThread.set(key, (list = []));
    list.push(e);
  }
  const total = (list: TraceEvent[]) => list.filter((e) => e.name === 'ThreadControllerImpl::RunTask').reduce((s, e) => s + (e.dur ?? 0), 0);
  const thread = [...perThread.values()].sort((a, b) => total(b) - total(a))[0] ?? [];
  thread.sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  const byKind = new Map<string, number>();
  const stack: Array<{ e: TraceEvent; kind: string; children: number }> = [];
  const close = (upTo: number) => {
    while (stack.length && (stack[stack.length - 1]!.e.ts + (stack[stack.length - 1]!.e.dur ?? 0)) <= upTo) {
      const top = stack.pop()!;
      byKind.set(top.kind, (byKind.get(top.kind) ?? 0) + ((top.e.dur ?? 0) - top.children) / 1000);
      if (stack.length) stack[stack.length - 1]!.children += top.e.dur ?? 0;
    }
  };
  for (const e of thread) {
    close(e.ts);
    const kind =
      e.name === 'EventDispatch' ? `EventDispatch ${e.args?.data?.type ?? ''}` : e.name === 'ThreadControllerImpl::RunTask' ? '(task, outside any traced work)' : e.name;
    stack.push({ e, kind, children: 0 });
  }
  close(Number.POSITIVE_INFINITY);
  const tasks = thread.filter((e) => e.name === 'ThreadControllerImpl::RunTask');
  return { byKind, busy: total(thread) / 1000, tasks: tasks.length };
}

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  hitCount?: number;
}

/** Self time (ms) by JavaScript function, from a CDP CPU profile. */
function functionTimes(profile: { nodes: ProfileNode[]; startTime: number; endTime: number; samples?: number[]; timeDeltas?: number[] }): Map<string, number> {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const out = new Map<string, number>();
  const samples = profile.samples ?? [];
  const deltas = profile.timeDeltas ?? [];
  // Each sample stands for the time until the next one.
  for (let i = 0; i < samples.length; i++) {
    const node = byId.get(samples[i]!);
    if (!node) continue;
    const { functionName, url, lineNumber, columnNumber } = node.callFrame;
    if (functionName === '(idle)') continue;
    const file = url.split('/').pop() ?? '';
    const key = `${functionName || '(anonymous)'} ${file}:${lineNumber + 1}:${columnNumber + 1}`;
    out.set(key, (out.get(key) ?? 0) + (deltas[i + 1] ?? 0) / 1000);
  }
  return out;
}

const pct = (values: number[], p: number) => {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))] ?? 0;
};
const f1 = (n: number) => n.toFixed(1);

type Key = { q: string; sent: number; rpc: number; dom: number; frame: number };

async function typeApp(wanted: ReadonlyMap<string, Expected>, page: Page, words: readonly string[], total: number): Promise<Key[]> {
  const search = page.getByTestId('links-search');
  const keys: Key[] = [];
  const bench = () => page.evaluate(() => (window as unknown as { __bench: BenchState }).__bench.results);
  for (const word of words) {
    await search.click();
    await page.waitForTimeout(KEY_GAP_MS);
    for (let i = 1; i <= word.length; i++) {
      const q = word.slice(0, i);
      const want = wanted.get(q) as Expected;
      await page.evaluate((armed) => ((window as unknown as { __bench: { armed: unknown } }).__bench.armed = armed), { q, ...want });
      const before = (await bench()).length;
      await page.keyboard.type(word[i - 1] as string);
      await page.waitForFunction((n) => (window as unknown as { __bench: BenchState }).__bench.results.length > n, before, { timeout: 10_000, polling: POLL_MS });
      keys.push((await bench()).at(-1) as Key);
      await page.waitForTimeout(KEY_GAP_MS);
    }
    await search.fill('');
    await page.waitForFunction((n) => Number(document.querySelector('[data-testid="links-total"]')?.textContent?.replace(/\D/g, '') ?? -1) === n, total, { timeout: 10_000, polling: POLL_MS });
    await page.waitForTimeout(KEY_GAP_MS);
  }
  return keys;
}

async function typeFloor(page: Page, words: readonly string[]): Promise<Key[]> {
  const search = page.getByTestId('links-search');
  const keys: Key[] = [];
  const results = () => page.evaluate(() => (window as unknown as { __floor: { results: Key[] } }).__floor.results);
  const grown = async (n: number) => {
    await page.waitForFunction((m) => (window as unknown as { __floor: { results: Key[] } }).__floor.results.length > m, n, { timeout: 10_000, polling: POLL_MS });
    return results();
  };
  for (const word of words) {
    await search.click();
    await page.waitForTimeout(KEY_GAP_MS);
    for (let i = 1; i <= word.length; i++) {
      const before = (await results()).length;
      await page.keyboard.type(word[i - 1] as string);
      keys.push((await grown(before)).at(-1) as Key);
      await page.waitForTimeout(KEY_GAP_MS);
    }
    const before = (await results()).length;
    await search.fill('');
    await grown(before);
    await page.waitForTimeout(KEY_GAP_MS);
  }
  return keys;
}

interface Side {
  keys: Key[];
  kinds: Map<string, number>;
  busy: number;
  tasks: number;
  functions: Map<string, number>;
  answers: number[];
  majorGc: number[];
  minorGc: number;
}

async function traced(browser: Browser, page: Page, cdp: CDPSession, outDir: string, name: string, type: () => Promise<Key[]>): Promise<Side> {
  if (CPU_PROFILE) {
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
  }
  await browser.startTracing(page, { categories: CATEGORIES.split(',') });
  if (CPU_PROFILE) await cdp.send('Profiler.start');
  const keys = await type();
  const profile = CPU_PROFILE ? (await cdp.send('Profiler.stop')).profile : { nodes: [], startTime: 0, endTime: 0 };
  const buffer = await browser.stopTracing();
  writeFileSync(join(outDir, `${name}.trace.json`), buffer);
  writeFileSync(join(outDir, `${name}.cpuprofile`), JSON.stringify(profile));
  writeFileSync(join(outDir, `${name}.keys.json`), JSON.stringify(keys));
  const trace = JSON.parse(buffer.toString('utf8')) as { traceEvents: TraceEvent[] };
  const { byKind, busy, tasks } = selfTimes(trace.traceEvents);
  return { keys, kinds: byKind, busy, tasks, functions: functionTimes(profile as Parameters<typeof functionTimes>[0]), ...answersAndGc(trace.traceEvents) };
}

function report(app: Side, floor: Side): void {
  const n = (s: Side) => s.keys.length;
  console.log(`\nkeystrokes: app ${n(app)}, floor ${n(floor)}; main thread busy per keystroke (typing, clearing and the waits between keys included): app ${f1(app.busy / n(app))} ms in ${f1(app.tasks / n(app))} tasks, floor ${f1(floor.busy / n(floor))} ms in ${f1(floor.tasks / n(floor))} tasks`);
  const moments = (s: Side) => {
    const k = s.keys;
    const after = k.map((x) => x.dom - x.sent - x.rpc);
    return `sent ${f1(pct(k.map((x) => x.sent), 50))}/${f1(pct(k.map((x) => x.sent), 95))}, round trip ${f1(pct(k.map((x) => x.rpc), 50))}/${f1(pct(k.map((x) => x.rpc), 95))}, answer → rows in DOM ${f1(pct(after, 50))}/${f1(pct(after, 95))}, DOM → frame ${f1(pct(k.map((x) => x.frame - x.dom), 50))}/${f1(pct(k.map((x) => x.frame - x.dom), 95))}, keystroke → frame ${f1(pct(k.map((x) => x.frame), 50))}/${f1(pct(k.map((x) => x.frame), 95))}`;
  };
  console.log(`moments p50/p95 ms: app   ${moments(app)}`);
  console.log(`                    floor ${moments(floor)}`);
  const tasksOf = (s: Side) =>
    `${s.answers.length} answers (${f1(s.answers.length / n(s))} a keystroke), their main-thread task p50/p95 ${f1(pct(s.answers, 50))}/${f1(pct(s.answers, 95))} ms; ${s.minorGc} minor GCs, ${s.majorGc.length} major GCs (${s.majorGc.map(f1).join(', ')} ms)`;
  console.log(`answers and GC: app   ${tasksOf(app)}`);
  console.log(`                floor ${tasksOf(floor)}`);
  const kinds = [...new Set([...app.kinds.keys(), ...floor.kinds.keys()])]
    .map((k) => ({ k, a: (app.kinds.get(k) ?? 0) / n(app), f: (floor.kinds.get(k) ?? 0) / n(floor) }))
    .filter((r) => r.a >= 0.05 || r.f >= 0.05)
    .sort((x, y) => y.a - x.a);
  console.log('\nself time per keystroke, ms (app / floor):');
  for (const r of kinds) console.log(`  ${r.a.toFixed(2).padStart(6)} / ${r.f.toFixed(2).padStart(6)}  ${r.k}`);
  for (const [label, s] of [['app', app], ['floor', floor]] as const) {
    const fns = [...s.functions.entries()].sort((x, y) => y[1] - x[1]).slice(0, 30);
    const all = [...s.functions.values()].reduce((a, b) => a + b, 0);
    console.log(`\n${label}: JavaScript and V8 self time per keystroke ${f1(all / n(s))} ms; top functions (ms per keystroke):`);
    for (const [fn, ms] of fns) console.log(`  ${(ms / n(s)).toFixed(3).padStart(7)}  ${fn}`);
  }
}

async function main(): Promise<void> {
  const outDir = mkdtempSync(join(tmpdir(), 'linkdeck-trace-out-'));
  const { app, shell, close } = await openBenchWorkspace();
  let browser: Browser | undefined;
  try {
    const total = (await expected(app, '')).total;
    const wanted = await expectations(app, [...WARM_UP, ...TYPED]);
    browser = await launchChromium(true);
    const appContext = await probedContext(browser);
    const appPage = await appContext.newPage();
    await appPage.goto(shell.url);
    await appPage.waitForFunction(() => ((window as unknown as { __bench: BenchState }).__bench.appRowFrame ?? -1) > 0, null, { timeout: 30_000, polling: POLL_MS });
    const floorContext = await probedContext(browser);
    const floorPage = await floorContext.newPage();
    await floorPage.goto(`${shell.origin}${FLOOR_PATH}#token=${shell.token}`);
    await floorPage.waitForFunction(() => (window as unknown as { __floor: { firstRowFrame: number | null } }).__floor.firstRowFrame !== null, null, { timeout: 30_000, polling: POLL_MS });
    await appPage.bringToFront();
    await typeApp(wanted, appPage, WARM_UP, total);
    await floorPage.bringToFront();
    await typeFloor(floorPage, WARM_UP);
    const appCdp = await appContext.newCDPSession(appPage);
    const floorCdp = await floorContext.newCDPSession(floorPage);
    const sides: { app: Side[]; floor: Side[] } = { app: [], floor: [] };
    for (let r = 0; r < ROUNDS; r++) {
      await appPage.bringToFront();
      sides.app.push(await traced(browser, appPage, appCdp, outDir, `app-${r}`, () => typeApp(wanted, appPage, TYPED, total)));
      await floorPage.bringToFront();
      sides.floor.push(await traced(browser, floorPage, floorCdp, outDir, `floor-${r}`, () => typeFloor(floorPage, TYPED)));
    }
    const merge = (list: Side[]): Side => {
      const sum = (maps: Array<Map<string, number>>) => {
        const out = new Map<string, number>();
        for (const m of maps) for (const [k, v] of m) out.set(k, (out.get(k) ?? 0) + v);
        return out;
      };
      return {
        keys: list.flatMap((s) => s.keys),
        kinds: sum(list.map((s) => s.kinds)),
        busy: list.reduce((a, s) => a + s.busy, 0),
        tasks: list.reduce((a, s) => a + s.tasks, 0),
        functions: sum(list.map((s) => s.functions)),
        answers: list.flatMap((s) => s.answers),
        majorGc: list.flatMap((s) => s.majorGc),
        minorGc: list.reduce((a, s) => a + s.minorGc, 0),
      };
    };
    report(merge(sides.app), merge(sides.floor));
    console.log(`\ntraces and CPU profiles: ${outDir}`);
  } finally {
    await browser?.close().catch(() => undefined);
    await close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
