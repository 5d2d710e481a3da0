import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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

  it('says with --verbose, in German, that there is no keychain and why (a D-Bus address that leads nowhere)', { timeout: 300_000 }, async () => {
    // A folder with no profile yet: the command opens the keychain before it finds that out.
    const empty = mkdtempSync(join(tmpdir(), 'linkdeck-cli-nokeychain-'));
    const env = { ...DE, DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent/linkdeck-test-bus' };
    const run = await runCli(empty, ['list', '--verbose'], { env });
    rmSync(empty, { recursive: true, force: true });
    expect(run.stderr).toContain('Linkdeck hat noch kein Profil');
    expect(run.stderr).toContain('Kein Schlüsselbund des Betriebssystems verfügbar (');
    expect(run.stderr).not.toContain('No OS keychain is available');
  });

  it('says an import file’s kind, its rows’ problems and what stops it in German', { timeout: 300_000 }, async () => {
    const csv = join(dataDir, 'bitly.csv');
    writeFileSync(csv, 'link,long_url,title,created_at\nhttps://bit.ly/abc,https://example.com/one,One,2024-01-02T03:04:05+0000\nhttps://bit.ly/def,keine-adresse,Two,2024-01-02T03:04:05+0000\n');
    const fromCsv = await runCli(dataDir, ['import', csv], { env: DE });
    expect(fromCsv.code, fromCsv.stderr).toBe(0);
    expect(fromCsv.stderr).toContain('bitly.csv: Bitly-Export, 2 Zeilen');
    expect(fromCsv.stderr).toMatch(/Zeile 3: .*keine vollständige Webadresse/);

    const json = join(dataDir, 'bitly.json');
    writeFileSync(json, JSON.stringify({ links: [{ link: 'https://bit.ly/x1', long_url: 'https://example.com/j1', id: 'bit.ly/x1' }] }));
    const fromJson = await runCli(dataDir, ['import', json], { env: DE });
    expect(fromJson.code, fromJson.stderr).toBe(0);
    expect(fromJson.stderr).toContain('bitly.json: Antwort der Bitly-API v4, 1 Zeile');

    const noUrl = join(dataDir, 'no-url.csv');
    writeFileSync(noUrl, 'title,note\nfoo,bar\n');
    const blocked = await runCli(dataDir, ['import', noUrl], { env: DE });
    expect(blocked.code).toBe(2);
    expect(blocked.stderr).toMatch(/Ziel-URL/);
    for (const run of [fromCsv, fromJson, blocked]) expect(run.stderr).not.toMatch(/Bitly export|API v4 answer|The URL|web address|Choose the column/);

    // --json keeps the English words for scripts.
    const english = await runCli(dataDir, ['import', json, '--json'], { env: DE });
    expect(english.stdout).toContain('"format":"Bitly API v4 answer"');
  });
});
