import { describe, expect, it, vi } from 'vitest';
import type { MenuItemConstructorOptions } from 'electron';
import { TrayController } from '../../../electron/main/tray-controller.js';
import { clipboardStateLabel, menuText, trayMenuTemplate, trayTooltip, type TrayActions, type TrayModel } from '../../../electron/main/tray-menu.js';
import { clickMenuItem, menuSnapshot } from '../../../electron/main/test-hooks.js';
import type { ClipboardStatus } from '../../../electron/shared/desktop.js';
import type { Result } from '../../../electron/shared/contract.js';
import { reachNoticeRef } from '../../../electron/shared/local-reach.js';
import { desktopTranslator } from '../../../electron/main/desktop-language.js';
import { fakeBackend } from '../shells/fake-backend.js';

const watch = (over: Partial<ClipboardStatus> = {}): ClipboardStatus => ({
  profileId: 'p1',
  available: true,
  enabled: true,
  paused: false,
  status: 'watching',
  offline: false,
  pollIntervalMs: 400,
  lastAction: null,
  lastError: null,
  ...over,
});

const links = (n: number) =>
  Array.from({ length: n }, (_, i) => ({ id: i + 1, shortUrl: `https://sho.rt/l${i + 1}`, title: `Page ${i + 1}`, longUrl: `https://example.com/${i + 1}`, provisional: false }));

const model = (over: Partial<TrayModel> = {}): TrayModel => ({
  profileName: 'Work',
  profiles: [{ id: 'p1', name: 'Work' }, { id: 'p2', name: 'Home' }],
  currentProfileId: 'p1',
  recent: links(3),
  clipboard: watch(),
  hotkey: 'CommandOrControl+Shift+L',
  ...over,
});

function actions(): TrayActions & { calls: string[] } {
  const calls: string[] = [];
  return {
    calls,
    copy: (url) => void calls.push(`copy ${url}`),
    quickShorten: () => void calls.push('quick'),
    setClipboardPaused: (p) => void calls.push(`paused ${p}`),
    openWindow: () => void calls.push('open'),
    switchProfile: (id) => void calls.push(`switch ${id}`),
    quit: () => void calls.push('quit'),
  };
}

const ids = (template: MenuItemConstructorOptions[]) => menuSnapshot(template).map((i) => i.id);

