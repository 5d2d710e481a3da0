/*
 * `linkdeck find` on a mirror of 100,000 links, process start included, against `node -e 0`
 * in the same run (issue 33): the command, run from its bundle (out/cli) as users run it, must
 * take at most 4× what starting Node and doing nothing takes. Rounds alternate the two (which
 * goes first alternates too), so a load change on the machine touches both; medians compared.
 *
 * The app is not running: the command reads the mirror itself (electron/cli/mirror-read.ts).
 *
 *   npm run bench -- cli        (or: tsx tests/bench/cli-bench.ts)
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { bundleCli } from '../../electron/cli/bundle.js';
import { median, ratioRow, type BenchRow } from './run.js';

const ROUNDS = 21;
const GOAL = 4;
const PROFILE_ID = 'bec1000000000001';
/** Words of the seeded titles and URLs (mirror-bench.ts's WORDS and HOSTS). */
const QUERIES = ['spring', 'github', 'docs', 'launch', 'medium', 'pricing'];
const root = resolve(import.meta.dirname, '../..');

/** The mirror bench's own seeding (its child mode): 100,000 links as a sync stores them. */
function seedMirror(dir: string): Promise<void> {
  return new Promise((done, fail) => {
    const proc = spawn(
      process.execPath,
      ['--import', 'tsx', join(root, 'tests/bench/mirror-bench.ts'), '--child', 'seed', dir],
      { stdio: ['ignore', 'ignore', 'inherit'] },
    );
    proc.on('error', fail);
    proc.on('exit', (code) =>
      code === 0 ? done() : fail(new Error(`seeding exited with ${code}`)),
    );
  });
}

/** Wall-clock time of one process from spawn to exit, ms (its output kept for a check). */
function timed(
  args: string[],
  env: NodeJS.ProcessEnv,
): { ms: number; stdout: string; stderr: string; status: number | null } {
  const start = process.hrtime.bigint();
  const run = spawnSync(process.execPath, args, {
    env,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return {
    ms: Number(process.hrtime.bigint() - start) / 1e6,
    stdout: run.stdout,
    stderr: run.stderr,
    status: run.status,
  };
}

export async function runCliBench(log: (line: string) => void = console.log): Promise<BenchRow[]> {
  const dataDir = mkdtempSync(join(tmpdir(), 'linkdeck-bench-cli-'));
  try {
    const profileDir = join(dataDir, 'profiles', PROFILE_ID);
    mkdirSync(profileDir, { recursive: true, mode: 0o700 });
    writeFileSync(
      join(dataDir, 'profiles.json'),
      JSON.stringify({
        version: 1,
        currentProfileId: PROFILE_ID,
        profiles: [
          {
            id: PROFILE_ID,
            name: 'Bench',
            baseUrl: 'http://127.0.0.1:4000',
            kind: 'remote',
            createdAt: new Date().toISOString(),
          },
        ],
      }),
    );
    log('cli: filling a mirror with 100,000 links …');
    await seedMirror(profileDir);
    const bundle = await bundleCli();
    const env = { ...process.env, LINKDECK_DATA_DIR: dataDir, NO_COLOR: '1' };

    // One run first, outside the figures: the OS's file cache holds the bundle and the mirror, as
    // it does for someone who uses the command; and the answer must be right.
    const check = timed([bundle, 'find', 'spring', '--limit', '5'], env);
    const found = check.stdout.split('\n').filter(Boolean);
    if (
      check.status !== 0 ||
      found.length !== 5 ||
      !found.every((l) => /^http:\/\/127\.0\.0\.1:4000\/\w+\t/.test(l))
    ) {
      throw new Error(
        `linkdeck find did not answer as expected (exit ${check.status}): ${check.stdout.slice(0, 300)} ${check.stderr.slice(0, 300)}`,
      );
    }
    timed(['-e', '0'], env);

    const node: number[] = [];
    const find: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const q = QUERIES[round % QUERIES.length]!;
      const runFind = () => find.push(timed([bundle, 'find', q], env).ms);
      const runNode = () => node.push(timed(['-e', '0'], env).ms);
      if (round % 2 === 0) {
        runNode();
        runFind();
      } else {
        runFind();
        runNode();
      }
    }
    const nodeMs = median(node);
    const findMs = median(find);
    log(
      `cli: node -e 0 median ${nodeMs.toFixed(1)} ms, linkdeck find median ${findMs.toFixed(1)} ms over ${ROUNDS} rounds`,
    );
    return [
      {
        bench: 'cli',
        metric: 'node -e 0, median',
        value: Number(nodeMs.toFixed(1)),
        unit: 'ms',
        goal: '',
        pass: null,
      },
      {
        bench: 'cli',
        metric: 'linkdeck find, 100,000 links, start included, median',
        value: Number(findMs.toFixed(1)),
        unit: 'ms',
        goal: '',
        pass: null,
      },
      ratioRow('cli', 'cli find / node start', findMs / nodeMs, '<=', GOAL),
    ];
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && /cli-bench\.ts$/.test(process.argv[1])) {
  runCliBench().then(
    (rows) => {
      for (const r of rows)
        console.log(
          `${r.metric}: ${r.value} ${r.unit}${r.goal ? ` (goal ${r.goal}: ${r.pass ? 'met' : 'MISSED'})` : ''}`,
        );
      process.exitCode = rows.some((r) => r.pass === false) ? 1 : 0;
    },
    (error: unknown) => {
      console.error(error);
      process.exitCode = 1;
    },
  );
}
