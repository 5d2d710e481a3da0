import { rmSync } from 'node:fs';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  cliBundle,
  lines,
  localWorkspaceFolder,
  runCli,
  startApp,
  type RunningApp,
} from './support/cli-harness.js';

/**
 * A refused create keeps its alias in the offline copy (the app shows it, marked refused), but it
 * never stands in for the service's link of that alias; the outbox's refused items can be
 * listed, retried and discarded from the command line. With and without the app running.
 */
describe.each([
  { mode: 'without the app', withApp: false },
  { mode: 'with the app running', withApp: true },
])('a refused alias $mode', ({ withApp }) => {
  let dataDir: string;
  let app: RunningApp | null = null;
  const cli = (args: string[]) => runCli(dataDir, args);

  beforeAll(async () => {
    await cliBundle();
  });
  beforeEach(async () => {
    ({ dataDir } = await localWorkspaceFolder());
    if (withApp) app = await startApp(dataDir);
  });
  afterEach(async () => {
    await app?.close();
    app = null;
    rmSync(dataDir, { recursive: true, force: true });
  });

  // Many runs of the command, each its own process: a bound for a loaded 2-core machine.
  it('never shadows the real link; outbox retry and discard act on the refused attempt', { timeout: 180_000 }, async () => {
    const real = await cli(['shorten', 'https://example.org/real', '--alias', 'launch']);
    expect(real.code, real.stderr).toBe(0);
    const [realShort] = lines(real.stdout);

    const refused = await cli(['shorten', 'https://example.org/other', '--alias', 'launch']);
    expect(refused.code).toBe(1);
    expect(lines(refused.stdout)).toEqual([]);

    // The refused attempt waits in the outbox, with its id.
    const listed = await cli(['outbox', '--json']);
    const items = JSON.parse(listed.stdout) as { opId: string; state: string }[];
    expect(items).toEqual([expect.objectContaining({ state: 'failed' })]);
    const opId = items[0]!.opId;
    const piped = await cli(['outbox']);
    expect(lines(piped.stdout)).toEqual([expect.stringMatching(new RegExp(`^failed\\t.*\\t${opId}$`))]);

    // stats and open act on the service's link, not on the attempt.
    const stats = await cli(['stats', 'launch', '--json']);
    expect(stats.code, stats.stderr).toBe(0);
    expect(JSON.parse(stats.stdout)).toMatchObject({ link: { shortUrl: realShort, longUrl: 'https://example.org/real' } });
    const found = await cli(['find', 'launch', '--json']);
    expect(JSON.parse(found.stdout).links).toEqual(
      expect.arrayContaining([expect.objectContaining({ shortUrl: realShort })]),
    );

    // Retrying while the alias is still taken: refused again, exit 1.
    const again = await cli(['outbox', 'retry', opId.slice(0, 8)]);
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/refused again/);

    // delete acts on the real link (the attempt stays queued).
    const deleted = await cli(['delete', 'launch', '--yes']);
    expect(deleted.code, deleted.stderr).toBe(0);
    // Now only the attempt has the alias: said, exit 1, with what to do.
    const onlyAttempt = await cli(['stats', 'launch']);
    expect(onlyAttempt.code).toBe(1);
    expect(onlyAttempt.stderr).toContain(`linkdeck outbox discard ${opId}`);

    // The alias is free now: the retry goes through and prints the short URL.
    const retried = await cli(['outbox', 'retry', opId]);
    expect(retried.code, retried.stderr).toBe(0);
    expect(lines(retried.stdout)).toEqual([expect.stringMatching(/\/launch$/)]);
    expect(JSON.parse((await cli(['outbox', '--json'])).stdout)).toEqual([]);
  });

  it('outbox discard drops a refused attempt (asks unless --yes); an unknown id is a usage error', { timeout: 120_000 }, async () => {
    expect((await cli(['shorten', 'https://example.org/real', '--alias', 'taken'])).code).toBe(0);
    expect((await cli(['shorten', 'https://example.org/other', '--alias', 'taken'])).code).toBe(1);
    const [item] = JSON.parse((await cli(['outbox', '--json'])).stdout) as { opId: string }[];
    const unasked = await cli(['outbox', 'discard', item!.opId]);
    expect(unasked.code).toBe(2);
    expect(unasked.stderr).toContain('--yes');
    expect((await cli(['outbox', 'discard', item!.opId, '--yes'])).code).toBe(0);
    expect(JSON.parse((await cli(['outbox', '--json'])).stdout)).toEqual([]);
    const unknown = await cli(['outbox', 'discard', 'ffffffffffff', '--yes']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('no change “ffffffffffff”');
  });
});
