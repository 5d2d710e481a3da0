import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { APP_FIRST_ROWS, FLOOR_PATH, FLOOR_ROWS_UP, launchChromium, loadPoint, openBenchWorkspace, probedContext, type AppThread } from './links-bench.js';
import type { Recorded } from './links-backend-worker.js';
import type { TraceEvent } from './trace-event.js';

/*
 * What a cold load of the Links view does before its first rows that the floor page does not
 * (issue 43, firstrows/floor): not a benchmark with goals but a profile, run by hand:
 *
 *   npx electron-vite build
 *   npx tsx tests/bench/links-cold-trace.ts [rounds]
 *
 * The same 100,000 links, web shell, Chromium flags and fresh contexts as links-bench.ts's cold
 * loads, alternating app and floor page, each traced from before its navigation
 * (devtools.timeline) to its first rows' frame. Printed per side, medians over the rounds: the
 * first rows' frame, when the links:list call left and was answered, the files fetched before
 * the first rows (bytes and when each ended), and the renderer main thread's busy time before
 * the first rows by kind of work (parse HTML, compile and run each script, style, layout…),
 * and per load its first rows' frame and the microtasks' time before them (where a dynamically
 * imported module is evaluated). The traces are left in the printed directory.
 */

const ROUNDS = Number(process.argv.slice(2).find((a) => /^\d+$/.test(a)) ?? 5);
const CATEGORIES = ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute', 'toplevel', 'blink.user_timing', 'loading', 'netlog', 'v8'];


interface Load {
  /** ms after navigation start, as the page's own clock says. */
  firstRowFrame: number;
  /** links:list sent / answered, ms after navigation start (-1: not seen). */
  sent: number;
  answered: number;
  /** The backend's handler of that call: began and ended, ms after navigation start (-1: not seen). */
  handled: { start: number; end: number };
  files: Array<{ url: string; kb: number; end: number }>;
  kinds: Map<string, number>;
  busy: number;
}

