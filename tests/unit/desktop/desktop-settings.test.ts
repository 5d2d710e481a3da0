import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { decideSession, PORTAL_HOTKEY_UNCONFIRMED } from '../../../electron/main/linux-session.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { englishText } from '../../../electron/shared/message-ref.js';
import { DEFAULT_HOTKEY, type DesktopSettings } from '../../../electron/shared/desktop.js';
import {
  defaultDesktopSettings,
  desktopSettingsPath,
  parseDesktopSettings,
  readDesktopSettings,
  writeDesktopSettings,
} from '../../../electron/main/desktop-settings-file.js';
import { DesktopSettingsService, type GlobalShortcutLike } from '../../../electron/main/desktop-settings.js';

let dir: string;
let file: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'linkdeck-desktop-settings-'));
  file = desktopSettingsPath(dir);
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** The OS's global shortcuts: some accelerators are held by "another application". */
class FakeShortcuts implements GlobalShortcutLike {
  readonly held = new Set<string>();
  readonly mine = new Map<string, () => void>();
  throwOn: string | null = null;
  register(accelerator: string, callback: () => void): boolean {
    if (accelerator === this.throwOn) throw new Error('Failed to parse accelerator');
    if (this.held.has(accelerator) || this.mine.has(accelerator)) return false;
    this.mine.set(accelerator, callback);
    return true;
  }
  unregister(accelerator: string): void {
    this.mine.delete(accelerator);
  }
  press(accelerator: string): void {
    this.mine.get(accelerator)?.();
  }
}

function fakeLoginItem(initial = false) {
  let enabled = initial;
  return { enabled: () => enabled, set: (value: boolean) => void (enabled = value) };
}

function service(shortcuts = new FakeShortcuts(), options: { platform?: NodeJS.Platform; login?: ReturnType<typeof fakeLoginItem> | null } = {}) {
  let hotkeyPresses = 0;
  const s = new DesktopSettingsService({
    file,
    platform: options.platform ?? 'linux',
    shortcuts,
    loginItem: options.login === undefined ? fakeLoginItem() : options.login,
    onHotkey: () => void hotkeyPresses++,
  });
  return { s, shortcuts, presses: () => hotkeyPresses };
}

describe('desktop.json', () => {
  it('holds defaults per platform: close to tray where a tray is always visible', () => {
    expect(defaultDesktopSettings('darwin')).toEqual({ closeToTray: true, hotkey: DEFAULT_HOTKEY });
    expect(defaultDesktopSettings('win32').closeToTray).toBe(true);
    expect(defaultDesktopSettings('linux').closeToTray).toBe(false);
  });

  it('keeps each valid field of a damaged file and defaults the rest', () => {
    const defaults = defaultDesktopSettings('linux');
    expect(parseDesktopSettings({ closeToTray: 'yes', hotkey: 'Alt+K' }, defaults)).toEqual({ closeToTray: false, hotkey: 'Alt+K' });
    expect(parseDesktopSettings({ closeToTray: true, hotkey: 'rm -rf' }, defaults)).toEqual({ closeToTray: true, hotkey: DEFAULT_HOTKEY });
    expect(parseDesktopSettings({ hotkey: '' }, defaults).hotkey).toBe('');
    expect(parseDesktopSettings([1], defaults)).toEqual(defaults);
  });

  it('reads defaults when there is no file or it is not JSON, and round-trips a write', () => {
    const defaults = defaultDesktopSettings('linux');
    expect(readDesktopSettings(file, defaults)).toEqual(defaults);
    writeFileSync(file, '{not json');
    expect(readDesktopSettings(file, defaults)).toEqual(defaults);
    writeDesktopSettings(file, { closeToTray: true, hotkey: 'Alt+Shift+K' });
    expect(readDesktopSettings(file, defaults)).toEqual({ closeToTray: true, hotkey: 'Alt+Shift+K' });
  });
});

