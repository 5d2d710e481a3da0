import { runInNewContext } from 'node:vm';
import { describe, expect, it, vi } from 'vitest';
import { buildBridge } from '../../../electron/preload/build-bridge.js';
import { DEFAULT_HOTKEY, type ClipboardStatus, type DesktopNotice } from '../../../electron/shared/desktop.js';
import type { LinkdeckBridge } from '../../../electron/shared/contract.js';
import { bridgeScript } from '../../../electron/web/bridge-script.js';
import type { FakeDesktopControl } from '../../tools/desktop-bridge/fake-desktop-bridge.js';
import { desktopBridgeInitScript } from '../../tools/desktop-bridge/init-script.js';

const WEB_CLIPBOARD: ClipboardStatus = {
  enabled: true,
  paused: false,
  status: 'off',
  offline: false,
  pollIntervalMs: 400,
  lastAction: null,
  lastError: null,
  profileId: 'p1',
  available: false,
  reason: 'A browser page cannot read the clipboard.',
  limit: 'web-shell',
};

/**
 * A page as the docs' picture tool makes it: the init script first (as Playwright runs it), then
 * the web shell's real bridge script, whose calls reach `rpc` instead of a web shell.
 */
function loadPage(rpc: (channel: string, arg: unknown) => unknown) {
  const fetch = vi.fn(async (url: string, init?: RequestInit) => {
    const channel = url.replace('/rpc/', '');
    const arg = init?.body ? JSON.parse(String(init.body)) : undefined;
    return new Response(JSON.stringify({ ok: true, value: rpc(channel, arg) }), { headers: { 'Content-Type': 'application/json' } });
  });
  const page: Record<string, unknown> = {
    location: { hash: `#token=${'A'.repeat(43)}`, pathname: '/', search: '', origin: 'http://page.invalid' },
    history: { state: null, replaceState: () => {} },
    sessionStorage: { getItem: () => null, setItem: () => {} },
    fetch,
    console,
    setTimeout,
  };
  page['window'] = page;
  const settings = { available: true, closeToTray: true, hotkey: DEFAULT_HOTKEY, hotkeyRegistered: true, openAtLogin: false, openAtLoginSupported: true };
  runInNewContext(desktopBridgeInitScript({ settings, clipboardText: 'https://shop.example/p/1', platform: 'linux' }), page);
  runInNewContext(bridgeScript(), page);
  return { linkdeck: page['linkdeck'] as LinkdeckBridge, control: page['__linkdeckDesktop'] as FakeDesktopControl, fetch };
}

describe('the desktop bridge the docs pictures fake', () => {
  it('has every function the Electron preload exposes (and nothing else)', () => {
    const preload = buildBridge({ invoke: async () => ({ ok: true, value: null }), onEvent: () => {} });
    const { linkdeck } = loadPage(() => null);
    expect(Object.keys(linkdeck).sort()).toEqual(Object.keys(preload).sort());
    for (const key of Object.keys(preload)) expect(typeof (linkdeck as unknown as Record<string, unknown>)[key], key).toBe('function');
    expect(Object.isFrozen(linkdeck)).toBe(true);
  });

  it('answers the desktop channels as the desktop shell does, the rest through the web shell', async () => {
    const { linkdeck, fetch } = loadPage((channel) => {
      if (channel === 'clipboard:state') return WEB_CLIPBOARD;
      if (channel === 'app:info') return { name: 'Linkdeck', version: '1', shell: 'web', platform: 'linux' };
      return { channel };
    });
    await expect(linkdeck['links:list']({ sort: 'date', direction: 'desc', offset: 0, limit: 1 })).resolves.toEqual({ ok: true, value: { channel: 'links:list' } });
    expect(fetch).toHaveBeenCalledWith('/rpc/links:list', expect.anything());

    const settings = await linkdeck['desktop:settings'](undefined);
    expect(settings).toMatchObject({ ok: true, value: { available: true, hotkeyRegistered: true } });
    const state = await linkdeck['clipboard:state'](undefined);
    expect(state).toMatchObject({ ok: true, value: { available: true, status: 'watching' } });
    expect(state.ok && 'limit' in state.value).toBe(false);
    await expect(linkdeck['app:info'](undefined)).resolves.toMatchObject({ ok: true, value: { shell: 'electron' } });
    await expect(linkdeck['clipboard:read-url'](undefined)).resolves.toEqual({ ok: true, value: { url: 'https://shop.example/p/1' } });
    expect(fetch.mock.calls.map(([url]) => url)).not.toContain('/rpc/desktop:settings');
  });

  it('pushes desktop changes and notices to the page', async () => {
    const { linkdeck, control } = loadPage(() => null);
    const changed = vi.fn();
    const notices = vi.fn();
    linkdeck.on('desktop:changed', changed);
    const off = linkdeck.on('desktop:notice', notices);
    await linkdeck['desktop:configure']({ hotkey: '' });
    expect(changed).toHaveBeenCalledWith(expect.objectContaining({ hotkey: '', hotkeyRegistered: false }));
    const notice: DesktopNotice = { title: 'Short link copied', body: 'It is on the clipboard.' };
    control.notice(notice);
    off();
    control.notice(notice);
    expect(notices).toHaveBeenCalledExactlyOnceWith(notice);
    await linkdeck['clipboard:write']({ text: 'https://go.example/a' });
    expect(control.clipboard()).toBe('https://go.example/a');
  });
});
