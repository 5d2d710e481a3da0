import { spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProfileSummary } from '../../electron/shared/contract.js';
import { cliBundle, localWorkspaceFolder, runCli, startApp, value } from './support/cli-harness.js';
import { startTestService, type TestService } from '../support/service.js';

/**
 * The bash completion script as bash runs it: sourced in a real bash, asked what completes a
 * line (COMP_WORDS as readline fills them), with `linkdeck` on the PATH as the bundle.
 */
const hasBash = spawnSync('bash', ['--version']).status === 0;

describe.skipIf(!hasBash)('linkdeck completion (bash; skipped where bash is missing)', () => {
  let dataDir: string;
  let bin: string;
  let script: string;
  let remote: TestService;

  beforeAll(async () => {
    const bundle = await cliBundle();
    ({ dataDir } = await localWorkspaceFolder());
    remote = await startTestService();
    const app = await startApp(dataDir);
    await value<ProfileSummary>(app.backend, 'profiles:connect', { name: 'Work', baseUrl: remote.url, apiKey: remote.key });
    await app.close();
    bin = mkdtempSync(join(tmpdir(), 'linkdeck-bin-'));
    writeFileSync(join(bin, 'linkdeck'), `#!/bin/sh\nexec "${process.execPath}" "${bundle}" "$@"\n`);
    chmodSync(join(bin, 'linkdeck'), 0o755);
    script = join(bin, 'linkdeck.bash');
    const made = await runCli(dataDir, ['completion', 'bash']);
    expect(made.code, made.stderr).toBe(0);
    writeFileSync(script, made.stdout);
  }, 120_000);
  afterAll(async () => {
    await remote.close();
    rmSync(bin, { recursive: true, force: true });
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** What bash offers for the line, the cursor at its end (a trailing space: a new word). */
  const complete = (line: string): string[] => {
    const words = line.split(' ');
    const program = `source ${JSON.stringify(script)}
COMP_WORDS=(${words.map((w) => `'${w}'`).join(' ')})
COMP_CWORD=${words.length - 1}
_linkdeck
printf '%s\\n' "\${COMPREPLY[@]}"`;
    const r = spawnSync('bash', ['--norc', '--noprofile', '-c', program], {
      encoding: 'utf8',
      cwd: bin,
      env: { ...process.env, PATH: `${bin}:${process.env['PATH']}`, LINKDECK_DATA_DIR: dataDir },
    });
    expect(r.status, r.stderr).toBe(0);
    return r.stdout.split('\n').filter((l) => l !== '');
  };

  it('completes commands and option values after global options', () => {
    expect(complete('linkdeck --profile Work sh')).toEqual(['shorten']);
    expect(complete('linkdeck -p Work list --sort c')).toEqual(['clicks']);
    expect(complete('linkdeck --json st')).toEqual(['status', 'stats']);
  });

  it('profile names after --profile, shell names after completion, subcommands after profiles', () => {
    expect(complete('linkdeck --profile ')).toEqual(['Local workspace', 'Work']);
    expect(complete('linkdeck shorten -p W')).toEqual(['Work']);
    expect(complete('linkdeck completion ')).toEqual(['bash', 'zsh', 'fish', 'install']);
    expect(complete('linkdeck profiles a')).toEqual(['add']);
    expect(complete('linkdeck outbox d')).toEqual(['discard']);
  });

  it('files only where a file is expected', () => {
    expect(complete('linkdeck import linkdeck.b')).toEqual(['linkdeck.bash']);
    expect(complete('linkdeck export -o linkdeck.b')).toEqual(['linkdeck.bash']);
    expect(complete('linkdeck find linkdeck.b')).toEqual([]);
    expect(complete('linkdeck completion linkdeck.b')).toEqual([]);
  });

  it('completion install puts the script where bash-completion loads it', async () => {
    const home = mkdtempSync(join(tmpdir(), 'linkdeck-home-'));
    const r = await runCli(dataDir, ['completion', 'install', 'bash'], { env: { HOME: home, XDG_DATA_HOME: '' } });
    expect(r.code, r.stderr).toBe(0);
    const file = join(home, '.local/share/bash-completion/completions/linkdeck');
    expect(r.stdout.trim()).toBe(file);
    expect(readFileSync(file, 'utf8')).toBe(readFileSync(script, 'utf8'));
    const unknown = await runCli(dataDir, ['completion', 'install'], { env: { HOME: home, SHELL: '/bin/tcsh' } });
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('linkdeck completion install bash|zsh|fish');
    rmSync(home, { recursive: true, force: true });
  });
});
