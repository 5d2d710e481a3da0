/*
 * `npm run bench`: runs every benchmark below and prints one table of figures against their
 * goals. Exits with 1 when a goal is missed.
 *
 * To add a benchmark: export a function that answers BenchRow[] from its own file and add it to
 * BENCHES. (The local service's redirect benchmark runs on its own: `npm run bench:service`.)
 */

import { availableParallelism, loadavg } from 'node:os';

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
  /** A ratio against a same-run baseline (issue 15): printed as `ratio <name>: …` too. */
  ratio?: { name: string; value: number; op: '<=' | '>='; goal: number };
  /**
   * Why a goal is not judged in this run (pass is then null): the floor page, which does the same
   * work without the app, misses it in the same run, so no page could meet it on this machine
   * (issue 43: "where a goal cannot be met, what the floor itself costs"). Printed, never hidden.
   */
  notJudged?: string;
}

/** The row with its goal left unjudged in this run, and why. */
export const notJudged = (row: BenchRow, why: string): BenchRow => ({ ...row, pass: null, notJudged: why });

/**
 * An app's figure judged only where the floor page met the same goal in the same run: met, it
 * passes; missed where the floor page missed it too, it is not judged, with the floor page's figure.
 */
export const judgedWhereFloorMeets = (row: BenchRow, floorMeets: boolean, floorFigure: string): BenchRow =>
  row.pass !== false || floorMeets ? row : notJudged(row, floorFigure);

/**
 * The same, with a ratio judged in its place: where the app and the floor page both miss the
 * goal, the row is not judged and `againstFloor` (the app's figure over the floor page's) is.
 * The round trip's form and the scrolling frame time (issue 43).
 */
export const judgedOrAgainstFloor = (row: BenchRow, floorMeets: boolean, floorFigure: string, againstFloor: BenchRow): BenchRow[] =>
  row.pass !== false || floorMeets ? [row] : [notJudged(row, floorFigure), againstFloor];

export const median = (values: readonly number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
};

/** A ratio row: its figure against the goal, and the `ratio <name>: <value> (goal <= X)` line. */
export function ratioRow(bench: string, name: string, value: number, op: '<=' | '>=', goal: number): BenchRow {
  const rounded = Number(value.toFixed(2));
  return {
    bench,
    metric: `ratio ${name}`,
    value: rounded,
    unit: '',
    goal: `${op === '<=' ? '≤' : '≥'} ${goal}`,
    pass: op === '<=' ? rounded <= goal : rounded >= goal,
    ratio: { name, value: rounded, op, goal },
  };
}

/** The line issue 15 asks for, one per ratio. */
export const ratioLine = (r: NonNullable<BenchRow['ratio']>, notJudgedWhy?: string): string =>
  `ratio ${r.name}: ${r.value} (goal ${r.op} ${r.goal}${notJudgedWhy ? `; not judged: ${notJudgedWhy}` : ''})`;

interface BenchEntry {
  name: string;
  run(log: (line: string) => void): Promise<BenchRow[]>;
}

const BENCHES: BenchEntry[] = [
  { name: 'mirror', run: async (log) => (await import('./mirror-bench.js')).runMirrorBench(log) },
  { name: 'clipboard', run: async (log) => (await import('./clipboard-bench.js')).runClipboardBenchRows(log) },
  { name: 'links', run: async (log) => (await import('./links-bench.js')).runLinksBench(log) },
  { name: 'import', run: async (log) => (await import('./import-parse-bench.js')).runImportParseBench(log) },

  { name: 'cli', run: async (log) => (await import('./cli-bench.js')).runCliBench(log) },

  { name: 'qr-export', run: async (log) => (await import('./qr-export-bench.js')).runQrExportBench(log) },
];

function table(rows: BenchRow[]): string {
  const cells = rows.map((r) => [
    r.bench,
    r.metric,
    `${r.value} ${r.unit}`,
    r.goal,
    r.notJudged ? 'NOT JUDGED' : r.pass === null ? '' : r.pass ? 'PASS' : 'FAIL',
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
  // The machine's load says how much the absolute figures are worth (the ratios less so).
  const loadBefore = loadavg().map((l) => l.toFixed(2)).join(' ');
  for (const bench of BENCHES) {
    if (only.length > 0 && !only.includes(bench.name)) continue;
    rows.push(...(await bench.run((line) => console.log(`[${bench.name}] ${line}`))));
  }
  rows.push({
    bench: 'machine',
    metric: `load average (1, 5, 15 min) before / after, ${availableParallelism()} CPUs`,
    value: `${loadBefore} / ${loadavg().map((l) => l.toFixed(2)).join(' ')}`,
    unit: '',
    goal: '',
    pass: null,
  });
  console.log(`\n${table(rows)}\n`);
  for (const r of rows) if (r.ratio) console.log(ratioLine(r.ratio, r.notJudged));
  for (const r of rows) if (r.notJudged && !r.ratio) console.log(`not judged: ${r.metric.trim()} ${r.value} ${r.unit} (goal ${r.goal}): ${r.notJudged}`);
  const failed = rows.filter((r) => r.pass === false).length;
  const unjudged = rows.filter((r) => r.notJudged).length;
  const met = failed === 0 ? 'All goals judged here met.' : `${failed} goal(s) missed.`;
  console.log(unjudged ? `${met} ${unjudged} goal(s) not judged: the floor page misses them in the same run (above).` : met);
  process.exitCode = failed === 0 ? 0 : 1;
}

if (process.argv[1] && /run\.ts$/.test(process.argv[1])) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}
