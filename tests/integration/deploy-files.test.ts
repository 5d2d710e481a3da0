import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { envName, FLAGS } from '../../electron/service/cli-options.js';
import { ROOT } from './support/service-process.js';

/*
 * What a self-hoster installs (issue 32): the systemd unit, checked by systemd's own tools where
 * they are installed, and the container image, built and smoke-tested where a container engine
 * runs and the base image can be had. Where a tool is missing the test says why it is skipped.
 * CI (.github/workflows/ci.yml, job service-deploy) builds the image and installs the unit on a
 * runner with both, and runs tests/tools/deploy-smoke.mjs against each.
 */

const deploy = (file: string) => readFileSync(join(ROOT, 'resources/deploy', file), 'utf8');
const unit = deploy('linkdeck-service.service');
const has = (tool: string) => spawnSync('sh', ['-c', `command -v ${tool}`]).status === 0;
const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** The value of each `Key=` line of the unit (a key given twice keeps both). */
function unitValues(key: string): string[] {
  return [...unit.matchAll(new RegExp(`^${key}=(.*)$`, 'gm'))].map((m) => m[1] as string);
}

const SYSTEMD_SKIP = has('systemd-analyze') ? null : 'systemd-analyze is not installed here (apt-get install systemd), so the unit is not verified';
if (SYSTEMD_SKIP) console.warn(`[deploy-files] ${SYSTEMD_SKIP}.`);

describe('the systemd unit (resources/deploy/linkdeck-service.service)', () => {
  it('runs the bundle with plain node, no npm and no tsx, with flags the service knows, in the sandbox the issue asks for', () => {
    const [execStart] = unitValues('ExecStart');
    expect(execStart).toMatch(/^\/usr\/bin\/node \/opt\/linkdeck\/out\/service\/cli\.js /);
    expect(execStart).not.toMatch(/\bnpm\b|\btsx\b/);
    for (const [, flag] of (execStart as string).matchAll(/--([a-z-]+)/g)) expect(Object.keys(FLAGS)).toContain(flag);
    expect(unitValues('StateDirectory')).toEqual(['linkdeck']);
    expect(execStart).toContain('--data /var/lib/linkdeck');
    expect(unitValues('PrivateTmp')).toEqual(['true']);
    expect(unitValues('ProtectSystem')).toEqual(['strict']);
    expect(unitValues('NoNewPrivileges')).toEqual(['true']);
    // The data folder's mode the service insists on.
    expect(unitValues('StateDirectoryMode')).toEqual(['0700']);
  });

  it.skipIf(SYSTEMD_SKIP !== null)('passes systemd-analyze verify without a warning, and security rates its exposure at most 2 of 10', () => {
    const dir = mkdtempSync(join(tmpdir(), 'linkdeck-unit-'));
    dirs.push(dir);
    const file = join(dir, 'linkdeck-service.service');
    copyFileSync(join(ROOT, 'resources/deploy/linkdeck-service.service'), file);
    const verify = spawnSync('systemd-analyze', ['verify', file], { encoding: 'utf8' });
    // verify exits 0 even on unknown keys and bad values: its warnings are the verdict.
    expect(verify.status, verify.stderr).toBe(0);
    expect(`${verify.stdout}${verify.stderr}`.trim()).toBe('');
    // The nightly backup's unit and timer (docs/hosting.md, "Backups and restore") as well.
    const backupFiles = ['linkdeck-backup.service', 'linkdeck-backup.timer'].map((name) => {
      copyFileSync(join(ROOT, 'resources/deploy', name), join(dir, name));
      return join(dir, name);
    });
    const backupVerify = spawnSync('systemd-analyze', ['verify', ...backupFiles], { encoding: 'utf8' });
    expect(backupVerify.status, backupVerify.stderr).toBe(0);
    expect(`${backupVerify.stdout}${backupVerify.stderr}`.trim()).toBe('');
    const security = spawnSync('systemd-analyze', ['security', '--offline=true', '--no-pager', file], { encoding: 'utf8' });
    const level = /Overall exposure level for linkdeck-service\.service: ([\d.]+)/.exec(security.stdout)?.[1];
    expect(level, security.stdout + security.stderr).toBeDefined();
    expect(Number(level)).toBeLessThanOrEqual(2);
  });
});

