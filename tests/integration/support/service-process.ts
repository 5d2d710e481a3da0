import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';

/*
 * The link service as a self-hoster runs it: the bundle `npm run build:service` makes, started
 * with plain node as a child process; its output lines, exit code and signals. Every wait ends on
 * a printed line or the exit (a child that hangs makes its test time out; stopAll kills it).
 */

export const ROOT = resolve(import.meta.dirname, '../../..');

/**
 * Builds the bundle into out/test-bundles/<name>/ (each test file its own, so parallel files
 * never race on one output) and answers the path of its cli.js. Inside the checkout, so the
 * bundle finds the runtime packages in node_modules as an installed one finds its own.
 */
export function buildBundle(name: string): string {
  const outdir = join(ROOT, 'out/test-bundles', name);
  mkdirSync(outdir, { recursive: true });
  const built = spawnSync(process.execPath, ['electron/service/bundle.mjs', '--outdir', outdir], { cwd: ROOT, encoding: 'utf8' });
  if (built.status !== 0) throw new Error(`npm run build:service failed: ${built.stderr}${built.stdout}`);
  const cli = join(outdir, 'cli.js');
  if (!existsSync(cli)) throw new Error(`the build printed success but wrote no ${cli}`);
  return cli;
}

export interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface ServiceProcess {
  child: ChildProcess;
  /** stdout lines so far. */
  lines: string[];
  stderr(): string;
  /** The first stdout line matching `pattern`, once printed. */
  line(pattern: RegExp): Promise<RegExpMatchArray>;
  /** The first stderr text matching `pattern`, once printed. */
  errorLine(pattern: RegExp): Promise<RegExpMatchArray>;
  exited: Promise<Exit>;
  kill(signal: NodeJS.Signals): void;
}

const running = new Set<ChildProcess>();

/** Kills what a test left running (call from afterEach). */
export function stopAll(): void {
  for (const child of running) child.kill('SIGKILL');
}

/** Runs `node <script> …args` (or `node --import tsx <script>` for a .ts entry). */
export function runService(script: string, args: string[], env: NodeJS.ProcessEnv = {}): ServiceProcess {
  const node = script.endsWith('.ts') ? ['--import', 'tsx', script] : [script];
  const child = spawn(process.execPath, [...node, ...args], {
    cwd: ROOT,
    env: { ...process.env, NODE_NO_WARNINGS: '1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  const lines: string[] = [];
  let stderr = '';
  const waiters = new Set<() => void>();
  const wake = () => {
    for (const w of waiters) w();
  };
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
    stderr += chunk;
    wake();
  });
  createInterface({ input: child.stdout }).on('line', (text) => {
    lines.push(text);
    wake();
  });
  // 'close', not 'exit': it comes once the child has exited and its output has all been read.
  const exited = new Promise<Exit>((done) =>
    child.on('close', (code, signal) => {
      running.delete(child);
      done({ code, signal });
    }),
  );
  const waitFor = (find: () => RegExpMatchArray | null, what: RegExp) =>
    new Promise<RegExpMatchArray>((resolveMatch, reject) => {
      const check = () => {
        const match = find();
        if (!match) return;
        waiters.delete(check);
        resolveMatch(match);
      };
      waiters.add(check);
      check();
      void exited.then(({ code, signal }) => {
        if (!waiters.has(check)) return;
        waiters.delete(check);
        reject(new Error(`the service exited (code ${code}, signal ${signal}) before printing ${what}; stdout: ${JSON.stringify(lines)}; stderr: ${stderr}`));
      });
    });
  return {
    child,
    lines,
    stderr: () => stderr,
    exited,
    kill: (signal) => child.kill(signal),
    line: (pattern) =>
      waitFor(() => {
        for (const text of lines) {
          const m = pattern.exec(text);
          if (m) return m;
        }
        return null;
      }, pattern),
    errorLine: (pattern) => waitFor(() => pattern.exec(stderr), pattern),
  };
}

/** Runs a command that is expected to finish: its output and exit code. */
export async function runToEnd(script: string, args: string[], env: NodeJS.ProcessEnv = {}): Promise<{ code: number | null; stdout: string[]; stderr: string }> {
  const run = runService(script, args, env);
  const { code } = await run.exited;
  return { code, stdout: run.lines, stderr: run.stderr() };
}

export const BASE_URL_LINE = /^Base URL: (http:\/\/127\.0\.0\.1:(\d+))$/;
export const API_KEY_LINE = /^API key: ([A-Za-z0-9_-]{20,})$/;

/** An API call with the key; the answer's status, headers and JSON. */
export async function call(url: string, key: string, method = 'GET', body?: unknown) {
  const res = await fetch(url, {
    method,
    headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: res.status, headers: res.headers, json: (await res.json()) as Record<string, unknown> };
}
