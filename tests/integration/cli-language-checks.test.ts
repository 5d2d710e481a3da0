import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliBundle, localWorkspaceFolder, runCli } from './support/cli-harness.js';

/**
 * `linkdeck shorten`'s own checks of a line (the quick-shorten form's rules: a full web address,
 * a custom alias's characters) said in the person's language (issue 44): the real bundle under
 * LANG=de_DE.UTF-8. The English stays for --json, whatever the language.
 */
describe('linkdeck shorten: a refused line in the person’s language', () => {
  let dataDir: string;
  const DE = { LANG: 'de_DE.UTF-8' };

  beforeAll(async () => {
    await cliBundle();
    ({ dataDir } = await localWorkspaceFolder());
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('names a line that is no web address, and an alias with refused characters, in German', { timeout: 300_000 }, async () => {
    const url = await runCli(dataDir, ['shorten', 'keine-adresse'], { env: DE });
    expect(url.code, url.stderr).toBe(2);
    expect(url.stderr).toMatch(/Zeile 1, keine-adresse: .*(Webadresse|http:\/\/ oder https:\/\/)/);
    expect(url.stderr).not.toMatch(/The URL|web address|must start/);

    const alias = await runCli(dataDir, ['shorten', 'https://example.org/a', '--alias', 'a b'], { env: DE });
    expect(alias.code, alias.stderr).toBe(2);
    expect(alias.stderr).toMatch(/Zeile 1, https:\/\/example\.org\/a: .*Alias/);
    expect(alias.stderr).not.toMatch(/custom alias|may contain only|letters/);

    // --json keeps the English sentence for scripts.
    const json = await runCli(dataDir, ['shorten', 'keine-adresse', '--json'], { env: DE });
    expect(json.stdout).toContain('The URL is not a full web address');
  });
});
