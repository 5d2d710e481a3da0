import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../support/service.js';
import { cliBundle, lines, runCli } from './support/cli-harness.js';

/**
 * `profiles add NAME --url` with a real keychain (gnome-keyring under a private D-Bus session:
 * run under tests/integration/keychain-session.sh): the key checked, kept in the keychain only,
 * and found there by the next run with no variable set.
 */
const withKeychain = process.env['LINKDECK_TEST_KEYCHAIN'] === '1';

function allFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    const stat = statSync(path);
    return stat.isDirectory() ? allFiles(path) : stat.isFile() ? [readFileSync(path).toString('latin1')] : [];
  });
}

describe.skipIf(!withKeychain)('linkdeck profiles with a real keychain (skipped unless run under keychain-session.sh)', () => {
  let dataDir: string;
  let remote: TestService;
  beforeAll(async () => {
    await cliBundle();
  });
  beforeEach(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'linkdeck-keychain-cli-'));
    remote = await startTestService();
  });
  afterEach(async () => {
    await remote.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('keeps the key in the keychain only; the next run finds it with no variable', { timeout: 180_000 }, async () => {
    const added = await runCli(dataDir, ['profiles', 'add', 'Work', '--url', remote.url, '--key-stdin'], { stdin: remote.key });
    expect(added.code, added.stderr).toBe(0);
    expect(added.stderr).not.toContain('LINKDECK_API_KEY');
    const made = await runCli(dataDir, ['shorten', 'https://example.org/kept']);
    expect(made.code, made.stderr).toBe(0);
    expect(lines(made.stdout)).toEqual([expect.stringMatching(new RegExp(`^${remote.url}/\\w+$`))]);
    const status = JSON.parse((await runCli(dataDir, ['status', '--json'])).stdout) as { key: { source: string } };
    expect(status.key.source).toBe('keychain');
    for (const text of allFiles(dataDir)) expect(text).not.toContain(remote.key);
    expect((await runCli(dataDir, ['profiles', 'remove', 'Work', '--yes'])).code).toBe(0);
  });
});
