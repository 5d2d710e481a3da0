import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { createInterface } from 'node:readline';

const ROOT = resolve(import.meta.dirname, '../..');

/**
 * The link service's command line as a user runs it: a child process, its printed lines, its
 * stderr and its exit. `line(pattern)` waits for a printed line, never a guessed time, and fails
 * at once when the process exits before printing it.
 */
export function runServiceCli(args: string[], env: Record<string, string> = {}) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'electron/service/cli.ts', ...args], {
    cwd: ROOT,
    env: { ...process.env, NODE_NO_WARNINGS: '1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  let stderr = '';
  const waiters = new Set<() => void>();
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  createInterface({ input: child.stdout }).on('line', (text) => {
    lines.push(text);
    for (const wake of waiters) wake();
  });
  const exited = new Promise<number | null>((done) => child.on('close', (code) => done(code)));
  const line = (pattern: RegExp) =>
    new Promise<RegExpMatchArray>((found, fail) => {
      const check = () => {
        for (const text of lines) {
          const m = pattern.exec(text);
          if (m) {
            waiters.delete(check);
            return found(m);
          }
        }
      };
      waiters.add(check);
      check();
      void exited.then((code) => waiters.has(check) && fail(new Error(`exited (${code}) before ${pattern}: ${JSON.stringify(lines)} ${stderr}`)));
    });
  // A process already gone is not signalled again (its pid may belong to another by then).
  const kill = (signal: NodeJS.Signals) => child.exitCode === null && child.signalCode === null && child.kill(signal);
  return { lines, line, exited, stderr: () => stderr, kill };
}
