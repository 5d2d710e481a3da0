import { describe, expect, it } from 'vitest';
import { englishText } from '../../../electron/shared/message-ref.js';
import { LINUX_APP_ID, LINUX_DESKTOP_FILE } from '../../../electron/main/app-identity.js';
import { carriedDataDir, dataDirArguments, dataDirProblem, userDataOverride } from '../../../electron/main/data-dir.js';
import {
  APPIMAGE_ENTRY,
  appImageEntry,
  DATA_DIR_ENTRY,
  FROM_SOURCE_LINKS,
  handlerEntry,
  linkHandlerPlan,
  OLD_APPIMAGE_ENTRY,
  UNKNOWN_INSTALL_LINKS,
  type LinkHandlerFacts,
} from '../../../electron/main/link-handler.js';
import { FROM_SOURCE_LOGIN, launchCommand, loginItemPlan, macDataDirLogin, NO_LOGIN_ITEM } from '../../../electron/main/login-item.js';

describe('"open at login": works or says why not', () => {
  it('uses the OS login item for the installed app on macOS and Windows', () => {
    expect(loginItemPlan('darwin', true)).toEqual({ kind: 'os', args: [] });
    expect(loginItemPlan('win32', true)).toEqual({ kind: 'os', args: [] });
  });

  it('on another data folder: the Windows login item carries it, macOS (which cannot) says why it is not offered', () => {
    expect(loginItemPlan('win32', true, 'D:\\ld')).toEqual({ kind: 'os', args: ['--linkdeck-data-dir=D:\\ld'] });
    expect(loginItemPlan('darwin', true, '/Volumes/x/ld')).toEqual({ kind: 'none', reason: macDataDirLogin('/Volumes/x/ld') });
    expect(englishText(macDataDirLogin('/Volumes/x/ld'))).toMatch(/macOS starts login items without it/);
    expect(loginItemPlan('linux', true, '/data/ld')).toEqual({ kind: 'autostart-file' });
  });

  it('from source on macOS and Windows is not available, with the reason', () => {
    expect(loginItemPlan('darwin', false)).toEqual({ kind: 'none', reason: FROM_SOURCE_LOGIN });
    expect(englishText(FROM_SOURCE_LOGIN)).toMatch(/from source/);
  });

  it('on Linux writes an autostart entry, from source too (it names electron and the folder)', () => {
    expect(loginItemPlan('linux', true)).toEqual({ kind: 'autostart-file' });
    expect(loginItemPlan('linux', false)).toEqual({ kind: 'autostart-file' });
    expect(launchCommand({ execPath: '/src/node_modules/electron/dist/electron', isPackaged: false, appPath: '/src' })).toEqual([
      '/src/node_modules/electron/dist/electron',
      '/src',
    ]);
  });

  it('elsewhere is not available, with the reason', () => {
    expect(loginItemPlan('aix', true)).toEqual({ kind: 'none', reason: NO_LOGIN_ITEM });
  });

  it('starts at login on the same data folder the person chose (the switch, which every start can carry)', () => {
    expect(launchCommand({ execPath: '/opt/Linkdeck/linkdeck', isPackaged: true, appPath: '', dataDir: '/data/linkdeck' })).toEqual([
      '/opt/Linkdeck/linkdeck',
      '--linkdeck-data-dir=/data/linkdeck',
    ]);
  });
});

