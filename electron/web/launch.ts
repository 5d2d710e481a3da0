/**
 * `npm start` / `npm run start:web`: builds the app when out/ is stale, then starts Electron where
 * it can run (downloading its binary if needed), otherwise says why in one paragraph and serves
 * Linkdeck to the browser through the web shell, with the real backend.
 *
 *   tsx electron/web/launch.ts [--web] [--no-open] [--port N]
 */
// First: V8's memory setting for the backend this process may run (process-memory-setup.ts).
import '../backend/process-memory-setup.js';
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Backend } from '../backend/backend.js';
import { posixLocale } from '../shared/i18n/posix-locale.js';
import { SHARED_MESSAGES } from '../shared/i18n/shared-messages.js';
import { createTranslator } from '../shared/i18n/translate.js';
import { errorRefOf, KeyedError } from '../shared/keyed-error.js';
import { msg, renderMessage, type MessageRef } from '../shared/message-ref.js';
import { staleBuildReason } from './build-freshness.js';
import { earlyExitRef, tail } from './electron-exit.js';
import { electronInstalled, probeElectron } from './electron-probe.js';
import { browserCommand, openInBrowser } from './open-browser.js';
import { chooseShell, fallbackMessage, nodeBlocksElectronDownload, type ElectronProbe } from './shell-choice.js';
import { userDataDir } from './user-data-dir.js';
import { startWebShell, type WebShell } from './web-shell.js';

const root = resolve(import.meta.dirname, '../..');
// The terminal's language, by the command line's rule (LANGUAGE, LC_ALL, LC_MESSAGES, LANG).
const say = createTranslator(posixLocale(process.env), SHARED_MESSAGES);
const said = (ref: MessageRef): string => renderMessage(ref, say);
const args = process.argv.slice(2);
const forceWeb = args.includes('--web');
const noOpen = args.includes('--no-open') || process.env['LINKDECK_NO_BROWSER'] === '1';
const port = args.includes('--port') ? Number(args[args.indexOf('--port') + 1]) : 0;
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(say('desktop.launch.portNeedsNumber'));
  process.exit(2);
}

function build(): void {
  const reason = staleBuildReason(root);
  if (!reason) return;
  console.log(said(reason));
  const result = spawnSync(
    process.execPath,
    [join(root, 'node_modules/electron-vite/bin/electron-vite.js'), 'build'],
    { cwd: root, stdio: 'inherit' },
  );
  if (result.status !== 0) {
    console.error(say('desktop.launch.buildFailed'));
    process.exit(result.status ?? 1);
  }
}

function runElectron(binary: string): void {
  const env = { ...process.env };
  // Inherited from some tools; it would make Electron run as plain Node.
  delete env['ELECTRON_RUN_AS_NODE'];
  const startedAt = Date.now();
  // stderr passes through, and its end is kept: a failed start says why there (sandbox, libraries).
  const child = spawn(binary, [root], { cwd: root, stdio: ['inherit', 'inherit', 'pipe'], env });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    process.stderr.write(chunk);
    stderr = tail(stderr, chunk.toString());
  });
  let stopping = false;
  const forward = (signal: 'SIGINT' | 'SIGTERM') => {
    stopping = true;
    child.kill(signal);
  };
  process.on('SIGINT', forward);
  process.on('SIGTERM', forward);
  child.on('error', (error) => {
    // The system's own words for why (ENOENT, EACCES …) stay as Node gave them.
    console.error(say('desktop.launch.electronSpawnFailed', { error: error.message }));
    process.exit(1);
  });
  child.on('close', (code, signal) => {
    const reason = stopping ? null : earlyExitRef({ code, signal, stderr, elapsedMs: Date.now() - startedAt });
    if (!reason) process.exit(code ?? (signal ? 1 : 0));
    process.off('SIGINT', forward);
    process.off('SIGTERM', forward);
    runWeb(reason).catch(failed);
  });
}

async function runWeb(reason: MessageRef | null): Promise<void> {
  // Imported here so a missing or broken backend does not stop the Electron path.
  const { openAppBackend } = await import('../backend/command-line/app-backend.js');
  const appVersion = (
    JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string }
  ).version;
  const dataDir = userDataDir('Linkdeck', process.platform, process.env, homedir());
  // Behind the data folder's door: `linkdeck` commands ask this app to do their work, and one
  // working on its own finishes before the databases open here (docs/cli.md).
  const backend: Backend = await openAppBackend({
    dataDir,
    shell: 'web',
    appVersion,
    // The page runs in this machine's browser, so "open externally" opens a tab there too.
    openExternal: async (url) => {
      // Keyed: the page that asked says it in its own language (errors.openExternal.noBrowser).
      if (!(await openInBrowser(url))) throw new KeyedError(msg('errors.openExternal.noBrowser'));
    },
    // The pid as a string: a number argument would be grouped ("12.345") in some languages.
    // The keychain's memory fallback is printed here too: in the terminal's language.
    sayInLog: said,
    onWait: (pid) => console.log(say('desktop.launch.waitingForCommand', { pid: String(pid) })),
  });
  let shell: WebShell;
  try {
    shell = await startWebShell({
      backend,
      rendererDir: join(root, 'out/renderer'),
      port,
      log: (message) => console.warn(message),
    });
  } catch (error) {
    await backend.close();
    throw error;
  }

  let stopping = false;
  const stop = (): void => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${say('desktop.launch.stopping')}`);
    void shell
      .close()
      .then(() => backend.close())
      .then(
        () => process.exit(0),
        (error: unknown) => {
          console.error(say('desktop.launch.stopFailed', { error: String(error) }));
          process.exit(1);
        },
      );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);

  const willOpen = !noOpen && browserCommand(shell.url, process.platform, process.env) !== null;
  console.log(fallbackMessage(reason, shell.url, willOpen, say));
  console.log(say('desktop.launch.dataDir', { dir: dataDir }));
  if (willOpen && !(await openInBrowser(shell.url))) {
    console.log(say('desktop.launch.noBrowser'));
  }
}

async function main(): Promise<void> {
  build();
  let probe: ElectronProbe | null = null;
  if (!forceWeb) {
    const installed = electronInstalled(root);
    const blocked = installed ? null : nodeBlocksElectronDownload(process.versions.node);
    if (blocked) probe = { available: false, reason: blocked };
    else {
      if (!installed)
        console.log(say('desktop.launch.lookingForElectron'));
      probe = await probeElectron(root);
    }
  }
  const choice = chooseShell({
    forceWeb,
    electron: probe,
    platform: process.platform,
    env: process.env,
    isRoot: process.getuid?.() === 0,
  });
  if (choice.shell === 'electron') runElectron(choice.binary);
  else await runWeb(choice.reason);
}

function failed(error: unknown): never {
  console.error(say('desktop.launch.startFailed', { error: errorWords(error) }));
  process.exit(1);
}

/** A failure's words: a keyed one (the data folder busy, a backend refusal) in the terminal's language. */
function errorWords(error: unknown): string {
  const ref = errorRefOf(error);
  if (ref) return said(ref);
  return error instanceof Error ? error.message : String(error);
}

main().catch(failed);
