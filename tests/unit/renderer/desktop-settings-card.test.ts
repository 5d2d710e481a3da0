// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { flushPromises, mount, type VueWrapper } from '@vue/test-utils';
import { createPinia, setActivePinia, type Pinia } from 'pinia';
import DesktopSettingsCard from '../../../renderer/src/components/desktop/DesktopSettingsCard.vue';
import { DEFAULT_HOTKEY, type DesktopSettings } from '../../../electron/shared/desktop.js';
import { hotkeyConflictRef } from '../../../electron/shared/hotkey.js';
import { englishText } from '../../../electron/shared/message-ref.js';
import { setAppLocale } from '../../../renderer/src/i18n/index.js';
import { fail, installFakeBridge, ok, type FakeBridge } from './fake-bridge.js';

let fake: FakeBridge;
let pinia: Pinia;
let wrapper: VueWrapper | undefined;

const desktop = (over: Partial<DesktopSettings> = {}): DesktopSettings => ({
  available: true,
  closeToTray: false,
  hotkey: DEFAULT_HOTKEY,
  hotkeyRegistered: true,
  openAtLogin: false,
  openAtLoginSupported: true,
  ...over,
});

beforeEach(() => {
  fake = installFakeBridge();
  fake.answer('app:info', ok({ name: 'Linkdeck', version: '0.1.0', shell: 'electron', platform: 'linux' }));
  fake.answer('desktop:settings', ok(desktop()));
  fake.answer('desktop:configure', (patch: unknown) => ok(desktop(patch as Partial<DesktopSettings>)));
  pinia = createPinia();
  setActivePinia(pinia);
});

afterEach(() => {
  wrapper?.unmount();
  wrapper = undefined;
  delete window.linkdeck;
  document.body.innerHTML = '';
});

async function mountCard() {
  wrapper = mount(DesktopSettingsCard, { global: { plugins: [pinia] }, attachTo: document.body });
  await flushPromises();
  return wrapper;
}