describe('linkdeck:// links: work or say why not', () => {
  const base: LinkHandlerFacts = { platform: 'linux', isPackaged: true, execPath: '/opt/Linkdeck/linkdeck', env: {}, home: '/home/ana' };

  it('the .deb relies on its desktop entry (MimeType=x-scheme-handler/linkdeck)', () => {
    // …and removes the handler a run on another data folder wrote beside it.
    expect(linkHandlerPlan(base)).toEqual({ kind: 'package', removeFile: `/home/ana/.local/share/applications/${DATA_DIR_ENTRY}` });
  });

  it('the .deb on another data folder writes a handler carrying it, so a link reaches this Linkdeck', () => {
    const plan = linkHandlerPlan({ ...base, dataDir: '/data/my ld' });
    expect(plan).toEqual({
      kind: 'user-entry',
      file: `/home/ana/.local/share/applications/${DATA_DIR_ENTRY}`,
      entry: handlerEntry(['/opt/Linkdeck/linkdeck', '--linkdeck-data-dir=/data/my ld']),
    });
    expect(plan.kind === 'user-entry' && plan.entry).toContain('Exec=/opt/Linkdeck/linkdeck "--linkdeck-data-dir=/data/my ld" %U');
  });

  it('the AppImage writes its own handler entry, pointing at the AppImage file', () => {
    const plan = linkHandlerPlan({ ...base, execPath: '/tmp/.mount_LinkdeAbc/linkdeck', appImage: '/home/ana/Apps/Linkdeck 1.0.AppImage' });
    expect(plan).toEqual({
      kind: 'user-entry',
      // Linkdeck's identity: the portals find the AppImage's app ID in it.
      file: `/home/ana/.local/share/applications/${LINUX_DESKTOP_FILE}`,
      entry: appImageEntry('/home/ana/Apps/Linkdeck 1.0.AppImage'),
      removeFile: `/home/ana/.local/share/applications/${OLD_APPIMAGE_ENTRY}`,
    });
    expect(APPIMAGE_ENTRY).toBe(LINUX_DESKTOP_FILE);
    const entry = appImageEntry('/home/ana/Apps/Linkdeck 1.0.AppImage');
    expect(entry).toContain('MimeType=x-scheme-handler/linkdeck;');
    expect(entry).toContain('Exec="/home/ana/Apps/Linkdeck 1.0.AppImage" %U');
    expect(entry).toContain('NoDisplay=true');
    expect(entry).toContain(`StartupWMClass=${LINUX_APP_ID}`);
    expect(appImageEntry('/a.AppImage', '/data/ld')).toContain('Exec=/a.AppImage --linkdeck-data-dir=/data/ld %U');
    expect(linkHandlerPlan({ ...base, appImage: '/a.AppImage', env: { XDG_DATA_HOME: '/xdg' } })).toMatchObject({
      file: `/xdg/applications/${APPIMAGE_ENTRY}`,
    });
  });

  it('from source is not available, with the reason', () => {
    for (const platform of ['linux', 'darwin', 'win32'] as const)
      expect(linkHandlerPlan({ ...base, platform, isPackaged: false })).toEqual({ kind: 'none', reason: FROM_SOURCE_LINKS });
  });

  it('an unpacked Linux build outside /opt is not available, with the reason', () => {
    expect(linkHandlerPlan({ ...base, execPath: '/home/ana/linux-unpacked/linkdeck' })).toEqual({ kind: 'none', reason: UNKNOWN_INSTALL_LINKS });
  });

  it('macOS and Windows register with the OS', () => {
    expect(linkHandlerPlan({ ...base, platform: 'darwin' })).toEqual({ kind: 'os', args: [] });
    expect(linkHandlerPlan({ ...base, platform: 'win32' })).toEqual({ kind: 'os', args: [] });
    // Windows registers the data folder's switch with the scheme; macOS hands links to the running app.
    expect(linkHandlerPlan({ ...base, platform: 'win32', dataDir: 'D:\\ld' })).toEqual({ kind: 'os', args: ['--linkdeck-data-dir=D:\\ld'] });
    expect(linkHandlerPlan({ ...base, platform: 'darwin', dataDir: '/x' })).toEqual({ kind: 'os', args: [] });
  });

  it('refuses an AppImage path that would break the entry', () => {
    expect(() => appImageEntry('/a\nExec=evil')).toThrow(/line breaks/);
  });
});

describe('LINKDECK_DATA_DIR in the Electron shell', () => {
  it('is honoured, made absolute from where Linkdeck started', () => {
    expect(userDataOverride({ LINKDECK_DATA_DIR: '/data/ld' }, { testHooks: false, cwd: '/x' })).toEqual({ dir: '/data/ld', from: 'LINKDECK_DATA_DIR' });
    expect(userDataOverride({ LINKDECK_DATA_DIR: 'rel/ld' }, { testHooks: false, cwd: '/x' })).toEqual({ dir: '/x/rel/ld', from: 'LINKDECK_DATA_DIR' });
  });

  it('is absent when unset or blank: the usual folder', () => {
    expect(userDataOverride({}, { testHooks: false, cwd: '/x' })).toBeNull();
    expect(userDataOverride({ LINKDECK_DATA_DIR: '  ' }, { testHooks: false, cwd: '/x' })).toBeNull();
  });

  it("gives way to the smoke test's directory only when test hooks are on", () => {
    const env = { LINKDECK_DATA_DIR: '/data/ld', LINKDECK_USER_DATA_DIR: '/tmp/smoke' };
    expect(userDataOverride(env, { testHooks: true, cwd: '/x' })).toEqual({ dir: '/tmp/smoke', from: 'LINKDECK_USER_DATA_DIR' });
    expect(userDataOverride(env, { testHooks: false, cwd: '/x' })).toEqual({ dir: '/data/ld', from: 'LINKDECK_DATA_DIR' });
  });

  it('says in one sentence when the folder cannot be made', () => {
    const text = englishText(dataDirProblem({ dir: '/root/x', from: 'LINKDECK_DATA_DIR' }, new Error('EACCES: permission denied')));
    expect(text).toBe(
      'LINKDECK_DATA_DIR asks Linkdeck to keep its data in /root/x, but that folder cannot be created (EACCES: permission denied). Choose a folder you can write to, or unset LINKDECK_DATA_DIR to use the usual place.',
    );
  });

  it('--linkdeck-data-dir (what the starts the OS makes can carry) wins over the environment, and is what a run on another folder hands on', () => {
    const argv = ['/opt/Linkdeck/linkdeck', '--linkdeck-data-dir=/data/entry', 'linkdeck://new?url=x'];
    const override = userDataOverride({ LINKDECK_DATA_DIR: '/data/env' }, { testHooks: false, cwd: '/x', argv });
    expect(override).toEqual({ dir: '/data/entry', from: '--linkdeck-data-dir' });
    expect(carriedDataDir(override)).toBe('/data/entry');
    expect(dataDirArguments(carriedDataDir(override))).toEqual(['--linkdeck-data-dir=/data/entry']);
    // The usual folder carries nothing; the smoke test's folder is not handed on either.
    expect(dataDirArguments(carriedDataDir(null))).toEqual([]);
    expect(carriedDataDir({ dir: '/tmp/smoke', from: 'LINKDECK_USER_DATA_DIR' })).toBeUndefined();
  });
});