describe('DesktopSettingsService', () => {
  it('registers the default hotkey at start, and the hotkey calls back', () => {
    const { s, shortcuts, presses } = service();
    s.start();
    expect(s.get()).toMatchObject({ available: true, hotkey: DEFAULT_HOTKEY, hotkeyRegistered: true, openAtLoginSupported: true });
    expect(s.get().hotkeyProblem).toBeUndefined();
    shortcuts.press(DEFAULT_HOTKEY);
    expect(presses()).toBe(1);
  });

  it('where the Wayland portal decides, a hotkey register() accepted is reported as asked, not as working', async () => {
    const shortcuts = new FakeShortcuts();
    const portal = decideSession({ platform: 'linux', env: { XDG_SESSION_TYPE: 'wayland', WAYLAND_DISPLAY: 'wayland-0' }, argv: [] });
    const x11 = decideSession({ platform: 'linux', env: { XDG_SESSION_TYPE: 'x11', DISPLAY: ':0' }, argv: [] });
    expect(portal.hotkeyPortal).toBe(true);
    expect(x11.hotkeyPortal).toBe(false);
    const s = new DesktopSettingsService({
      file,
      platform: 'linux',
      shortcuts,
      loginItem: null,
      capabilities: { hotkeyUnconfirmed: PORTAL_HOTKEY_UNCONFIRMED },
      onHotkey: () => {},
    });
    s.start();
    expect(s.get()).toMatchObject({ hotkeyRegistered: true, hotkeyUnconfirmed: englishText(PORTAL_HOTKEY_UNCONFIRMED) });
    expect(s.get().hotkeyUnconfirmed).toMatch(/does not tell Linkdeck whether it accepted/);
    // Off: nothing was asked, so there is nothing to be unsure of.
    expect((await s.configure({ hotkey: '' })).hotkeyUnconfirmed).toBeUndefined();
  });

  it('reports a hotkey another application holds, in words, and keeps it saved', async () => {
    const shortcuts = new FakeShortcuts();
    shortcuts.held.add(DEFAULT_HOTKEY);
    const { s } = service(shortcuts);
    s.start();
    expect(s.get()).toMatchObject({ hotkeyRegistered: false, hotkeyProblem: 'Ctrl+Shift+L is already used by another application; choose another.' });
    // The window shows it in the person's language from its key (issue 44).
    expect(s.get().hotkeyProblemRef).toEqual({ key: 'validation.hotkey.taken', params: { hotkey: 'Ctrl+Shift+L' } });

    shortcuts.held.add('Alt+K');
    const after = await s.configure({ hotkey: 'Alt+K' });
    expect(after).toMatchObject({ hotkey: 'Alt+K', hotkeyRegistered: false, hotkeyProblem: 'Alt+K is already used by another application; choose another.' });
    expect(JSON.parse(readFileSync(file, 'utf8'))).toMatchObject({ hotkey: 'Alt+K' });
  });

  it('names the conflict with the macOS key names on a Mac', () => {
    const shortcuts = new FakeShortcuts();
    shortcuts.held.add(DEFAULT_HOTKEY);
    const { s } = service(shortcuts, { platform: 'darwin' });
    s.start();
    expect(s.get().hotkeyProblem).toBe('Cmd+Shift+L is already used by another application; choose another.');
  });

  it('treats an accelerator Electron throws on as refused', () => {
    const shortcuts = new FakeShortcuts();
    shortcuts.throwOn = DEFAULT_HOTKEY;
    const { s } = service(shortcuts);
    s.start();
    expect(s.get()).toMatchObject({ hotkeyRegistered: false, hotkeyProblem: expect.stringContaining('choose another') });
  });

  it('moves the hotkey: releases the old one, registers the new one', async () => {
    const { s, shortcuts } = service();
    s.start();
    await s.configure({ hotkey: 'Alt+Shift+K' });
    expect([...shortcuts.mine.keys()]).toEqual(['Alt+Shift+K']);
    expect(s.get()).toMatchObject({ hotkey: 'Alt+Shift+K', hotkeyRegistered: true });
  });

  it('retries the same hotkey once the other application let it go', async () => {
    const shortcuts = new FakeShortcuts();
    shortcuts.held.add(DEFAULT_HOTKEY);
    const { s } = service(shortcuts);
    s.start();
    shortcuts.held.delete(DEFAULT_HOTKEY);
    const after = await s.configure({ hotkey: DEFAULT_HOTKEY });
    expect(after.hotkeyRegistered).toBe(true);
    expect(after.hotkeyProblem).toBeUndefined();
  });

  it('turns the hotkey off with an empty accelerator', async () => {
    const { s, shortcuts } = service();
    s.start();
    const after = await s.configure({ hotkey: '' });
    expect(shortcuts.mine.size).toBe(0);
    expect(after).toMatchObject({ hotkey: '', hotkeyRegistered: false });
    expect(after.hotkeyProblem).toBeUndefined();
  });

  it('saves close to tray and reads it back in a new run', async () => {
    const first = service().s;
    await first.configure({ closeToTray: true });
    expect(new DesktopSettingsService({ file, platform: 'linux', shortcuts: new FakeShortcuts(), loginItem: null, onHotkey: () => {} }).get().closeToTray).toBe(true);
  });

  it('sets the login item through the OS, not the file', async () => {
    const login = fakeLoginItem(false);
    const { s } = service(new FakeShortcuts(), { login });
    const after = await s.configure({ openAtLogin: true });
    expect(login.enabled()).toBe(true);
    expect(after.openAtLogin).toBe(true);
    expect(existsSync(file)).toBe(false);
  });

  it('says so when the login item cannot be set', async () => {
    const login = { enabled: () => false, set: () => { throw new Error('denied'); } };
    const { s } = service(new FakeShortcuts(), { login });
    await expect(s.configure({ openAtLogin: true })).rejects.toThrow(/could not change “Open at login”: denied/);
  });

  it('tells its listeners about each change, once, and not about a no-op', async () => {
    const { s } = service();
    s.start();
    const seen: DesktopSettings[] = [];
    s.onChange((settings) => seen.push(settings));
    await s.configure({ closeToTray: true });
    await s.configure({ closeToTray: true });
    await s.configure({ hotkey: 'Alt+K' });
    expect(seen.map((x) => [x.closeToTray, x.hotkey])).toEqual([
      [true, DEFAULT_HOTKEY],
      [true, 'Alt+K'],
    ]);
  });

  it('lets the hotkey go when disposed', () => {
    const { s, shortcuts } = service();
    s.start();
    s.dispose();
    expect(shortcuts.mine.size).toBe(0);
  });
});

