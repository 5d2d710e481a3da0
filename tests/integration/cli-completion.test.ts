import { spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProfileSummary } from '../../electron/shared/contract.js';
import { cliBundle, localWorkspaceFolder, runCli, startApp, value } from './support/cli-harness.js';
import { startTestService } from '../support/service.js';
import { skipBecause } from '../support/skip-reason.js';

const has = (shell: string) => spawnSync(shell, ['--version']).status === 0;

/**
 * A data folder with two profiles (the local workspace and "Work" on a second service), and a
 * folder on the PATH holding `linkdeck` (the bundle) and the completion script `file` for
 * `shell`: what a user has after `completion install`.
 */
async function completionWorld(shell: 'bash' | 'zsh' | 'fish', file: string) {
  const bundle = await cliBundle();
  const { dataDir } = await localWorkspaceFolder();
  const remote = await startTestService();
  const app = await startApp(dataDir);
  await value<ProfileSummary>(app.backend, 'profiles:connect', { name: 'Work', baseUrl: remote.url, apiKey: remote.key });
  await app.close();
  const bin = mkdtempSync(join(tmpdir(), 'linkdeck-bin-'));
  writeFileSync(join(bin, 'linkdeck'), `#!/bin/sh\nexec "${process.execPath}" "${bundle}" "$@"\n`);
  chmodSync(join(bin, 'linkdeck'), 0o755);
  const made = await runCli(dataDir, ['completion', shell]);
  expect(made.code, made.stderr).toBe(0);
  writeFileSync(join(bin, file), made.stdout);
  const env = { ...process.env, PATH: `${bin}:${process.env['PATH']}`, LINKDECK_DATA_DIR: dataDir };
  const close = async () => {
    await remote.close();
    rmSync(bin, { recursive: true, force: true });
    rmSync(dataDir, { recursive: true, force: true });
  };
  return { dataDir, bin, script: join(bin, file), env, close };
}

/**
 * What every shell must offer, asked through that shell's `complete` (its offers sorted): `file`
 * is the completion script beside `linkdeck`, the file to offer where a file is expected.
 */
function sameInEveryShell(complete: (line: string) => string[], file: string): void {
  const start = file.slice(0, -2);

  it('completes commands and option values after global options', () => {
    expect(complete('linkdeck --profile Work sh')).toEqual(['shorten']);
    expect(complete('linkdeck -p Work list --sort c')).toEqual(['clicks']);
    expect(complete('linkdeck --json st')).toEqual(['stats', 'status']);
  });

  it('profile names after --profile, shell names after completion, subcommands after profiles', () => {
    expect(complete('linkdeck --profile ')).toEqual(['Local workspace', 'Work']);
    expect(complete('linkdeck shorten -p W')).toEqual(['Work']);
    expect(complete('linkdeck completion ')).toEqual(['bash', 'fish', 'install', 'zsh']);
    expect(complete('linkdeck profiles a')).toEqual(['add']);
    expect(complete('linkdeck outbox d')).toEqual(['discard']);
  });

  it('files only where a file is expected', () => {
    expect(complete(`linkdeck import ${start}`)).toEqual([file]);
    expect(complete(`linkdeck export -o ${start}`)).toEqual([file]);
    expect(complete(`linkdeck find ${start}`)).toEqual([]);
    expect(complete(`linkdeck completion ${start}`)).toEqual([]);
  });
}

/**
 * The bash completion script as bash runs it: sourced in a real bash, asked what completes a
 * line (COMP_WORDS as readline fills them), with `linkdeck` on the PATH as the bundle.
 */
describe.skipIf(skipBecause(!has('bash'), 'bash is not installed'))('linkdeck completion (bash)', () => {
  let world: Awaited<ReturnType<typeof completionWorld>>;

  beforeAll(async () => {
    world = await completionWorld('bash', 'linkdeck.bash');
  }, 120_000);
  afterAll(() => world.close());

  /** What bash offers for the line, the cursor at its end (a trailing space: a new word). */
  const complete = (line: string): string[] => {
    const words = line.split(' ');
    const program = `source ${JSON.stringify(world.script)}
COMP_WORDS=(${words.map((w) => `'${w}'`).join(' ')})
COMP_CWORD=${words.length - 1}
_linkdeck
printf '%s\\n' "\${COMPREPLY[@]}"`;
    const r = spawnSync('bash', ['--norc', '--noprofile', '-c', program], { encoding: 'utf8', cwd: world.bin, env: world.env });
    expect(r.status, r.stderr).toBe(0);
    return r.stdout.split('\n').filter((l) => l !== '').sort();
  };

  sameInEveryShell(complete, 'linkdeck.bash');

  it('completion install puts the script where bash-completion loads it', async () => {
    const home = mkdtempSync(join(tmpdir(), 'linkdeck-home-'));
    const r = await runCli(world.dataDir, ['completion', 'install', 'bash'], { env: { HOME: home, XDG_DATA_HOME: '' } });
    expect(r.code, r.stderr).toBe(0);
    const file = join(home, '.local/share/bash-completion/completions/linkdeck');
    expect(r.stdout.trim()).toBe(file);
    expect(readFileSync(file, 'utf8')).toBe(readFileSync(world.script, 'utf8'));
    const unknown = await runCli(world.dataDir, ['completion', 'install'], { env: { HOME: home, SHELL: '/bin/tcsh' } });
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('linkdeck completion install bash|zsh|fish');
    rmSync(home, { recursive: true, force: true });
  });
});

