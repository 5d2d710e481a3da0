import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { autostartEnabled, setAutostart } from '../../../electron/main/login-item-file.js';
import {
  autostartEntry,
  autostartFilePath,
  desktopExecArgument,
  launchCommand,
  loginItemSupport,
} from '../../../electron/main/login-item.js';

describe('open at login', () => {
  it('uses the OS setting on macOS and Windows, an autostart entry on Linux', () => {
    expect(loginItemSupport('darwin')).toBe('os');
    expect(loginItemSupport('win32')).toBe('os');
    expect(loginItemSupport('linux')).toBe('autostart-file');
    expect(loginItemSupport('aix')).toBe('none');
  });

  it('puts the entry in $XDG_CONFIG_HOME/autostart, or ~/.config when that is unset or relative', () => {
    expect(autostartFilePath({ XDG_CONFIG_HOME: '/cfg' }, '/home/ann')).toBe(
      '/cfg/autostart/linkdeck.desktop',
    );
    expect(autostartFilePath({}, '/home/ann')).toBe('/home/ann/.config/autostart/linkdeck.desktop');
    expect(autostartFilePath({ XDG_CONFIG_HOME: 'cfg' }, '/home/ann')).toBe(
      '/home/ann/.config/autostart/linkdeck.desktop',
    );
  });

  it('starts the AppImage itself, not its temporary mount; from source, Electron with the app folder', () => {
    const facts = {
      execPath: '/tmp/.mount_Link1/linkdeck',
      isPackaged: true,
      appPath: '/tmp/.mount_Link1/resources/app.asar',
    };
    expect(launchCommand({ ...facts, appImage: '/home/ann/Apps/Linkdeck.AppImage' })).toEqual([
      '/home/ann/Apps/Linkdeck.AppImage',
    ]);
    expect(launchCommand({ ...facts, execPath: '/opt/Linkdeck/linkdeck' })).toEqual([
      '/opt/Linkdeck/linkdeck',
    ]);
    expect(
      launchCommand({
        execPath: '/repo/node_modules/electron/dist/electron',
        isPackaged: false,
        appPath: '/repo',
      }),
    ).toEqual(['/repo/node_modules/electron/dist/electron', '/repo']);
  });

  it('quotes and escapes Exec arguments as the Desktop Entry specification says', () => {
    expect(desktopExecArgument('/opt/Linkdeck/linkdeck')).toBe('/opt/Linkdeck/linkdeck');
    expect(desktopExecArgument('/home/ann/My Apps/Linkdeck.AppImage')).toBe(
      '"/home/ann/My Apps/Linkdeck.AppImage"',
    );
    expect(desktopExecArgument('/a/100%/x')).toBe('/a/100%%/x');
    // `$` and `"` get a backslash inside quotes; the file format then doubles every backslash.
    expect(desktopExecArgument('/a/$HOME "b"')).toBe('"/a/\\\\$HOME \\\\"b\\\\""');
    expect(desktopExecArgument('C:\\x')).toBe('"C:\\\\\\\\x"');
  });

  it('writes an autostart entry that runs the command, and refuses line breaks', () => {
    const entry = autostartEntry('Linkdeck', ['/home/ann/My Apps/Linkdeck.AppImage']);
    expect(entry.split('\n')).toEqual([
      '[Desktop Entry]',
      'Type=Application',
      'Name=Linkdeck',
      'Exec="/home/ann/My Apps/Linkdeck.AppImage"',
      'Terminal=false',
      'X-GNOME-Autostart-enabled=true',
      '',
    ]);
    expect(() => autostartEntry('Linkdeck', ['/x\nExec=/bin/evil'])).toThrow(/line breaks/);
    expect(() => autostartEntry('Linkdeck', [])).toThrow();
  });

  describe('the autostart file', () => {
    const dirs: string[] = [];
    afterEach(() => {
      for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
    });

    it('is created when enabled, removed when disabled, and its presence is the setting', () => {
      const dir = mkdtempSync(join(tmpdir(), 'linkdeck-autostart-'));
      dirs.push(dir);
      const file = join(dir, 'config/autostart/linkdeck.desktop');
      expect(autostartEnabled(file)).toBe(false);
      setAutostart(file, true, 'Linkdeck', ['/opt/Linkdeck/linkdeck']);
      expect(autostartEnabled(file)).toBe(true);
      expect(readFileSync(file, 'utf8')).toContain('Exec=/opt/Linkdeck/linkdeck\n');
      setAutostart(file, false, 'Linkdeck', ['/opt/Linkdeck/linkdeck']);
      expect(autostartEnabled(file)).toBe(false);
      // Disabling twice is fine.
      setAutostart(file, false, 'Linkdeck', ['/opt/Linkdeck/linkdeck']);
    });
  });
});