/** The main thread's self time by kind of work, the files fetched, up to `until` (trace µs). */
function readTrace(events: TraceEvent[], pageUrl: string, firstRowFrame: number): Omit<Load, 'firstRowFrame' | 'sent' | 'answered' | 'handled'> {
  const nav = events.find((e) => e.name === 'navigationStart' && (e.args?.data?.documentLoaderURL ?? '').startsWith(pageUrl.split('#')[0]!));
  const start = nav?.ts ?? Math.min(...events.filter((e) => e.ts > 0).map((e) => e.ts));
  const until = start + firstRowFrame * 1000;
  const main = nav ? events.filter((e) => e.pid === nav.pid && e.tid === nav.tid && e.ph === 'X' && e.dur !== undefined && e.ts >= start && e.ts < until) : [];
  main.sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  const kinds = new Map<string, number>();
  const stack: Array<{ e: TraceEvent; kind: string; children: number }> = [];
  const close = (upTo: number) => {
    while (stack.length && stack[stack.length - 1]!.e.ts + (stack[stack.length - 1]!.e.dur ?? 0) <= upTo) {
      const top = stack.pop()!;
      kinds.set(top.kind, (kinds.get(top.kind) ?? 0) + ((top.e.dur ?? 0) - top.children) / 1000);
      if (stack.length) stack[stack.length - 1]!.children += top.e.dur ?? 0;
    }
  };
  const file = (url: string | undefined) => (url ?? '').split('/').pop()?.replace(/-[\w-]{8}\.js$/, '.js') ?? '';
  for (const e of main) {
    close(e.ts);
    const url = e.args?.data?.url ?? e.args?.beginData?.url;
    const kind =
      e.name === 'ThreadControllerImpl::RunTask'
        ? '(task, outside any traced work)'
        : ['EvaluateScript', 'v8.compile', 'v8.compileModule', 'v8.evaluateModule', 'ParseHTML'].includes(e.name) && url
          ? `${e.name} ${file(url).replace(/#.*/, '')}`
          : e.name;
    stack.push({ e, kind, children: 0 });
  }
  close(Number.POSITIVE_INFINITY);
  const busy = main.filter((e) => e.name === 'ThreadControllerImpl::RunTask').reduce((s, e) => s + (e.dur ?? 0), 0) / 1000;
  const sent = new Map(events.filter((e) => e.name === 'ResourceSendRequest').map((e) => [e.args?.data?.requestId, e.args?.data?.url]));
  const files = events
    .filter((e) => e.name === 'ResourceFinish' && e.ts < until)
    // The page's own files (the headless browser's own pages fetch theirs in the same trace).
    .filter((e) => (sent.get(e.args?.data?.requestId) ?? '').startsWith(new URL(pageUrl).origin))
    .map((e) => ({ url: file(sent.get(e.args?.data?.requestId)).replace(/#.*/, ''), kb: (e.args?.data?.encodedDataLength ?? 0) / 1024, end: (e.ts - start) / 1000 }));
  return { kinds, busy, files };
}

const median = (values: number[]) => {
  const s = [...values].sort((a, b) => a - b);
  return s.length ? (s[Math.floor((s.length - 1) / 2)]! + s[Math.ceil((s.length - 1) / 2)]!) / 2 : NaN;
};

async function coldLoad(browser: Browser, backend: AppThread, url: string, app: boolean, save?: string): Promise<Load> {
  const context = await probedContext(browser);
  await backend.call({ type: 'record', handler: false, served: true });
  // The moment the first links:list leaves and its answer is back, over HTTP or the socket.
  await context.addInitScript({
    content: `(() => {
      const t = (globalThis.__cold = { sent: -1, answered: -1, origin: performance.timeOrigin });
      const isList = (body) => typeof body === 'string' && body.includes('links:list');
      const send = WebSocket.prototype.send;
      WebSocket.prototype.send = function (data) {
        if (t.sent < 0 && isList(data)) {
          t.sent = performance.now();
          this.addEventListener('message', () => { if (t.answered < 0) t.answered = performance.now(); }, { once: true });
        }
        return send.call(this, data);
      };
      const fetch0 = globalThis.fetch;
      globalThis.fetch = function (input, init) {
        const list = t.sent < 0 && (isList(init && init.body) || String(input).includes('links'));
        if (list) t.sent = performance.now();
        const answer = fetch0.call(this, input, init);
        if (list) answer.then(() => { if (t.answered < 0) t.answered = performance.now(); }, () => {});
        return answer;
      };
    })();`,
  });
  const page: Page = await context.newPage();
  await browser.startTracing(page, { categories: CATEGORIES });
  await page.goto(url);
  // Read over the protocol, as links-bench.ts does (loadPoint: no injected script in the load).
  const firstRowFrame = await loadPoint<number>(page, app ? APP_FIRST_ROWS : FLOOR_ROWS_UP);
  const buffer = await browser.stopTracing();
  if (save) writeFileSync(save, buffer);
  const { origin, ...cold } = await page.evaluate(() => (globalThis as unknown as { __cold: { sent: number; answered: number; origin: number } }).__cold);
  await context.close();
  // The first first-window links:list the backend served while this page loaded, on the page's clock
  // (one machine, one epoch clock: Node's performance.timeOrigin + now against the page's).
  const served = (await backend.call<Recorded>({ type: 'take' })).served.find((s) => s.channel === 'links:list');
  const handled = served ? { start: served.start - origin, end: served.end - origin } : { start: -1, end: -1 };
  const events = (JSON.parse(buffer.toString('utf8')) as { traceEvents: TraceEvent[] }).traceEvents;
  return { firstRowFrame, ...cold, handled, ...readTrace(events, url, firstRowFrame) };
}

function report(label: string, loads: Load[]): void {
  const m = (f: (l: Load) => number) => median(loads.map(f)).toFixed(1);
  console.log(`\n${label}: per load, first rows' frame / microtasks before them: ${loads.map((l) => `${l.firstRowFrame.toFixed(0)} / ${(l.kinds.get('RunMicrotasks') ?? 0).toFixed(0)}`).join(', ')} ms`);
  console.log(`${label}: first rows' frame ${loads.map((l) => l.firstRowFrame.toFixed(0)).join(' / ')} ms (median ${m((l) => l.firstRowFrame)}); links:list sent at ${m((l) => l.sent)}, handled by the backend from ${m((l) => l.handled.start)} to ${m((l) => l.handled.end)}, answered at ${m((l) => l.answered)} ms; main thread busy before the first rows ${m((l) => l.busy)} ms`);
  const files = new Map<string, { kb: number[]; end: number[] }>();
  for (const l of loads)
    for (const f of l.files) {
      const entry = files.get(f.url) ?? { kb: [], end: [] };
      entry.kb.push(f.kb);
      entry.end.push(f.end);
      files.set(f.url, entry);
    }
  console.log('  files before the first rows (median kB on the wire, fetched by ms):');
  for (const [url, f] of [...files].sort((a, b) => median(a[1].end) - median(b[1].end))) console.log(`    ${median(f.kb).toFixed(1).padStart(7)} kB  by ${median(f.end).toFixed(0).padStart(5)} ms  ${url} (${f.kb.length} of ${loads.length} loads)`);
  const kinds = new Set(loads.flatMap((l) => [...l.kinds.keys()]));
  const rows = [...kinds].map((k) => ({ k, ms: median(loads.map((l) => l.kinds.get(k) ?? 0)) })).filter((r) => r.ms >= 0.3).sort((a, b) => b.ms - a.ms);
  console.log('  main-thread self time before the first rows, median ms:');
  for (const r of rows) console.log(`    ${r.ms.toFixed(1).padStart(6)}  ${r.k}`);
}

async function main(): Promise<void> {
  const outDir = mkdtempSync(join(tmpdir(), 'linkdeck-cold-out-'));
  const { app: backend, shell, close } = await openBenchWorkspace();
  let browser: Browser | undefined;
  try {
    browser = await launchChromium(true);
    // One load of each first, not counted: the backend's first query and the disk's caches.
    await coldLoad(browser, backend, shell.url, true);
    await coldLoad(browser, backend, `${shell.origin}${FLOOR_PATH}#token=${shell.token}`, false);
    const loads = { app: [] as Load[], floor: [] as Load[] };
    for (let r = 0; r < ROUNDS; r++) {
      loads.app.push(await coldLoad(browser, backend, shell.url, true, join(outDir, `app-${r}.trace.json`)));
      loads.floor.push(await coldLoad(browser, backend, `${shell.origin}${FLOOR_PATH}#token=${shell.token}`, false, join(outDir, `floor-${r}.trace.json`)));
    }
    report('app', loads.app);
    report('floor page', loads.floor);
    console.log(`\ntraces (chrome://tracing): ${outDir}`);
    console.log(`first rows / floor page, medians: ${(median(loads.app.map((l) => l.firstRowFrame)) / median(loads.floor.map((l) => l.firstRowFrame))).toFixed(2)}`);
  } finally {
    await browser?.close().catch(() => undefined);
    await close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