describe('the desktop card’s words in the shell’s language (issue 44)', () => {
  it('says the problems and notes in German, and again in the new language after a switch', async () => {
    const { desktopTranslator } = await import('../../../electron/main/desktop-language.js');
    const { FROM_SOURCE_LOGIN } = await import('../../../electron/main/login-item.js');
    const { FROM_SOURCE_LINKS } = await import('../../../electron/main/link-handler.js');
    let locale: 'de' | 'fr' = 'de';
    const shortcuts = new FakeShortcuts();
    shortcuts.held.add(DEFAULT_HOTKEY);
    const s = new DesktopSettingsService({
      file,
      platform: 'linux',
      shortcuts,
      loginItem: null,
      capabilities: {
        hotkeyNote: decideSession({ platform: 'linux', env: { XDG_SESSION_TYPE: 'wayland', WAYLAND_DISPLAY: 'w' }, argv: [] }).hotkeyNote!,
        openAtLoginProblem: FROM_SOURCE_LOGIN,
        linkHandler: () => ({ available: false, reason: FROM_SOURCE_LINKS }),
      },
      translate: () => desktopTranslator(locale),
      onHotkey: () => {},
    });
    s.start();
    const de = s.get();
    expect(de.hotkeyProblem).toBe('Ctrl+Shift+L wird bereits von einer anderen Anwendung verwendet; wählen Sie eine andere Tastenkombination.');
    expect(de.hotkeyNote).toMatch(/^Unter Wayland läuft das Tastenkürzel über das Kürzel-Portal/);
    expect(de.openAtLoginProblem).toMatch(/^Hier nicht verfügbar: Linkdeck läuft aus dem Quellcode/);
    expect(de.linkHandler).toEqual({ available: false, reason: expect.stringMatching(/^Linkdeck läuft aus dem Quellcode, daher hat das System kein Linkdeck-Programm/) });
    for (const words of [de.hotkeyProblem, de.hotkeyNote, de.openAtLoginProblem, de.linkHandler?.reason])
      expect(words).not.toMatch(/desktop\.problem|Not available|already used|is running from source/);

    const heard: string[] = [];
    s.onChange((settings) => heard.push(settings.hotkeyProblem ?? ''));
    locale = 'fr';
    s.languageChanged();
    expect(heard).toEqual(['Ctrl+Shift+L est déjà utilisé par une autre application\u202f; choisissez-en un autre.']);
  });

  it('refuses "open at login" where there is none with a message key, not English words', async () => {
    const { s } = service(new FakeShortcuts(), { login: null });
    await expect(s.configure({ openAtLogin: true })).rejects.toMatchObject({ info: { code: 'invalid-input', key: 'desktop.problem.cannotSetLoginItem' } });
  });
});