/**
 * The zsh script in a real interactive zsh: support/zsh-complete.zsh types the line into a zsh
 * in a pseudo-terminal (zsh/zpty), with the script's folder in $fpath and compinit run, presses
 * Tab and records what compadd was given (the zsh-capture-completion way).
 */
describe.skipIf(skipBecause(!has('zsh'), 'zsh is not installed (apt-get install zsh)'))('linkdeck completion (zsh)', () => {
  let world: Awaited<ReturnType<typeof completionWorld>>;
  const driver = join(import.meta.dirname, 'support/zsh-complete.zsh');

  beforeAll(async () => {
    world = await completionWorld('zsh', '_linkdeck');
  }, 120_000);
  afterAll(() => world.close());

  /** What zsh offers for the line, the cursor at its end; `fpath` is where _linkdeck is found. */
  const complete = (line: string, fpath = world.bin, env: NodeJS.ProcessEnv = world.env): string[] => {
    const out = join(mkdtempSync(join(tmpdir(), 'linkdeck-zsh-')), 'offers');
    const r = spawnSync('zsh', ['-f', driver, fpath, out, line], { encoding: 'utf8', cwd: world.bin, env, timeout: 60_000 });
    expect(r.status, r.stderr).toBe(0);
    let offers: string[] = [];
    try {
      offers = readFileSync(out, 'utf8').split('\n').filter((l) => l !== '');
    } catch {
      // No file: nothing was offered.
    }
    rmSync(dirname(out), { recursive: true, force: true });
    return [...new Set(offers)].sort();
  };

  sameInEveryShell(complete, '_linkdeck');

  it('completion install puts _linkdeck in the folder the printed ~/.zshrc line adds to $fpath', async () => {
    const home = mkdtempSync(join(tmpdir(), 'linkdeck-home-'));
    const r = await runCli(world.dataDir, ['completion', 'install', 'zsh'], { env: { HOME: home } });
    expect(r.code, r.stderr).toBe(0);
    const file = join(home, '.zfunc/_linkdeck');
    expect(r.stdout.trim()).toBe(file);
    expect(r.stderr).toContain('fpath=(~/.zfunc $fpath)');
    // The installed copy alone (not the one beside the bundle) completes in a zsh that follows it.
    rmSync(world.script);
    try {
      expect(complete('linkdeck --profile Work sh', join(home, '.zfunc'), { ...world.env, HOME: home })).toEqual(['shorten']);
    } finally {
      writeFileSync(world.script, readFileSync(file, 'utf8'));
      rmSync(home, { recursive: true, force: true });
    }
  });
});

/** The fish script in a real fish: `complete -C LINE` prints what fish offers for the line. */
describe.skipIf(skipBecause(!has('fish'), 'fish is not installed (apt-get install fish)'))('linkdeck completion (fish)', () => {
  let world: Awaited<ReturnType<typeof completionWorld>>;

  beforeAll(async () => {
    world = await completionWorld('fish', 'linkdeck.fish');
  }, 120_000);
  afterAll(() => world.close());

  /** The candidates (fish prints "candidate<TAB>description"). `source` unless `home` has it. */
  const complete = (line: string, home?: string): string[] => {
    const program = `${home ? '' : `source ${q(world.script)}; `}complete -C ${q(line)}`;
    const r = spawnSync('fish', home ? ['-c', program] : ['--no-config', '-c', program], {
      encoding: 'utf8',
      cwd: world.bin,
      env: home ? { ...world.env, HOME: home, XDG_CONFIG_HOME: '', XDG_DATA_HOME: join(home, '.local/share') } : world.env,
      timeout: 60_000,
    });
    expect(r.status, r.stderr).toBe(0);
    return r.stdout.split('\n').filter((l) => l !== '').map((l) => l.split('\t')[0]!).sort();
  };
  const q = (text: string) => `'${text.replace(/[\\']/g, '\\$&')}'`;

  sameInEveryShell(complete, 'linkdeck.fish');

  it('completion install puts the script where fish loads completions from', async () => {
    const home = mkdtempSync(join(tmpdir(), 'linkdeck-home-'));
    const r = await runCli(world.dataDir, ['completion', 'install', 'fish'], { env: { HOME: home, XDG_CONFIG_HOME: '' } });
    expect(r.code, r.stderr).toBe(0);
    const file = join(home, '.config/fish/completions/linkdeck.fish');
    expect(r.stdout.trim()).toBe(file);
    // A fish started with that HOME and nothing sourced completes linkdeck from the file alone.
    expect(complete('linkdeck --profile Work sh', home)).toEqual(['shorten']);
    rmSync(home, { recursive: true, force: true });
  });
});
