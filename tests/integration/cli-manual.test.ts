import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Command } from 'commander';
import { buildProgram } from '../../electron/cli/program.js';
import { cliBundle } from './support/cli-harness.js';

/** linkdeck(1) and --version, from the bundle a user runs. */
describe('linkdeck manual page and version', () => {
  let bundle: string;
  beforeAll(async () => {
    bundle = await cliBundle();
  });

  it('--version names the commit the bundle was built from and its date', () => {
    const out = execFileSync(process.execPath, [bundle, '--version'], { encoding: 'utf8' }).trim();
    const commit = execFileSync('git', ['rev-parse', '--short=10', 'HEAD'], { encoding: 'utf8' }).trim();
    const date = execFileSync('git', ['log', '-1', '--format=%cs'], { encoding: 'utf8' }).trim();
    expect(out).toMatch(/^\d+\.\d+\.\d+\S* \([0-9a-f]{10}(\+changes)?, \d{4}-\d{2}-\d{2}\)$/);
    expect(out).toContain(commit);
    expect(out).toContain(date);
  });

  it('the manual page beside the bundle has every command and option of the program', () => {
    const page = join(dirname(bundle), 'linkdeck.1');
    expect(existsSync(page)).toBe(true);
    const roff = readFileSync(page, 'utf8');
    const plain = roff.replace(/\\-/g, '-');
    const program = buildProgram('x', async () => {});
    const walk = (c: Command, path: string[]): void => {
      for (const sub of c.commands) {
        const p = [...path, sub.name()];
        expect(plain, p.join(' ')).toContain(`.B linkdeck ${p.join(' ')}`);
        for (const o of sub.options) expect(plain, `${p.join(' ')} ${o.flags}`).toContain(o.flags);
        walk(sub, p);
      }
    };
    walk(program, []);
    for (const o of program.options) expect(plain).toContain(o.flags);
    expect(plain).toContain('LINKDECK_API_KEY');
  });

  it.skipIf(spawnSync('man', ['--version']).status !== 0)('man renders it (skipped where no man is installed)', () => {
    const page = join(dirname(bundle), 'linkdeck.1');
    const r = spawnSync('man', ['-l', page], { encoding: 'utf8', env: { ...process.env, MANPAGER: 'cat', MANWIDTH: '100' } });
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^LINKDECK\(1\)/);
    expect(r.stdout).toContain('linkdeck profiles add');
    expect(r.stderr).toBe('');
  });
});