describe('tray menu', () => {
  it('lists recent links, quick shorten, the watch, open, profiles and quit, in that order', () => {
    const template = trayMenuTemplate(model(), actions());
    expect(ids(template)).toEqual(['recent-header', 'recent-1', 'recent-2', 'recent-3', 'quick-shorten', 'clipboard-state', 'clipboard-toggle', 'open', 'profiles', 'quit']);
  });

  it('says above the links to copy that a local workspace without a public address makes links for this computer only', () => {
    const local = menuSnapshot(trayMenuTemplate(model({ loopbackOnly: true }), actions()));
    expect(local.map((i) => i.id).slice(0, 2)).toEqual(['recent-header', 'local-only']);
    expect(local.find((i) => i.id === 'local-only')).toMatchObject({ label: expect.stringMatching(/only on this computer.*public address/), enabled: false });
    expect(ids(trayMenuTemplate(model({ loopbackOnly: false }), actions()))).not.toContain('local-only');
  });

  it('says the same for a public address saved without being verified, in its own words', () => {
    const note = reachNoticeRef({ kind: 'local', publicUrl: 'https://go.example.test', publicUrlVerified: false });
    const local = menuSnapshot(trayMenuTemplate(model({ loopbackOnly: false, reachNote: note }), actions()));
    expect(local.find((i) => i.id === 'local-only')).toMatchObject({ label: expect.stringMatching(/not verified.*while Linkdeck runs on this computer/), enabled: false });
    expect(reachNoticeRef({ kind: 'local', publicUrl: 'https://go.example.test', publicUrlVerified: true })).toBeNull();
  });

  it('says the local-only note in the shell’s language (German), never as a key or in English', () => {
    const de = desktopTranslator('de');
    const local = menuSnapshot(trayMenuTemplate(model({ loopbackOnly: true }), actions(), de));
    const label = local.find((i) => i.id === 'local-only')?.label ?? '';
    expect(label).toMatch(/^Öffnet sich nur auf diesem Computer, solange Linkdeck läuft/);
    const unverified = reachNoticeRef({ kind: 'local', publicUrl: 'https://go.example.test', publicUrlVerified: false });
    const other = menuSnapshot(trayMenuTemplate(model({ reachNote: unverified }), actions(), de));
    expect(other.find((i) => i.id === 'local-only')?.label).toMatch(/^Öffentliche Adresse nicht bestätigt/);
    for (const text of [label, other.find((i) => i.id === 'local-only')?.label ?? ''])
      expect(text).not.toMatch(/desktop\.reach|Opens only|not verified|while Linkdeck runs/);
  });

  it('copies a recent link\'s short URL on click', () => {
    const a = actions();
    const template = trayMenuTemplate(model(), a);
    expect(menuSnapshot(template).find((i) => i.id === 'recent-2')?.label).toBe('sho.rt/l2 — Page 2');
    expect(clickMenuItem(template, 'recent-2')).toBe(true);
    expect(a.calls).toEqual(['copy https://sho.rt/l2']);
  });

  it('shows at most ten links, and a link not sent yet as disabled', () => {
    const recent = [{ id: -1, shortUrl: '', title: '', longUrl: 'https://example.com/queued', provisional: true }, ...links(12)];
    const snap = menuSnapshot(trayMenuTemplate(model({ recent }), actions()));
    const items = snap.filter((i) => i.id?.startsWith('recent-') && i.id !== 'recent-header');
    expect(items).toHaveLength(10);
    expect(items[0]).toMatchObject({ label: 'https://example.com/queued (not sent yet)', enabled: false });
  });

  it('says when there are no links, or no profile yet (and quick shorten is then off)', () => {
    expect(menuSnapshot(trayMenuTemplate(model({ recent: [] }), actions()))[1]?.label).toBe('No links yet');
    const first = menuSnapshot(trayMenuTemplate(model({ profileName: null, profiles: [], currentProfileId: null, recent: [] }), actions()));
    expect(first[1]?.label).toMatch(/No profile yet/);
    expect(first.find((i) => i.id === 'quick-shorten')?.enabled).toBe(false);
    expect(first.find((i) => i.id === 'profiles')).toBeUndefined();
  });

  it('shows the watch as On, Paused or Off, with pause or resume', () => {
    const a = actions();
    const on = trayMenuTemplate(model(), a);
    expect(menuSnapshot(on).find((i) => i.id === 'clipboard-state')).toMatchObject({ label: 'Clipboard watch: On', enabled: false });
    clickMenuItem(on, 'clipboard-toggle');
    const paused = trayMenuTemplate(model({ clipboard: watch({ status: 'paused', paused: true }) }), a);
    expect(menuSnapshot(paused).find((i) => i.id === 'clipboard-toggle')?.label).toBe('Resume clipboard watch');
    clickMenuItem(paused, 'clipboard-toggle');
    expect(a.calls).toEqual(['paused true', 'paused false']);
    const off = menuSnapshot(trayMenuTemplate(model({ clipboard: watch({ status: 'off', enabled: false }) }), a));
    expect(off.find((i) => i.id === 'clipboard-state')?.label).toBe('Clipboard watch: Off');
    expect(off.find((i) => i.id === 'clipboard-toggle')).toBeUndefined();
  });

  it('words every state of the watch', () => {
    expect(clipboardStateLabel(null)).toBe('Clipboard watch: unknown');
    expect(clipboardStateLabel(watch({ available: false }))).toBe('Clipboard watch: not available');
    expect(clipboardStateLabel(watch({ status: 'working', offline: true }))).toBe('Clipboard watch: On (offline)');
    expect(trayTooltip(model({ clipboard: watch({ status: 'paused' }) }))).toBe('Linkdeck · Work · clipboard watch paused');
  });

  it('switches to another profile from the radio submenu; the current one is checked', () => {
    const a = actions();
    const template = trayMenuTemplate(model(), a);
    const profiles = menuSnapshot(template).find((i) => i.id === 'profiles');
    expect(profiles?.submenu).toEqual([
      { id: 'profile-p1', label: 'Work', enabled: true, checked: true, submenu: null },
      { id: 'profile-p2', label: 'Home', enabled: true, checked: false, submenu: null },
    ]);
    clickMenuItem(template, 'profile-p1');
    clickMenuItem(template, 'profile-p2');
    expect(a.calls).toEqual(['switch p2']);
  });

  it('shows the hotkey beside Quick shorten without capturing it, and opens and quits', () => {
    const a = actions();
    const template = trayMenuTemplate(model(), a);
    const quick = template.find((i) => i.id === 'quick-shorten');
    expect(quick).toMatchObject({ accelerator: 'CommandOrControl+Shift+L', registerAccelerator: false });
    for (const id of ['quick-shorten', 'open', 'quit']) clickMenuItem(template, id);
    expect(a.calls).toEqual(['quick', 'open', 'quit']);
    expect(trayMenuTemplate(model({ hotkey: null }), a).find((i) => i.id === 'quick-shorten')?.accelerator).toBeUndefined();
  });

  it('cuts long labels and escapes & (a mnemonic on Windows)', () => {
    expect(menuText('Tom & Jerry')).toBe('Tom && Jerry');
    expect(menuText('x'.repeat(60))).toBe(`${'x'.repeat(47)}…`);
  });

  it('does not click a disabled item', () => {
    const template = trayMenuTemplate(model({ recent: [] }), actions());
    expect(clickMenuItem(template, 'recent-none')).toBe(false);
    expect(clickMenuItem(template, 'nothing')).toBe(false);
  });
});