describe('DesktopSettingsCard', () => {
  it('explains that a browser window has none of these settings', async () => {
    fake.answer('desktop:settings', ok(desktop({ available: false })));
    const w = await mountCard();
    expect(w.find('[data-testid="desktop-settings-unavailable"]').text()).toContain('open the desktop app');
    expect(w.find('[data-testid="desktop-close-to-tray"]').exists()).toBe(false);
  });

  it('shows the hotkey as the platform names it', async () => {
    const w = await mountCard();
    expect(w.find('[data-testid="desktop-hotkey"]').text()).toBe('Ctrl+Shift+L');
  });

  it('shows the conflict next to the hotkey', async () => {
    fake.answer('desktop:settings', ok(desktop({ hotkeyRegistered: false, hotkeyProblem: 'Ctrl+Shift+L is already used by another application; choose another.' })));
    const w = await mountCard();
    expect(w.find('[data-testid="desktop-hotkey-problem"]').text()).toBe('Ctrl+Shift+L is already used by another application; choose another.');
  });

  it('shows the conflict in the person’s language when it comes with its key (issue 44)', async () => {
    const problem = hotkeyConflictRef('CommandOrControl+Shift+L', 'linux');
    fake.answer('desktop:settings', ok(desktop({ hotkeyRegistered: false, hotkeyProblem: englishText(problem), hotkeyProblemRef: problem })));
    setAppLocale('de');
    try {
      const w = await mountCard();
      expect(w.find('[data-testid="desktop-hotkey-problem"]').text()).toBe(
        'Ctrl+Shift+L wird bereits von einer anderen Anwendung verwendet; wählen Sie eine andere Tastenkombination.',
      );
      // A key press without a modifier, recorded in German.
      await w.find('[data-testid="desktop-hotkey-record"]').trigger('click');
      window.dispatchEvent(new KeyboardEvent('keydown', { key: 'k', code: 'KeyK' }));
      await flushPromises();
      expect(w.find('[data-testid="desktop-hotkey-problem"]').text()).toBe(
        'Halten Sie Strg (Cmd auf dem Mac), Alt oder Umschalt zusammen mit der Taste: Ein Tastenkürzel braucht mindestens eine davon.',
      );
    } finally {
      setAppLocale('en');
    }
  });

  it('records a new hotkey from a key press and saves it', async () => {
    const w = await mountCard();
    await w.find('[data-testid="desktop-hotkey-record"]').trigger('click');
    expect(w.find('[data-testid="desktop-hotkey"]').text()).toBe('Press the keys…');
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'K', code: 'KeyK', altKey: true, shiftKey: true }));
    await flushPromises();
    expect(fake.callsTo('desktop:configure')).toEqual([{ hotkey: 'Alt+Shift+K' }]);
    expect(w.find('[data-testid="desktop-hotkey"]').text()).toBe('Alt+Shift+K');
  });

  it('says why a key press cannot be a hotkey, and keeps recording', async () => {
    const w = await mountCard();
    await w.find('[data-testid="desktop-hotkey-record"]').trigger('click');
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'k', code: 'KeyK' }));
    await flushPromises();
    expect(w.find('[data-testid="desktop-hotkey-problem"]').text()).toContain('at least one');
    expect(fake.callsTo('desktop:configure')).toHaveLength(0);
    expect(w.find('[data-testid="desktop-hotkey-cancel"]').exists()).toBe(true);
  });

  it('shows a refused save next to the hotkey', async () => {
    fake.answer('desktop:configure', fail('invalid-input', 'x', { issues: [{ path: ['hotkey'], message: 'Not a key combination.' }] }));
    const w = await mountCard();
    await w.find('[data-testid="desktop-hotkey-off"]').trigger('click');
    await flushPromises();
    expect(w.find('[data-testid="desktop-hotkey-problem"]').text()).toBe('Not a key combination.');
  });

  it('saves close to tray and follows desktop:changed', async () => {
    const w = await mountCard();
    await w.find('[data-testid="desktop-close-to-tray"]').trigger('click');
    await flushPromises();
    expect(fake.callsTo('desktop:configure')).toEqual([{ closeToTray: true }]);
    fake.emit('desktop:changed', desktop({ hotkey: '', hotkeyRegistered: false }));
    await flushPromises();
    expect(w.find('[data-testid="desktop-hotkey"]').text()).toBe('Off');
  });

  it('disables open at login where the system has no login item, and says why', async () => {
    fake.answer('desktop:settings', ok(desktop({ openAtLoginSupported: false })));
    const w = await mountCard();
    expect(w.text()).toContain('no login item');
    expect(w.find('[data-testid="desktop-open-at-login"]').classes().join(' ')).toContain('disabled');
  });

  it('says "registered" only where the OS says so; on the Wayland portal it says Linkdeck cannot know', async () => {
    const w = await mountCard();
    expect(w.find('[data-testid="desktop-hotkey-status"]').attributes('data-state')).toBe('registered');
    expect(w.find('[data-testid="desktop-hotkey-status"]').text()).toMatch(/^Registered/);
    const unconfirmed = 'Asked of your desktop\'s shortcuts portal. The portal does not tell Linkdeck whether it accepted the combination.';
    fake.emit('desktop:changed', desktop({ hotkeyUnconfirmed: unconfirmed }));
    await flushPromises();
    const status = w.find('[data-testid="desktop-hotkey-status"]');
    expect(status.attributes('data-state')).toBe('unconfirmed');
    expect(status.text()).toBe(unconfirmed);
    expect(w.text()).not.toMatch(/Registered/);
    // A refused hotkey shows its problem, not a status.
    fake.emit('desktop:changed', desktop({ hotkeyRegistered: false, hotkeyProblem: 'Ctrl+Shift+L is already used by another application; choose another.' }));
    await flushPromises();
    expect(w.find('[data-testid="desktop-hotkey-status"]').exists()).toBe(false);
  });

  it('says how the hotkey works on Wayland', async () => {
    fake.answer('desktop:settings', ok(desktop({ hotkeyNote: "On Wayland the hotkey goes through your desktop's shortcuts portal." })));
    const w = await mountCard();
    expect(w.get('[data-testid="desktop-hotkey-note"]').text()).toContain('shortcuts portal');
  });

  it('says why "open at login" is not available, in the words the shell gave', async () => {
    fake.answer('desktop:settings', ok(desktop({ openAtLoginSupported: false, openAtLoginProblem: 'Not available here: Linkdeck is running from source.' })));
    const w = await mountCard();
    expect(w.get('[data-testid="desktop-open-at-login-problem"]').text()).toBe('Not available here: Linkdeck is running from source.');
  });

  it('says whether linkdeck:// links open Linkdeck, and why not', async () => {
    fake.answer('desktop:settings', ok(desktop({ linkHandler: { available: false, reason: 'Linkdeck is running from source, so the system has no Linkdeck program to hand linkdeck:// links to.' } })));
    const w = await mountCard();
    const row = w.get('[data-testid="desktop-link-handler"]');
    expect(row.attributes('data-available')).toBe('false');
    expect(row.text()).toContain('Not available');
    expect(row.text()).toContain('running from source');
  });

  it('shows linkdeck:// links as working where they do', async () => {
    fake.answer('desktop:settings', ok(desktop({ linkHandler: { available: true } })));
    const w = await mountCard();
    expect(w.get('[data-testid="desktop-link-handler"]').attributes('data-available')).toBe('true');
    expect(w.get('[data-testid="desktop-link-handler"]').text()).toContain('quick-shorten window');
  });
});
