import { describe, expect, it } from 'vitest';
import type { BackendContext } from '../../../electron/backend/backend-context.js';
import type { DesktopSettingsPort } from '../../../electron/backend/desktop-ports.js';
import { EventHub } from '../../../electron/backend/event-hub.js';
import { desktopHandlers, NOT_IN_BROWSER } from '../../../electron/backend/handlers/desktop-handlers.js';
import { createRouter, type Handlers } from '../../../electron/backend/router.js';
import { DEFAULT_HOTKEY, type DesktopSettings, type DesktopSettingsPatch } from '../../../electron/shared/desktop.js';

/** A settings port that records what it was asked and reports each change, like the shell's. */
function fakeSettings(initial: Partial<DesktopSettings> = {}) {
  let state: DesktopSettings = {
    available: true,
    closeToTray: true,
    hotkey: DEFAULT_HOTKEY,
    hotkeyRegistered: true,
    openAtLogin: false,
    openAtLoginSupported: true,
    ...initial,
  };
  const listeners = new Set<(s: DesktopSettings) => void>();
  const patches: DesktopSettingsPatch[] = [];
  const port: DesktopSettingsPort = {
    get: () => state,
    configure: async (patch) => {
      patches.push(patch);
      state = { ...state, ...patch };
      for (const l of listeners) l(state);
      return state;
    },
    onChange: (l) => {
      listeners.add(l);
      return () => void listeners.delete(l);
    },
  };
  return { port, patches, listenerCount: () => listeners.size };
}

function setup(desktop: DesktopSettingsPort | null) {
  const events = new EventHub();
  const emitted: unknown[] = [];
  events.subscribe((event, payload) => {
    if (event === 'desktop:changed') emitted.push(payload);
  });
  const closers: (() => unknown)[] = [];
  const context = {
    dataDir: '/nowhere',
    events,
    desktop: desktop ? { settings: desktop, clipboard: { readText: () => '', writeText: () => {} }, notifier: { notify: async () => null } } : null,
    log: () => {},
    onClose: (stop: () => unknown) => void closers.push(stop),
    onProfileChange: () => () => {},
  } as unknown as BackendContext;
  const router = createRouter(desktopHandlers(context) as Handlers);
  return { router, emitted, closers };
}

describe('desktop:* in the web shell (no desktop ports)', () => {
  it('answers that nothing is available, with the defaults', async () => {
    const { router } = setup(null);
    const answer = await router.dispatch('desktop:settings', undefined);
    expect(answer).toEqual({
      ok: true,
      value: { available: false, closeToTray: false, hotkey: DEFAULT_HOTKEY, hotkeyRegistered: false, openAtLogin: false, openAtLoginSupported: false },
    });
  });

  it('refuses a change, saying where it can be made', async () => {
    const { router } = setup(null);
    const answer = await router.dispatch('desktop:configure', { closeToTray: true });
    expect(answer).toEqual({ ok: false, error: { code: 'invalid-input', message: NOT_IN_BROWSER, key: 'errors.desktop.notInBrowser' } });
  });
});

describe('desktop:* in the desktop shell', () => {
  it('reads the settings from the port', async () => {
    const { port } = fakeSettings({ closeToTray: false });
    const { router } = setup(port);
    const answer = await router.dispatch('desktop:settings', undefined);
    expect(answer.ok && (answer.value as DesktopSettings).closeToTray).toBe(false);
  });

  it('delegates a change and pushes desktop:changed', async () => {
    const fake = fakeSettings();
    const { router, emitted } = setup(fake.port);
    const answer = await router.dispatch('desktop:configure', { closeToTray: false, hotkey: '  Alt+Shift+K ' });
    expect(answer.ok).toBe(true);
    expect(fake.patches).toEqual([{ closeToTray: false, hotkey: 'Alt+Shift+K' }]);
    expect(emitted).toHaveLength(1);
    expect(emitted[0]).toMatchObject({ closeToTray: false, hotkey: 'Alt+Shift+K' });
  });

  it('accepts an empty hotkey (off)', async () => {
    const fake = fakeSettings();
    const { router } = setup(fake.port);
    expect((await router.dispatch('desktop:configure', { hotkey: '' })).ok).toBe(true);
    expect(fake.patches).toEqual([{ hotkey: '' }]);
  });

  it('refuses a hotkey that is no key combination, next to the field, without asking the port', async () => {
    const fake = fakeSettings();
    const { router } = setup(fake.port);
    for (const hotkey of ['L', 'Shift', 'Ctrl+Shift+', 'Ctrl+Shift+Hello', 'Ctrl+Ü']) {
      const answer = await router.dispatch('desktop:configure', { hotkey });
      expect(answer.ok, hotkey).toBe(false);
      if (answer.ok) continue;
      expect(answer.error.code).toBe('invalid-input');
      expect(answer.error.message).toMatch(/not a key combination/);
      expect(answer.error.details).toMatchObject({ issues: [{ path: ['hotkey'] }] });
    }
    expect(fake.patches).toEqual([]);
  });

  it('refuses "open at login" where the system has no login item', async () => {
    const fake = fakeSettings({ openAtLoginSupported: false });
    const { router } = setup(fake.port);
    const answer = await router.dispatch('desktop:configure', { openAtLogin: true });
    expect(answer.ok).toBe(false);
    expect(fake.patches).toEqual([]);
  });

  it('pushes changes the shell reports on its own (a hotkey lost), and stops listening at close', async () => {
    const fake = fakeSettings();
    const { emitted, closers } = setup(fake.port);
    await fake.port.configure({ hotkey: 'Alt+K' });
    expect(emitted).toHaveLength(1);
    for (const stop of closers) stop();
    expect(fake.listenerCount()).toBe(0);
  });
});

describe('desktop:notice (a notification the OS would not show)', () => {
  it('pushes each in-app notice the shell reports to the window, until the backend closes', () => {
    const events = new EventHub();
    const pushed: unknown[] = [];
    events.subscribe((event, payload) => {
      if (event === 'desktop:notice') pushed.push(payload);
    });
    const listeners = new Set<(notice: { title: string; body: string; view?: string }) => void>();
    const closers: (() => unknown)[] = [];
    const context = {
      dataDir: '/nowhere',
      events,
      desktop: {
        settings: fakeSettings().port,
        clipboard: { readText: () => '', writeText: () => {} },
        notifier: { notify: async () => null },
        onInAppNotice: (listener: (notice: { title: string; body: string; view?: string }) => void) => {
          listeners.add(listener);
          return () => void listeners.delete(listener);
        },
      },
      log: () => {},
      onClose: (stop: () => unknown) => void closers.push(stop),
      onProfileChange: () => () => {},
    } as unknown as BackendContext;
    desktopHandlers(context);
    for (const l of listeners) l({ title: 'Bulk shortening finished', body: '"May": 3 created.', view: '/bulk' });
    expect(pushed).toEqual([{ title: 'Bulk shortening finished', body: '"May": 3 created.', view: '/bulk' }]);
    for (const close of closers) close();
    expect(listeners.size).toBe(0);
  });
});
