/*
 * `npm run bench`: runs every benchmark below and prints one table of figures against their
 * goals. Exits with 1 when a goal is missed.
 *
 * To add a benchmark: export a function that answers BenchRow[] from its own file and add it to
 * BENCHES. (The local service's redirect benchmark runs on its own: `npm run bench:service`.)
 */

export interface BenchRow {
  /** Which benchmark the row belongs to. */
  bench: string;
  metric: string;
  value: number | string;
  unit: string;
  /** The goal in words ('' when there is none). */
  goal: string;
  /** null: a figure reported without a goal. */
  pass: boolean | null;
}

interface BenchEntry {
  name: string;
  run(log: (line: string) => void): Promise<BenchRow[]>;
}

const BENCHES: BenchEntry[] = [
  { name: 'mirror', run: async (log) => (await import('./mirror-bench.js')).runMirrorBench(log) },
  { name: 'clipboard', run: async (log) => (await import('./clipboard-bench.js')).runClipboardBenchRows(log) },
  { name: 'links', run: async (log) => (await import('./links-bench.js')).runLinksBench(log) },
];

function table(rows: BenchRow[]): string {
  const cells = rows.map((r) => [
    r.bench,
    r.metric,
    `${r.value} ${r.unit}`,
    r.goal,
    r.pass === null ? '' : r.pass ? 'PASS' : 'FAIL',
  ]);
  const head = ['bench', 'metric', 'value', 'goal', 'result'];
  const widths = head.map((h, i) =>
    Math.max(h.length, ...cells.map((c) => (c[i] as string).length)),
  );
  const line = (c: string[]) => c.map((v, i) => v.padEnd(widths[i] as number)).join(' | ');
  return [line(head), widths.map((w) => '-'.repeat(w)).join('-|-'), ...cells.map(line)].join('\n');
}

async function main(): Promise<void> {
  const only = process.argv.slice(2);
  const rows: BenchRow[] = [];
  for (const bench of BENCHES) {
    if (only.length > 0 && !only.includes(bench.name)) continue;
    rows.push(...(await bench.run((line) => console.log(`[${bench.name}] ${line}`))));
  }
  console.log(`\n${table(rows)}\n`);
  const failed = rows.filter((r) => r.pass === false).length;
  console.log(failed === 0 ? 'All goals met.' : `${failed} goal(s) missed.`);
  process.exitCode = failed === 0 ? 0 : 1;
}

if (process.argv[1] && /run\.ts$/.test(process.argv[1])) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}
