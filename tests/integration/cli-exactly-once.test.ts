import { rmSync } from 'node:fs';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { OutboxItem } from '../../electron/shared/models.js';
import {
  cliBundle,
  lines,
  localWorkspaceFolder,
  runCli,
  serviceLinks,
  startApp,
  value,
  type RunningApp,
} from './support/cli-harness.js';

const urls = (prefix: string, n: number) =>
  Array.from({ length: n }, (_, i) => `https://example.com/${prefix}${i + 1}`);

/**
 * Never two writers: two `linkdeck shorten` runs and the app at the same time, on one data
 * folder, make each link exactly once (no link lost, none made twice), whoever owns the folder.
 */
describe('two concurrent shorten runs and the app', () => {
  let dataDir: string;
  let app: RunningApp | null = null;

  beforeAll(async () => {
    await cliBundle();
  });
  beforeEach(async () => {
    ({ dataDir } = await localWorkspaceFolder());
  });
  afterEach(async () => {
    await app?.close();
    app = null;
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** The app's own creates, made through its router as the renderer makes them. */
  async function appCreates(running: RunningApp, list: string[]): Promise<void> {
    const ops: OutboxItem[] = [];
    for (const url of list)
      ops.push(await value<OutboxItem>(running.backend, 'links:create', { url }));
    for (const op of ops) await value(running.backend, 'outbox:wait', { opId: op.opId });
  }

  function expectEachOnce(expected: string[]): void {
    const made = serviceLinks(dataDir).map((l) => l.longUrl);
    expect([...made].sort()).toEqual([...expected].sort());
  }

  it('with the app running: both commands ask the app, each link is made once', async () => {
    app = await startApp(dataDir);
    const a = urls('a', 8);
    const b = urls('b', 8);
    const c = urls('c', 4);
    const [runA, runB] = await Promise.all([
      runCli(dataDir, ['shorten', ...a]),
      runCli(dataDir, ['shorten', '-'], { stdin: b.join('\n') }),
      appCreates(app, c),
    ]);
    expect(runA.code, runA.stderr).toBe(0);
    expect(runB.code, runB.stderr).toBe(0);
    expect(lines(runA.stdout)).toHaveLength(a.length);
    expect(lines(runB.stdout)).toHaveLength(b.length);
    await app.close();
    app = null;
    expectEachOnce([...a, ...b, ...c]);
    // Each command printed the short URLs of its own links, in its order.
    const byAlias = new Map(serviceLinks(dataDir).map((l) => [l.alias, l.longUrl]));
    expect(lines(runA.stdout).map((s) => byAlias.get(s.split('/').pop()!))).toEqual(a);
    expect(lines(runB.stdout).map((s) => byAlias.get(s.split('/').pop()!))).toEqual(b);
  });

  it('with the app starting meanwhile: one process owns the folder, the others ask it', async () => {
    const a = urls('a', 8);
    const b = urls('b', 8);
    const c = urls('c', 4);
    const started = startApp(dataDir).then(async (running) => {
      app = running;
      await appCreates(running, c);
    });
    const [runA, runB] = await Promise.all([
      runCli(dataDir, ['shorten', ...a]),
      runCli(dataDir, ['shorten', ...b]),
      started,
    ]);
    expect(runA.code, runA.stderr).toBe(0);
    expect(runB.code, runB.stderr).toBe(0);
    await app!.close();
    app = null;
    expectEachOnce([...a, ...b, ...c]);
  });

  it('without the app: the second command asks the first, each link is made once', async () => {
    const a = urls('a', 10);
    const b = urls('b', 10);
    const [runA, runB] = await Promise.all([
      runCli(dataDir, ['shorten', ...a]),
      runCli(dataDir, ['shorten', ...b]),
    ]);
    expect(runA.code, runA.stderr).toBe(0);
    expect(runB.code, runB.stderr).toBe(0);
    expectEachOnce([...a, ...b]);
  });
});