describe('TrayController', () => {
  const profilesState = { profiles: [{ id: 'p1', name: 'Work', baseUrl: 'x', kind: 'local', needsKey: false }], currentId: 'p1', keychain: { kind: 'keychain', persistent: true } };

  function setup(answers: Record<string, Result<unknown>> = {}, translate?: () => ReturnType<typeof desktopTranslator>) {
    const fake = fakeBackend();
    fake.dispatch.mockImplementation(async (channel: unknown): Promise<Result<unknown>> => {
      const given = answers[String(channel)];
      if (given) return given;
      switch (channel) {
        case 'profiles:list':
          return { ok: true, value: profilesState };
        case 'links:list':
          return { ok: true, value: { items: links(2), total: 2 } };
        case 'clipboard:state':
          return { ok: true, value: watch() };
        default:
          return { ok: true, value: null };
      }
    });
    const timers: Array<{ callback: () => void; ms: number }> = [];
    const render = vi.fn();
    const controller = new TrayController({
      backend: fake.backend,
      render,
      hotkey: () => null,
      quickShorten: () => {},
      openWindow: () => {},
      quit: () => {},
      throttleMs: 500,
      setTimeout: (callback, ms) => timers.push({ callback, ms }),
      clearTimeout: () => {},
      ...(translate ? { translate } : {}),
    });
    return { fake, controller, render, timers };
  }

  it('names the never-renamed local workspace in the menu’s language, and a renamed profile as typed', async () => {
    const state = {
      ...profilesState,
      profiles: [
        { id: 'p1', name: 'Local workspace', baseUrl: 'x', kind: 'local', needsKey: false },
        { id: 'p2', name: 'Local workspace', baseUrl: 'y', kind: 'remote', needsKey: false },
      ],
    };
    const { controller, render } = setup({ 'profiles:list': { ok: true, value: state } }, () => desktopTranslator('de'));
    await controller.rebuild();
    expect(render.mock.calls[0]![1]).toMatch(/^Linkdeck · Lokaler Arbeitsbereich · /);
    const menu = menuSnapshot(render.mock.calls[0]![0] as MenuItemConstructorOptions[]);
    const switcher = menu.find((i) => i.id === 'profiles');
    // A remote profile the person named so keeps its name: only the local workspace's default is translated.
    expect(JSON.stringify(switcher)).toContain('Lokaler Arbeitsbereich');
    expect(JSON.stringify(switcher)).toContain('Local workspace');
  });

  it('reads the newest ten links of the current profile and the watch through the router', async () => {
    const { fake, controller, render } = setup();
    await controller.rebuild();
    expect(fake.dispatch).toHaveBeenCalledWith('links:list', { sort: 'date', direction: 'desc', offset: 0, limit: 10 });
    expect(render).toHaveBeenCalledTimes(1);
    expect(ids(render.mock.calls[0]![0] as MenuItemConstructorOptions[])).toContain('recent-2');
    expect(render.mock.calls[0]![1]).toBe('Linkdeck · Work · clipboard watch on');
  });

  it('still builds a menu when the watch cannot be read', async () => {
    const { controller, render } = setup({ 'clipboard:state': { ok: false, error: { code: 'internal', message: 'x' } } });
    await controller.rebuild();
    expect(menuSnapshot(render.mock.calls[0]![0] as MenuItemConstructorOptions[]).find((i) => i.id === 'clipboard-state')?.label).toBe('Clipboard watch: unknown');
  });

  it('copies through clipboard:write and pauses through clipboard:pause', async () => {
    const { fake, controller, render } = setup();
    await controller.rebuild();
    // After a pause the controller draws the menu again: that is when the click has been handled.
    const redrawn = new Promise<void>((resolve) => render.mockImplementationOnce(() => resolve()));
    clickMenuItem(controller.template, 'recent-1');
    clickMenuItem(controller.template, 'clipboard-toggle');
    await redrawn;
    expect(fake.dispatch).toHaveBeenCalledWith('clipboard:pause', { paused: true });
    expect(fake.dispatch).toHaveBeenCalledWith('clipboard:write', { text: 'https://sho.rt/l1' });
  });

  it('rebuilds once per burst of pushes, and ignores mirror changes that are not about links', async () => {
    const { fake, timers } = setup();
    fake.emit('mirror:changed', { profileId: 'p1', topics: ['channels'] });
    expect(timers).toHaveLength(0);
    fake.emit('mirror:changed', { profileId: 'p1', topics: ['links'] });
    fake.emit('clipboard:changed', watch());
    fake.emit('profiles:changed', profilesState as never);
    expect(timers).toHaveLength(1);
    fake.emit('connection:changed', { profileId: 'p1', online: false });
    expect(timers).toHaveLength(1);
  });

  it('stops listening when stopped', () => {
    const { fake, controller } = setup();
    expect(fake.listenerCount()).toBe(1);
    controller.stop();
    expect(fake.listenerCount()).toBe(0);
  });
});
