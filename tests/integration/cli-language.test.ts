import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliLocaleFrom, posixLanguages } from '../../electron/cli/i18n.js';
import { cliBundle, localWorkspaceFolder, runCli, type CliRun } from './support/cli-harness.js';

/**
 * `linkdeck` in the person's language (issue 44): the real bundle, run with LANG=de_DE.UTF-8 and
 * with LANG=C on the same data folder. The sentences for a person change; what scripts read
 * (--json, piped lines, CSV, exit codes) is byte for byte the same.
 */
describe('linkdeck: the language of its human output', () => {
  let dataDir: string;
  const C = { LANG: 'C' };
  const DE = { LANG: 'de_DE.UTF-8' };
  const cli = (args: string[], env: Record<string, string>) => runCli(dataDir, args, { env });
  const same = (a: CliRun, b: CliRun, what: string) => {
    expect(b.code, `${what}: ${b.stderr}`).toBe(a.code);
    expect(b.stdout, what).toBe(a.stdout);
  };

  beforeAll(async () => {
    await cliBundle();
    ({ dataDir } = await localWorkspaceFolder());
    const made = await cli(['shorten', 'https://example.org/sprache', '--alias', 'sprache'], C);
    expect(made.code, made.stderr).toBe(0);
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('says its sentences in German, with real plurals, under LANG=de_DE.UTF-8', { timeout: 300_000 }, async () => {
    const one = await cli(['find', 'sprache'], DE);
    expect(one.code, one.stderr).toBe(0);
    expect(one.stderr).toMatch(/^1 Link in der Kopie von .+ auf diesem Computer, synchronisiert /m);
    expect(one.stderr).not.toMatch(/in the copy of|synced/);

    const made = await cli(['shorten', 'https://example.org/zwei', 'https://example.org/drei'], C);
    expect(made.code, made.stderr).toBe(0);
    const three = await cli(['list'], DE);
    expect(three.stderr).toMatch(/^3 Links in der Kopie von /m);
    const english = await cli(['list'], C);
    expect(english.stderr).toMatch(/^3 links in the copy of /m);

    const nobody = await cli(['profiles', 'use', 'Niemand'], DE);
    expect(nobody.code).toBe(2);
    expect(nobody.stderr).toContain('Es gibt kein Profil „Niemand“');

    const empty = await cli(['outbox'], DE);
    expect(empty.stderr).toMatch(/^Im Postausgang von .+ wartet nichts\.$/m);

    // The app's own checks of a line (the quick-shorten form's), in German on stderr.
    const notAUrl = await cli(['shorten', 'not a url', '--alias', 'ok-alias'], DE);
    expect(notAUrl.code).toBe(2);
    expect(notAUrl.stderr).toContain('Die Ziel-URL ist keine vollständige Webadresse: Sie muss mit http:// oder https:// beginnen.');
    const badAlias = await cli(['shorten', 'https://example.org/a', '--alias', 'a b'], DE);
    expect(badAlias.stderr).toContain('Der eigene Alias darf nur die Buchstaben A–Z und a–z, Ziffern, „-“ und „_“ enthalten.');
    expect(notAUrl.stderr + badAlias.stderr).not.toMatch(/must start|may contain only/);
  });

  it('keeps --json, piped lines, CSV and exit codes identical to LANG=C', { timeout: 300_000 }, async () => {
    const runs: string[][] = [
      ['list', '--json'],
      ['find', 'sprache', '--json'],
      ['list'], // piped: tab-separated lines
      ['list', '--header'],
      ['list', '--csv'],
      ['export'],
      ['profiles'],
      ['profiles', '--json'],
      ['outbox', '--json'],
      ['status', '--json'],
      ['profiles', 'use', 'Niemand', '--json'], // an error: { error } in English, exit 2
      ['shorten', 'not a url', '--json'],
    ];
    for (const args of runs) same(await cli(args, C), await cli(args, DE), args.join(' '));
    // Piped `status` (key, tab, value) is for scripts too; its "synced N seconds ago" moves between
    // two runs, so its keys and words are checked rather than its bytes.
    const status = await cli(['status'], DE);
    expect(status.stdout).toMatch(/^profile\t.+\nservice\t.+\nkey\tfound \((local workspace|keychain)\)\n/);
    expect(status.stdout).toMatch(/^mirror\t(synced (just now|.+ ago)|not synced yet)$/m);
  });

  it('writes --help and commander’s usage errors in German; English under LANG=C', { timeout: 300_000 }, async () => {
    const help = await cli(['--help'], DE);
    expect(help.code, help.stderr).toBe(0);
    expect(help.stdout).toMatch(/^Aufruf: linkdeck /);
    for (const words of ['Optionen:', 'Befehle:', 'Beispiele:', 'Ergebnisse als JSON ausgeben (für Skripte)', 'Hilfe zu einem Befehl anzeigen'])
      expect(help.stdout).toContain(words);
    expect(help.stdout).not.toMatch(/Usage:|Options:|Commands:|Examples:|print results as JSON|display help/);
    const exportHelp = await cli(['export', '--help'], DE);
    // The choices are an "or" list in the language's own quotes (electron/shared/i18n/lists.ts).
    expect(exportHelp.stdout).toMatch(/--format <format> +Dateiformat \(Werte: „csv“ oder „json“, Standard: „csv“\)/);
    const english = await cli(['--help'], C);
    expect(english.stdout).toMatch(/^Usage: linkdeck /);
    expect(english.stdout).toContain('print results as JSON (for scripts)');

    const wrong = await cli(['list', '--bogus'], DE);
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toBe('Fehler: unbekannte Option „--bogus“\n(mit --help erfahren Sie, wie der Befehl verwendet wird)\n');
    const missing = await cli(['shorten'], DE);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('Fehler: das Argument „url“ fehlt');
    // A script's --json answer to a wrong command line does not change with the language.
    same(await cli(['list', '--bogus', '--json'], C), await cli(['list', '--bogus', '--json'], DE), 'list --bogus --json');
  });

  it('says the import’s dry run and result and the export’s file in German', { timeout: 300_000 }, async () => {
    const file = join(dataDir, 'sprache.csv');
    writeFileSync(file, 'URL,Alias\nhttps://example.org/eins,imp-eins\nhttps://example.org/zwei-a,imp-zwei\nkeine url,imp-nix\n');
    const dry = await cli(['import', file], DE);
    expect(dry.code, dry.stderr).toBe(0);
    expect(dry.stderr).toContain(`${file}: CSV, 3 Zeilen: 2 zu importieren, 1 mit Problemen.`);
    expect(dry.stderr).toMatch(/^ {2}Zeile 4: /m);
    expect(dry.stderr).toContain('Probelauf: Es wurde nichts gesendet.');
    expect(dry.stderr).not.toMatch(/Dry run|to import|rows/);
    same(await cli(['import', file, '--json'], C), await cli(['import', file, '--json'], DE), 'import --json');
    const done = await cli(['import', file, '--yes'], DE);
    expect(done.code, done.stderr).toBe(0);
    expect(done.stderr).toMatch(/^2 erstellt, 0 wiederverwendet, 0 fehlgeschlagen\.$/m);

    const out = join(dataDir, 'export.csv');
    const wrote = await cli(['export', '-o', out], DE);
    expect(wrote.code, wrote.stderr).toBe(0);
    expect(wrote.stderr).toBe(`${out} wurde geschrieben.\n`);
    expect(existsSync(out)).toBe(true);
    // The file itself is for programs: English headers whatever the language.
    expect(readFileSync(out, 'utf8').replace(/^\ufeff/, '')).toMatch(/^id,alias,short_url,long_url/);
  });

  it('reads the environment as gettext does', () => {
    // LANGUAGE first, then LC_ALL, LC_MESSAGES, LANG; empty ones are skipped.
    expect(cliLocaleFrom({ LANG: 'de_DE.UTF-8' })).toBe('de');
    expect(cliLocaleFrom({ LANG: 'de_DE.UTF-8', LC_ALL: 'fr_FR.UTF-8' })).toBe('fr');
    expect(cliLocaleFrom({ LANG: 'de_DE.UTF-8', LC_MESSAGES: 'es_ES.UTF-8' })).toBe('es');
    expect(cliLocaleFrom({ LANG: 'de_DE.UTF-8', LC_ALL: '' })).toBe('de');
    expect(cliLocaleFrom({ LANG: 'de_DE.UTF-8', LANGUAGE: 'pt_BR:de' })).toBe('pt-BR');
    // LANGUAGE counts only when the locale is not C: LC_ALL=C in a script means English.
    expect(cliLocaleFrom({ LC_ALL: 'C', LANGUAGE: 'fr' })).toBe('en');
    expect(cliLocaleFrom({ LANG: 'POSIX' })).toBe('en');
    expect(cliLocaleFrom({})).toBe('en');
    expect(posixLanguages({ LANG: 'pt_PT.UTF-8' })).toEqual(['pt_PT.UTF-8']);
  });
});
