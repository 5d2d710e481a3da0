import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Backend } from '../../../electron/backend/backend.js';
import { openAppBackend } from '../../../electron/backend/command-line/app-backend.js';
import { createBackend } from '../../../electron/backend/create-backend.js';
import { MemorySecretStore, type SecretStore } from '../../../electron/backend/secrets/index.js';
import { openDatabase } from '../../../electron/service/db.js';
import type { ProfileSummary, Result } from '../../../electron/shared/contract.js';
import { bundleCli } from '../../../electron/cli/bundle.js';

/**
 * The `linkdeck` command as users run it: the bundle (built once per test file, swapped in
 * whole, so files building at once never see half of it), started with Node in its own process,
 * against a data folder of its own. The "app" is the web shell's backend behind the data
 * folder's door (openAppBackend, as electron/web/launch.ts opens it), in this test's process.
 */
let built: Promise<string> | null = null;
export const cliBundle = () => (built ??= bundleCli());

export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the command to its end; `stdin` is piped in (otherwise stdin is empty, not a terminal). */
export async function runCli(
  dataDir: string,
  args: string[],
  options: { stdin?: string | Uint8Array; env?: Record<string, string> } = {},
): Promise<CliRun> {
  const bundle = await cliBundle();
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env))
    if (v !== undefined && !['DISPLAY', 'WAYLAND_DISPLAY', 'NO_COLOR', 'FORCE_COLOR', ...LOCALE_VARIABLES].includes(k))
      env[k] = v;
  // English unless a test asks for a language: the tests' words must not depend on the machine's.
  Object.assign(env, { LINKDECK_DATA_DIR: dataDir, LANG: 'C.UTF-8' }, options.env);
  const child = spawn(process.execPath, [bundle, ...args], {
    env,
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
  // A command may stop reading before the end (an input over its limit): not the test's fault.
  child.stdin.on('error', () => {});
  child.stdin.end(options.stdin ?? '');
  const code = await new Promise<number | null>((resolve) => child.on('close', (c) => resolve(c)));
  return { code, stdout, stderr };
}

/** The variables the command's language comes from (electron/cli/i18n.ts). */
const LOCALE_VARIABLES = ['LANGUAGE', 'LC_ALL', 'LC_MESSAGES', 'LANG'];

export const lines = (text: string) => text.split(/\r?\n/).filter((l) => l !== '');

/** A data folder where the app ran once and chose the local workspace (the first-run choice). */
export async function localWorkspaceFolder(): Promise<{
  dataDir: string;
  profile: ProfileSummary;
}> {
  const dataDir = mkdtempSync(join(tmpdir(), 'linkdeck-cli-'));
  const backend = await createBackend({
    dataDir,
    shell: 'web',
    secrets: new MemorySecretStore(),
    log: () => {},
  });
  try {
    const profile = await value<ProfileSummary>(backend, 'profiles:use-local');
    return { dataDir, profile };
  } finally {
    await backend.close();
  }
}

export interface RunningApp {
  backend: Backend;
  secrets: SecretStore;
  close(): Promise<void>;
}

/** The app (web shell's backend) running on the folder, answering commands at its door. */
export async function startApp(
  dataDir: string,
  secrets: SecretStore = new MemorySecretStore(),
): Promise<RunningApp> {
  const backend = await openAppBackend({
    dataDir,
    shell: 'web',
    appVersion: 'test',
    secrets,
    log: () => {},
    outboxServerMaxExecutionMs: 200,
  });
  return { backend, secrets, close: () => backend.close() };
}

export async function value<T>(backend: Backend, channel: string, arg?: unknown): Promise<T> {
  const r = (await backend.router.dispatch(channel, arg)) as Result<T>;
  if (!r.ok) throw new Error(`${channel}: ${r.error.code} ${r.error.message}`);
  return r.value;
}

/** Every link the local workspace's service holds, read from its database (nothing running on it). */
export function serviceLinks(dataDir: string): { alias: string; longUrl: string }[] {
  const db = openDatabase(join(dataDir, 'local-workspace'));
  try {
    return (
      db.prepare('SELECT alias, long_url FROM links ORDER BY id').all() as {
        alias: string;
        long_url: string;
      }[]
    ).map((r) => ({ alias: r.alias, longUrl: r.long_url }));
  } finally {
    db.close();
  }
}