/** Why no image can be built here, or null when one can. */
function containerSkipReason(): { engine: string } | { skip: string } {
  const engine = ['docker', 'podman'].find(has);
  if (!engine) return { skip: 'neither docker nor podman is installed' };
  const info = spawnSync(engine, ['info'], { encoding: 'utf8', timeout: 20_000 });
  if (info.status !== 0) return { skip: `${engine} is installed but no container engine runs (${engine} info: ${(info.stderr || info.stdout).trim().split('\n').pop()})` };
  const base = spawnSync(engine, ['pull', 'node:22-slim'], { encoding: 'utf8', timeout: 120_000 });
  if (base.status !== 0) return { skip: `the base image node:22-slim cannot be pulled (${(base.stderr || base.stdout).trim().split('\n').pop()})` };
  return { engine };
}
const container = containerSkipReason();
if ('skip' in container) console.warn(`[deploy-files] the container image is not built here: ${container.skip}. CI builds and smoke-tests it.`);

describe('the container image (resources/deploy/Containerfile, resources/deploy/compose.yaml)', () => {
  it('is multi-stage on node:22-slim, runs as a non-root user with the data folder a volume, a health check, the port exposed', () => {
    const file = deploy('Containerfile');
    const stages = [...file.matchAll(/^FROM (\S+)/gm)].map((m) => m[1]);
    expect(stages.length).toBeGreaterThanOrEqual(2);
    expect(new Set(stages)).toEqual(new Set(['node:22-slim']));
    expect(file).toMatch(/^USER node$/m);
    expect(file).toMatch(/^VOLUME \/data$/m);
    expect(file).toMatch(/^HEALTHCHECK .*\n.*\/healthz/m);
    expect(file).toMatch(/^EXPOSE 8080$/m);
    expect(file).toMatch(/^ENTRYPOINT \["node", "\/app\/service\/cli\.js"\]$/m);
    expect(file).not.toMatch(/^(CMD|ENTRYPOINT).*\bnpm\b/m);
  });

  it('keeps its health check under podman (issue 41): compose.yaml repeats it, every podman build written says --format docker', () => {
    // podman builds OCI images by default, and the OCI image format has no HEALTHCHECK.
    expect(deploy('compose.yaml')).toMatch(/^ {4}healthcheck:\n {6}test: \[.*\/healthz/m);
    const hosting = readFileSync(join(ROOT, 'docs/hosting.md'), 'utf8');
    for (const [name, text] of [['docs/hosting.md', hosting], ['Containerfile', deploy('Containerfile')]] as const) {
      const builds = [...text.matchAll(/podman build[^\n]*/g)].map((m) => m[0]);
      expect(builds.length, name).toBeGreaterThan(0);
      for (const build of builds) expect(build, name).toContain('--format docker');
    }
  });

  it('sets only environment variables the service reads (each flag is LINKDECK_<FLAG>)', () => {
    const known = new Set(Object.keys(FLAGS).map(envName));
    for (const text of [deploy('Containerfile'), deploy('compose.yaml')]) {
      const used = [...text.matchAll(/\b(LINKDECK_[A-Z_]+)\b/g)].map((m) => m[1] as string).filter((name) => name !== 'LINKDECK_DOMAIN');
      expect(used.length).toBeGreaterThan(0);
      for (const name of used) expect(known, name).toContain(name);
    }
  });

  it.skipIf('skip' in container)('builds, and passes the smoke test: create, follow, statistics, stop, start, still there', { timeout: 900_000 }, () => {
    const engine = (container as { engine: string }).engine;
    const tag = `linkdeck-service:test-${process.pid}`;
    const name = `linkdeck-smoke-${process.pid}`;
    const run = (args: string[]) => spawnSync(engine, args, { encoding: 'utf8', cwd: ROOT, timeout: 600_000 });
    // As the docs write it: podman needs --format docker to keep the HEALTHCHECK.
    const built = run(['build', ...(engine === 'podman' ? ['--format', 'docker'] : []), '-f', 'resources/deploy/Containerfile', '-t', tag, '.']);
    expect(built.status, built.stderr).toBe(0);
    try {
      const started = run(['run', '-d', '--name', name, '-p', '127.0.0.1:18181:8080', tag]);
      expect(started.status, started.stderr).toBe(0);
      const smoke = spawnSync(
        process.execPath,
        [
          'tests/tools/deploy-smoke.mjs',
          '--url', 'http://127.0.0.1:18181',
          '--logs', `${engine} logs ${name} 2>&1`,
          '--stop', `${engine} stop ${name}`,
          '--start', `${engine} start ${name}`,
        ],
        { encoding: 'utf8', cwd: ROOT, timeout: 300_000 },
      );
      expect(smoke.status, smoke.stdout + smoke.stderr).toBe(0);
    } finally {
      run(['rm', '-f', name]);
      run(['rmi', '-f', tag]);
    }
  });
});
