import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { BUILD_OUTPUTS, staleBuildReason } from '../../../electron/web/build-freshness.js';
import { probeElectron } from '../../../electron/web/electron-probe.js';
import { browserCommand } from '../../../electron/web/open-browser.js';
import {
  chooseShell,
  downloadFailureReason,
  fallbackMessage,
  type ShellChoiceInput,
} from '../../../electron/web/shell-choice.js';
import { userDataDir } from '../../../electron/web/user-data-dir.js';
import { SHARED_MESSAGES } from '../../../electron/shared/i18n/shared-messages.js';
import { createTranslator } from '../../../electron/shared/i18n/translate.js';
import { msg } from '../../../electron/shared/message-ref.js';

const english = createTranslator('en', SHARED_MESSAGES);
const german = createTranslator('de', SHARED_MESSAGES);

const dirs: string[] = [];
const tempDir = (): string => {
  const dir = mkdtempSync(join(tmpdir(), 'linkdeck-launcher-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const desktop: ShellChoiceInput = {
  forceWeb: false,
  electron: { available: true, binary: '/x/electron' },
  platform: 'linux',
  env: { DISPLAY: ':0' },
  isRoot: false,
};

describe('choosing the shell', () => {
  it('runs Electron where its binary is there and a display is available', () => {
    expect(chooseShell(desktop)).toEqual({ shell: 'electron', binary: '/x/electron' });
    expect(chooseShell({ ...desktop, platform: 'darwin', env: {} })).toEqual({
      shell: 'electron',
      binary: '/x/electron',
    });
    expect(chooseShell({ ...desktop, env: { WAYLAND_DISPLAY: 'wayland-0' } }).shell).toBe(
      'electron',
    );
  });

  it('falls back to the web shell, saying why, when the binary could not be had', () => {
    const reason = msg('desktop.launch.downloadFailed', { detail: 'TypeError: fetch failed' });
    expect(chooseShell({ ...desktop, electron: { available: false, reason } })).toEqual({
      shell: 'web',
      reason,
    });
  });

  it('falls back without a display and for root on Linux', () => {
    expect(chooseShell({ ...desktop, env: {} })).toEqual({
      shell: 'web',
      reason: { key: 'desktop.launch.noDisplay' },
    });
    expect(chooseShell({ ...desktop, isRoot: true })).toEqual({
      shell: 'web',
      reason: { key: 'desktop.launch.runningAsRoot' },
    });
    expect(chooseShell({ ...desktop, electron: null })).toEqual({
      shell: 'web',
      reason: { key: 'desktop.launch.notLookedFor' },
    });
  });

  it('goes straight to the web shell for start:web, with no reason to give', () => {
    expect(chooseShell({ ...desktop, forceWeb: true, electron: null })).toEqual({
      shell: 'web',
      reason: null,
    });
  });

  it('explains the fallback in one paragraph with the address', () => {
    const text = fallbackMessage(
      msg('desktop.launch.downloadFailed', { detail: 'x' }),
      'http://127.0.0.1:5/#token=t',
      true,
      english,
    );
    expect(text).not.toContain('\n');
    expect(text).toMatch(
      /^The Electron binary is not installed and could not be downloaded \(x\)\. Linkdeck is starting in your browser instead: http:\/\/127\.0\.0\.1:5\/#token=t \(The address carries a private key/,
    );
    expect(fallbackMessage(null, 'http://u', false, english)).toMatch(
      /^Linkdeck is running in the web shell; open this address/,
    );
  });

  it('names the cause of a failed download', () => {
    const output =
      'Downloading Electron binary...\nTypeError: fetch failed\n    at node:internal/deps/undici\n  cause: Error: getaddrinfo ENOTFOUND github.com\n';
    expect(downloadFailureReason(output, 'Electron failed to install correctly.')).toBe(
      'TypeError: fetch failed, ENOTFOUND',
    );
    expect(
      downloadFailureReason('', 'Electron failed to install correctly. Please delete it.'),
    ).toBe('Electron failed to install correctly. Please delete it.');
    // Nothing said at all: the probe says how the download ended instead (a message key).
    expect(downloadFailureReason('', null)).toBeNull();
    expect(downloadFailureReason('', '')).toBeNull();
  });
});

describe('the launcher in the terminal’s language (issue 44)', () => {
  it('says why it fell back and where Linkdeck runs in German, as one paragraph', () => {
    const url = 'http://127.0.0.1:5/#token=t';
    const noDisplay = chooseShell({ ...desktop, env: {} });
    expect(noDisplay.shell === 'web' && noDisplay.reason).toEqual({ key: 'desktop.launch.noDisplay' });
    const text = fallbackMessage(noDisplay.shell === 'web' ? noDisplay.reason : null, url, true, german);
    expect(text).toBe(
      'Hier gibt es keine grafische Anzeige (weder DISPLAY noch WAYLAND_DISPLAY ist gesetzt), daher kann sich das Linkdeck-Fenster nicht öffnen. ' +
        `Linkdeck startet stattdessen in Ihrem Browser: ${url} ` +
        '(Die Adresse enthält einen privaten Schlüssel für diese Sitzung: Geben Sie sie nicht weiter. Mit Strg+C beenden Sie Linkdeck hier.)',
    );
    expect(fallbackMessage(null, url, false, german)).toMatch(
      /^Linkdeck läuft in der Web-Shell; öffnen Sie diese Adresse in einem Browser auf diesem Computer: http:\/\/127\.0\.0\.1:5\/#token=t \(/,
    );
    const root = fallbackMessage(msg('desktop.launch.runningAsRoot'), url, false, german);
    expect(root).toMatch(/^Linkdeck läuft als root, .* Linkdeck läuft stattdessen in der Web-Shell; /);
    for (const said of [text, root]) {
      expect(said).not.toMatch(/desktop\.launch\.|Linkdeck is|instead|browser on this machine/);
      expect(said).not.toContain('\n');
    }
  });

  it('keeps the download’s own words as it printed them inside the German sentence', () => {
    const reason = msg('desktop.launch.downloadFailed', { detail: downloadFailureReason('TypeError: fetch failed\n  cause: Error: getaddrinfo ENOTFOUND github.com', null)! });
    expect(fallbackMessage(reason, 'http://u', true, german)).toMatch(
      /^Die Electron-Programmdatei ist nicht installiert und konnte nicht heruntergeladen werden \(TypeError: fetch failed, ENOTFOUND\)\. Linkdeck startet stattdessen/,
    );
  });
});

describe('probing for Electron', () => {
  /** A project root whose node_modules/electron behaves as given. */
  function rootWithElectron(indexJs: string): string {
    const root = tempDir();
    mkdirSync(join(root, 'node_modules', 'electron'), { recursive: true });
    writeFileSync(
      join(root, 'node_modules', 'electron', 'package.json'),
      '{"name":"electron","main":"index.js"}',
    );
    writeFileSync(join(root, 'node_modules', 'electron', 'index.js'), indexJs);
    return root;
  }

  it('reports the reason when the download fails, as electron/index.js does here', async () => {
    const root = rootWithElectron(`
      console.log('Downloading Electron binary...');
      console.error('TypeError: fetch failed\\n    at FetchDownloader.download');
      throw new Error('Electron failed to install correctly. Please delete \`node_modules/electron\`.');
    `);
    await expect(probeElectron(root)).resolves.toEqual({
      available: false,
      reason: msg('desktop.launch.downloadFailed', { detail: 'TypeError: fetch failed' }),
    });
  });

  it('returns the binary path when require("electron") gives an existing file', async () => {
    const root = rootWithElectron(
      `module.exports = require('path').join(__dirname, 'dist', 'electron');`,
    );
    mkdirSync(join(root, 'node_modules', 'electron', 'dist'));
    writeFileSync(join(root, 'node_modules', 'electron', 'dist', 'electron'), '');
    await expect(probeElectron(root)).resolves.toEqual({
      available: true,
      binary: join(root, 'node_modules', 'electron', 'dist', 'electron'),
    });
  });

  it('does not trust a path that does not exist', async () => {
    const root = rootWithElectron(`module.exports = '/nonexistent/electron';`);
    await expect(probeElectron(root)).resolves.toEqual({
      available: false,
      reason: msg('desktop.launch.downloadExited', { code: '0' }),
    });
  });
});

describe('the data directory', () => {
  it("is Electron's userData for Linkdeck on each platform", () => {
    expect(userDataDir('Linkdeck', 'linux', {}, '/home/ann')).toBe('/home/ann/.config/Linkdeck');
    expect(userDataDir('Linkdeck', 'linux', { XDG_CONFIG_HOME: '/cfg' }, '/home/ann')).toBe(
      '/cfg/Linkdeck',
    );
    expect(userDataDir('Linkdeck', 'darwin', {}, '/Users/ann')).toBe(
      '/Users/ann/Library/Application Support/Linkdeck',
    );
    expect(
      userDataDir(
        'Linkdeck',
        'win32',
        { APPDATA: 'C:\\Users\\ann\\AppData\\Roaming' },
        'C:\\Users\\ann',
      ),
    ).toBe('C:\\Users\\ann\\AppData\\Roaming\\Linkdeck');
  });

  it('is LINKDECK_DATA_DIR when set', () => {
    expect(
      userDataDir(
        'Linkdeck',
        'linux',
        { LINKDECK_DATA_DIR: '/data/ld', XDG_CONFIG_HOME: '/cfg' },
        '/home/ann',
      ),
    ).toBe('/data/ld');
  });
});

describe('opening the browser', () => {
  it('uses the platform opener, and none on Linux without a display', () => {
    expect(browserCommand('http://u', 'darwin', {})).toEqual({
      command: 'open',
      args: ['http://u/'],
    });
    expect(browserCommand('http://u', 'linux', { DISPLAY: ':0' })).toEqual({
      command: 'xdg-open',
      args: ['http://u/'],
    });
    expect(browserCommand('http://u', 'linux', {})).toBeNull();
    expect(browserCommand('http://u', 'win32', {})?.command).toBe('rundll32');
  });
});

describe('deciding to build', () => {
  function project(): string {
    const root = tempDir();
    for (const file of [
      'electron/main/index.ts',
      'renderer/src/main.ts',
      'electron.vite.config.ts',
      ...BUILD_OUTPUTS,
    ]) {
      mkdirSync(join(root, file, '..'), { recursive: true });
      writeFileSync(join(root, file), '');
    }
    return root;
  }
  const setTime = (root: string, file: string, seconds: number): void =>
    utimesSync(join(root, file), seconds, seconds);

  it('builds when an output is missing', () => {
    const root = project();
    rmSync(join(root, 'out/preload/index.cjs'));
    expect(staleBuildReason(root)).toEqual(msg('desktop.launch.buildingMissing', { file: 'out/preload/index.cjs' }));
  });

  it('builds when a source is newer than the build, not otherwise', () => {
    const root = project();
    for (const file of BUILD_OUTPUTS) setTime(root, file, 2_000_000);
    for (const file of [
      'electron/main/index.ts',
      'renderer/src/main.ts',
      'electron.vite.config.ts',
      'electron/main',
      'electron',
      'renderer/src',
      'renderer',
    ]) {
      setTime(root, file, 1_000_000);
    }
    expect(staleBuildReason(root)).toBeNull();
    setTime(root, 'renderer/src/main.ts', 3_000_000);
    expect(staleBuildReason(root)).toEqual(msg('desktop.launch.buildingChanged'));
  });
});
