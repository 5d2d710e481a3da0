import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXIT_MEANING } from '../../electron/cli/output.js';
import { cliBundle, lines, localWorkspaceFolder, runCli, type CliRun } from './support/cli-harness.js';

/**
 * The script contract of every command, run from the bundle on the local workspace with no app
 * (the command opens the data itself): --json is JSON on stdout, errors included; mixed input
 * keeps one line per input line; --header, the piped columns; --copy that cannot copy fails;
 * one error prefix; --no-color and FORCE_COLOR.
 */
describe('linkdeck: the script contract', () => {
  let dataDir: string;
  const cli = (args: string[], options?: { stdin?: string; env?: Record<string, string> }) =>
    runCli(dataDir, args, options);
  const json = (r: CliRun) => {
    expect(r.stdout.length, `${r.stderr}`).toBeGreaterThan(0);
    return JSON.parse(r.stdout) as Record<string, unknown>;
  };

  beforeAll(async () => {
    await cliBundle();
    ({ dataDir } = await localWorkspaceFolder());
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('--json: a JSON document on stdout for every command, errors as { error } with the exit code', { timeout: 300_000 }, async () => {
    const made = await cli(['shorten', 'https://example.org/contract', '--alias', 'contract', '--json']);
    expect(made.code, made.stderr).toBe(0);
    expect(json(made)).toEqual([expect.objectContaining({ status: 'done', shortUrl: expect.stringMatching(/\/contract$/) })]);
    const file = join(dataDir, 'import.txt');
    writeFileSync(file, 'https://example.org/imported\n');
    const ok: string[][] = [
      ['profiles'],
      ['status'],
      ['find', 'contract'],
      ['list'],
      ['stats', 'contract'],
      ['sync', '--wait'],
      ['outbox'],
      ['import', file],
      ['export'],
      ['completion', 'bash'],
    ];
    for (const args of ok) {
      const r = await cli([...args, '--json']);
      expect(r.code, `${args.join(' ')}: ${r.stderr}`).toBe(0);
      expect(() => json(r), args.join(' ')).not.toThrow();
    }
    expect(json(await cli(['export', '--json']))).toMatchObject({ links: expect.any(Array) });

    const failing: [string[], number][] = [
      [['stats', 'no-such-alias'], 1],
      [['delete', 'contract'], 2], // no terminal to ask on: --yes needed
      [['list', '--sort', 'sideways'], 2], // commander's own usage error
      [['profiles', 'use', 'Nobody'], 2],
    ];
    for (const [args, code] of failing) {
      const r = await cli([...args, '--json']);
      expect(r.code, args.join(' ')).toBe(code);
      expect(json(r), args.join(' ')).toEqual({
        error: { message: expect.any(String), exitCode: code, meaning: EXIT_MEANING[code] },
      });
      expect(r.stderr).toMatch(/^linkdeck: |error: /m);
    }
    // shorten answers per input line, a refused line included: its document is the rows.
    const invalid = await cli(['shorten', 'not a url', '--json']);
    expect(invalid.code).toBe(2);
    expect(json(invalid)).toEqual([expect.objectContaining({ url: 'not a url', status: 'invalid', shortUrl: null })]);
    const deleted = await cli(['delete', 'contract', '--yes', '--json']);
    expect(deleted.code, deleted.stderr).toBe(0);
    expect(() => json(deleted)).not.toThrow();
  });

  it('mixed input: one output line per input line, in order; the invalid one empty, its reason on stderr', { timeout: 120_000 }, async () => {
    const r = await cli(['shorten', '-'], {
      stdin: 'https://example.org/one\nnot a url\nhttps://example.org/three\n',
    });
    expect(r.code).toBe(1);
    const out = r.stdout.split('\n');
    expect(out).toHaveLength(4); // three lines and the final newline
    expect(out[0]).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/\w+$/);
    expect(out[1]).toBe('');
    expect(out[2]).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/\w+$/);
    expect(r.stderr).toMatch(/^linkdeck: line 2, not a url: /m);
    expect(r.stderr).toContain('2 of 3 shortened; 1 not sent');
  });

  it('piped find: the documented columns with the alias, --header names them', { timeout: 120_000 }, async () => {
    expect((await cli(['shorten', 'https://example.org/columns', '--alias', 'columns'])).code).toBe(0);
    const r = await cli(['find', 'columns', '--header']);
    expect(r.code, r.stderr).toBe(0);
    const [header, row] = lines(r.stdout);
    expect(header).toBe('short_url\tlong_url\tclicks\ttitle\talias');
    const cells = row!.split('\t');
    expect(cells).toHaveLength(5);
    expect(cells[0]).toMatch(/\/columns$/);
    expect(cells[1]).toBe('https://example.org/columns');
    expect(cells[4]).toBe('columns');
    expect(lines((await cli(['find', 'columns'])).stdout)).toHaveLength(1);
  });

  it('--copy that could not copy exits 1 (the short URL is still printed)', { timeout: 120_000 }, async () => {
    const emptyPath = mkdtempSync(join(tmpdir(), 'linkdeck-no-tools-'));
    const r = await cli(['shorten', 'https://example.org/copy-fails', '--copy'], {
      env: { PATH: emptyPath },
    });
    expect(r.code).toBe(1);
    expect(lines(r.stdout)).toHaveLength(1);
    expect(r.stderr).toMatch(/^linkdeck: Could not copy/m);
    rmSync(emptyPath, { recursive: true, force: true });
  });

  it('colour: FORCE_COLOR turns it on in a pipe, --no-color off again', { timeout: 120_000 }, async () => {
    const forced = await cli(['stats', 'no-such-alias'], { env: { FORCE_COLOR: '1' } });
    expect(forced.stderr).toContain('\u001b[31mlinkdeck: ');
    const plain = await cli(['stats', 'no-such-alias', '--no-color'], { env: { FORCE_COLOR: '1' } });
    expect(plain.stderr).toMatch(/^linkdeck: /m);
    expect(plain.stderr).not.toContain('\u001b[');
  });
});
