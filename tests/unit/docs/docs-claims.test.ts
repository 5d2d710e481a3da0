import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { checkDocsClaims, checkFigures, undocumentedVariables } from '../../tools/docs-claims.js';

const ROOT = resolve(import.meta.dirname, '../../..');


describe('what the documentation names', () => {
  it('every flag, npm script, LINKDECK_* variable and settings file a page names is in the code, and every performance figure has its date and commit', () => {
    const problems = checkDocsClaims(ROOT)
      .map((p) => `${p.file}:${p.line}: ${p.claim} — ${p.problem}`);
    expect(problems).toEqual([]);
  });

  it('docs/configuration.md lists every LINKDECK_* variable the code reads', () => {
    expect(undocumentedVariables(ROOT)).toEqual([]);
  });
});

describe('the claims checker', () => {
  let root: string | undefined;
  afterEach(() => {
    if (root) rmSync(root, { recursive: true, force: true });
    root = undefined;
  });

  /** A checkout with a little code and the given pages. */
  function checkout(files: Record<string, string>): string {
    const dir = mkdtempSync(join(tmpdir(), 'docs-claims-'));
    const all: Record<string, string> = {
      'package.json': JSON.stringify({
        scripts: { start: 'x', test: 'x', bench: 'x', 'build:service': 'x' },
      }),
      'tests/bench/run.ts':
        "const BENCHES = [{ name: 'mirror', run }, { name: 'qr-export', run }];",
      'electron/app.ts':
        "const dir = env['LINKDECK_HOME_DIR']; program.option('--shout', 'louder'); write('prefs.json');",
      'electron/thing.test.ts':
        "expect(env['LINKDECK_TEST_ONLY']).toBeUndefined(); run('--only-in-a-test');",
      ...files,
    };
    for (const [path, text] of Object.entries(all)) {
      mkdirSync(dirname(join(dir, path)), { recursive: true });
      writeFileSync(join(dir, path), text);
    }
    return dir;
  }

  it('names each flag, script, bench part, variable and file the code does not have, with its page and line', () => {
    root = checkout({
      'README.md': [
        '# Demo',
        '`npm start`, `npm test`, `npm run build:service`, `npm run bench -- mirror` and `--shout` exist;',
        '`npm run deploy`, `npm run bench -- nothing`, `--whisper` and `--only-in-a-test` do not.',
        'The service reads `LINKDECK_PORT` (its --port flag), the app `LINKDECK_HOME_DIR`; not `LINKDECK_TEST_ONLY`.',
        'Settings are in `prefs.json` and `package.json`, not `options.json`; backups such as `backup-2026-11-27.db` are yours.',
        '```sh',
        'linkdeck --shout --volume 11   # code blocks too',
        '```',
        'See https://example.com/--not-a-flag for more.',
      ].join('\n'),
    });
    expect(checkDocsClaims(root).map((p) => `${p.file}:${p.line} ${p.claim}`)).toEqual([
      'README.md:3 --whisper',
      'README.md:3 --only-in-a-test',
      'README.md:3 npm run deploy',
      'README.md:3 npm run bench -- nothing',
      'README.md:4 LINKDECK_TEST_ONLY',
      'README.md:5 options.json',
      'README.md:7 --volume',
    ]);
  });

  it("lists the variables of the code that docs/configuration.md leaves out, the service flags' included", () => {
    root = checkout({ 'docs/configuration.md': '| `LINKDECK_HOME_DIR` | the data folder |\n' });
    const missing = undocumentedVariables(root);
    expect(missing).toContain('LINKDECK_PUBLIC_URL');
    expect(missing).toContain('LINKDECK_PORT');
    expect(missing).not.toContain('LINKDECK_HOME_DIR');
    expect(missing).not.toContain('LINKDECK_TEST_ONLY');
  });

  it('wants a date and a commit beside a measured figure, not beside a limit or a setting', () => {
    const page = [
      '# Speed',
      '',
      '## Undated',
      '',
      'Search takes 12 ms at p95 on 100,000 links.',
      '',
      '100,000 links export in about a second.',
      '',
      'Requests may take at most 1 MB and must arrive within 10 s; the poll is 100 to 500 ms.',
      '',
      'Goal: p95 ≤ 10 ms and p99 < 50 ms (measured by the bench).',
      '',
      "## Dated in the section's first paragraph",
      '',
      'Measured on 2026-11-27 at commit `a14bc8d`, load 2:',
      '',
      '| side | redirects/s |',
      '| --- | --- |',
      '| before | 39,452 → 45,269 redirects/s |',
      '',
      '## Dated in the same paragraph',
      '',
      'The writer 11.0 → 9.8 µs a click (2026-11-27, commit cce40c8).',
      '',
      '## Tables',
      '',
      'Median of 7 runs, load 16:',
      '',
      '| file | parse |',
      '| --- | --- |',
      '| Bitly CSV | 823 ms |',
      '',
      '| side | p95 |',
      '| --- | --- |',
      '| app | 12 ms |',
      '',
      '| setting | what is measured against it |',
      '| --- | --- |',
      '| the request timeout | 30 s |',
      '',
      '## A date without a commit is not enough',
      '',
      'On 2026-11-26 the facets p95 went 4.5 → 0.9 ms.',
      '',
      '```',
      'ratio list/fts: 1.9 (p95 12 ms)',
      '```',
    ].join('\n');
    expect(checkFigures('docs/speed.md', page).map((p) => p.line)).toEqual([5, 7, 31, 35, 43]);
  });
});
