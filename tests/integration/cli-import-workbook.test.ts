import { readFileSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fixturePath } from '../support/import-fixtures.js';
import { cliBundle, localWorkspaceFolder, runCli, serviceLinks } from './support/cli-harness.js';

/**
 * `linkdeck import` reads what Bulk → Import reads, through the same readers: Excel and
 * OpenDocument workbooks (the fixtures LibreOffice made, see tests/fixtures/imports/SOURCES.md),
 * a sheet named with --sheet, the same size limit; bytes from stdin as they are. Against the
 * local workspace's real service, no app running.
 */
describe('linkdeck import of workbooks', () => {
  let dataDir: string;
  const cli = (args: string[], stdin?: string | Uint8Array) => runCli(dataDir, args, stdin === undefined ? {} : { stdin });

  beforeAll(async () => {
    await cliBundle();
  });
  beforeEach(async () => {
    ({ dataDir } = await localWorkspaceFolder());
  });
  afterEach(() => {
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('a workbook of several sheets needs --sheet: without it (or with a name it lacks) its sheets are listed, exit 2', { timeout: 120_000 }, async () => {
    const xlsx = fixturePath('links-workbook.xlsx');
    const unnamed = await cli(['import', xlsx]);
    expect(unnamed.code).toBe(2);
    expect(unnamed.stderr).toContain('“links-workbook.xlsx” has 2 sheets: “Links” and “Archive”. Say which to import with --sheet NAME');
    const wrong = await cli(['import', xlsx, '--sheet', 'Links 2024']);
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toContain('“links-workbook.xlsx” has no sheet “Links 2024”. Its sheets: “Links” and “Archive”.');
    // In German as a person there runs it: the sheets joined and quoted as German does.
    const german = await runCli(dataDir, ['import', xlsx, '--sheet', 'Links 2024'], { env: { LANG: 'de_DE.UTF-8' } });
    expect(german.code).toBe(2);
    expect(german.stderr).toContain('„links-workbook.xlsx“ hat kein Blatt „Links 2024“. Seine Blätter: „Links“ und „Archive“.');
    const notWorkbook = await cli(['import', fixturePath('bitly-links.csv'), '--sheet', 'Links']);
    expect(notWorkbook.code).toBe(2);
    expect(notWorkbook.stderr).toContain('“bitly-links.csv” is not a workbook');
    expect(serviceLinks(dataDir)).toEqual([]);
  });

  it.each(['links-workbook.xlsx', 'links-workbook.ods'])('%s --sheet: the dry run reads the sheet as the app does (JSON), nothing sent', { timeout: 120_000 }, async (name) => {
    const dry = await cli(['import', fixturePath(name), '--sheet', 'links', '--json']);
    expect(dry.code, dry.stderr).toBe(0);
    expect(JSON.parse(dry.stdout)).toMatchObject({
      dryRun: true,
      workbook: { format: name.endsWith('.ods') ? 'ods' : 'xlsx', sheet: 'Links', sheets: ['Links', 'Archive'] },
      format: expect.stringMatching(/Bitly/),
      rows: 3,
      valid: 3,
      invalid: 0,
    });
    const human = await cli(['import', fixturePath(name), '--sheet', 'Archive']);
    expect(human.code, human.stderr).toBe(0);
    expect(human.stderr).toContain(`${fixturePath(name)} (sheet “Archive”): `);
    expect(human.stderr).toMatch(/1 row: 1 to import/);
    expect(serviceLinks(dataDir)).toEqual([]);
  });

  it('a workbook piped in (- for stdin) with --yes: its links are made at the service', { timeout: 120_000 }, async () => {
    const done = await cli(['import', '-', '--sheet', 'Links', '--yes'], readFileSync(fixturePath('links-workbook.xlsx')));
    expect(done.code, done.stderr).toBe(0);
    expect(done.stderr).toMatch(/3 created/);
    expect(serviceLinks(dataDir).map((l) => l.alias).sort()).toEqual(['3TokyoQ', 'cafe-creme', 'spring-sale']);
  });

  it('stdin is read as bytes: a Windows-1252 CSV piped in reads as the same file named', { timeout: 120_000 }, async () => {
    const file = fixturePath('excel-windows-1252.csv');
    const named = await cli(['import', file, '--json']);
    const piped = await cli(['import', '-', '--json'], readFileSync(file));
    expect(named.code, named.stderr).toBe(0);
    expect(piped.code, piped.stderr).toBe(0);
    const { file: _named, ...fromFile } = JSON.parse(named.stdout) as Record<string, unknown>;
    const { file: _piped, ...fromStdin } = JSON.parse(piped.stdout) as Record<string, unknown>;
    expect(fromStdin).toEqual(fromFile);
    expect(fromFile).toMatchObject({ encoding: 'windows-1252', invalid: 0 });
    expect(fromFile['valid']).toBeGreaterThan(0);
  });

  it('a file over the importer’s 20 MB is refused before it is read, named or piped', { timeout: 120_000 }, async () => {
    const big = join(dataDir, 'huge.xlsx');
    writeFileSync(big, '');
    truncateSync(big, 21 * 1024 * 1024);
    const named = await cli(['import', big]);
    expect(named.code).toBe(2);
    expect(named.stderr).toContain('"huge.xlsx" is 21.0 MB; Linkdeck imports files up to 20.0 MB');
    const piped = await cli(['import', '-'], new Uint8Array(21 * 1024 * 1024));
    expect(piped.code).toBe(2);
    expect(piped.stderr).toContain('“stdin” holds more than 20 MB');
  });
});
