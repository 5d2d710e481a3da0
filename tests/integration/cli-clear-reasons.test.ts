import { readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startService } from '../../electron/service/start.js';
import { cliBundle, localWorkspaceFolder, runCli } from './support/cli-harness.js';

/** Clear reasons: what stops a command is said at once, and nothing is left behind in the folder. */
describe('linkdeck says why, and cleans up', () => {
  let dataDir: string;

  beforeAll(async () => {
    await cliBundle();
  });
  beforeEach(async () => {
    ({ dataDir } = await localWorkspaceFolder());
  });
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  const doorFiles = () => readdirSync(dataDir).filter((n) => n.startsWith('linkdeck-cli'));

  it('the local workspace folder held by another service: says so (exit 1), nothing queued', { timeout: 120_000 }, async () => {
    const other = await startService({ dataDir: join(dataDir, 'local-workspace'), port: 0 });
    try {
      const r = await runCli(dataDir, ['shorten', 'https://example.org/held']);
      expect(r.code).toBe(1);
      expect(r.stderr).toContain('another Linkdeck service is running on its folder');
      expect(r.stderr).not.toMatch(/keychain/i);
      expect(doorFiles()).toEqual([]);
    } finally {
      await other.close();
    }
    const outbox = await runCli(dataDir, ['outbox', '--json']);
    expect(JSON.parse(outbox.stdout)).toEqual([]);
  });

  it('the socket and token files are gone after a command, done or failed', { timeout: 120_000 }, async () => {
    expect((await runCli(dataDir, ['shorten', 'https://example.org/clean'])).code).toBe(0);
    expect(doorFiles()).toEqual([]);
    expect((await runCli(dataDir, ['stats', 'no-such-alias'])).code).toBe(1);
    expect(doorFiles()).toEqual([]);
    expect((await runCli(dataDir, ['--profile', 'Nobody', 'shorten', 'https://example.org/x'])).code).toBe(2);
    expect(doorFiles()).toEqual([]);
  });
});
