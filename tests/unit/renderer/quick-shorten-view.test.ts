// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { flushPromises, mount, type VueWrapper } from '@vue/test-utils';
import { createPinia, setActivePinia, type Pinia } from 'pinia';
import { createAppRouter } from '../../../renderer/src/router.js';
import App from '../../../renderer/src/App.vue';
import { useProfilesStore } from '../../../renderer/src/stores/profiles.js';
import { fail, installFakeBridge, keychainOk, localProfile, ok, type FakeBridge } from './fake-bridge.js';

let fake: FakeBridge;
let pinia: Pinia;
let wrapper: VueWrapper | undefined;

const emptyList = ok({ items: [], syncedAt: null, source: 'mirror' });
const opItem = { opId: 'op-1', kind: 'link.create', status: 'pending' };

beforeEach(async () => {
  fake = installFakeBridge();
  fake.answer('profiles:list', ok({ profiles: [localProfile], currentId: localProfile.id, keychain: keychainOk }));
  fake.answer('channels:list', ok({ items: [{ id: 4, name: 'Newsletter' }], syncedAt: null, source: 'mirror' }));
  fake.answer('campaigns:list', emptyList);
  fake.answer('clipboard:read-url', ok({ url: null }));
  fake.answer('links:reusable', ok(null));
  fake.answer('links:create', ok(opItem));
  fake.answer('outbox:wait', ok({ opId: 'op-1', id: 9, shortUrl: 'http://127.0.0.1:4100/abc' }));
  fake.answer('connection:state', ok({ profileId: localProfile.id, online: true }));
  fake.answer('clipboard:write', ok(undefined));
  pinia = createPinia();
  setActivePinia(pinia);
  await useProfilesStore().load();
});

afterEach(() => {
  wrapper?.unmount();
  wrapper = undefined;
  delete window.linkdeck;
  document.body.innerHTML = '';
  vi.restoreAllMocks();
});

async function open(path: string) {
  const router = createAppRouter();
  await router.push(path);
  wrapper = mount(App, { global: { plugins: [pinia, router] }, attachTo: document.body });
  await flushPromises();
  return wrapper;
}

const urlField = () => document.querySelector<HTMLInputElement>('[data-testid="quick-url"]')!;
const byTestId = (id: string) => document.querySelector<HTMLElement>(`[data-testid="${id}"]`);

async function submit(w: VueWrapper) {
  await w.find('form[data-testid="quick-shorten"]').trigger('submit');
  await flushPromises();
}

describe('QuickShortenView', () => {
  it('shows the form alone, without the app frame, pre-filled from ?url=', async () => {
    await open('/quick?url=https%3A%2F%2Fexample.com%2Fa%3Fb%3D1');
    expect(byTestId('app-frame')).toBeNull();
    expect(urlField().value).toBe('https://example.com/a?b=1');
    expect(fake.callsTo('clipboard:read-url')).toHaveLength(0);
  });

  it('pre-fills from the clipboard when no URL is given', async () => {
    fake.answer('clipboard:read-url', ok({ url: 'https://example.com/copied' }));
    await open('/quick');
    expect(urlField().value).toBe('https://example.com/copied');
  });

  it('reads the clipboard on the window\'s first focus, not while it mounts hidden (Wayland gives the clipboard to the focused window only)', async () => {
    const order: string[] = [];
    let focused = false;
    vi.spyOn(document, 'hasFocus').mockImplementation(() => focused);
    fake.answer('clipboard:read-url', () => {
      order.push(focused ? 'read with focus' : 'read without focus');
      return ok({ url: 'https://example.com/copied' });
    });
    await open('/quick');
    // Mounted and loaded, not yet shown: nothing read.
    expect(fake.callsTo('clipboard:read-url')).toHaveLength(0);
    expect(urlField().value).toBe('');
    // QuickWindow.open shows and focuses it.
    focused = true;
    window.dispatchEvent(new Event('focus'));
    await flushPromises();
    expect(order).toEqual(['read with focus']);
    expect(urlField().value).toBe('https://example.com/copied');
    // Later focus changes read nothing more: only the first focus pre-fills.
    window.dispatchEvent(new Event('focus'));
    await flushPromises();
    expect(fake.callsTo('clipboard:read-url')).toHaveLength(1);
  });

  /*
   * Native Wayland: win.focus() "may show a notification or flash the app icon if the window or
   * app is not already focused" (Electron 45's docs/api/browser-window.md, win.focus()), and
   * windows cannot be focused "without user input" (its Platform notices). So the page is shown
   * with document.hasFocus() false and no 'focus' event until the person clicks into it; the
   * click on the button is that input.
   */
  it('offers "Paste from clipboard" while the window has not got the focus, and pastes on a click', async () => {
    let focused = false;
    vi.spyOn(document, 'hasFocus').mockImplementation(() => focused);
    fake.answer('clipboard:read-url', ok({ url: 'https://example.com/copied' }));
    await open('/quick');
    expect(byTestId('quick-paste')?.textContent?.trim()).toBe('Paste from clipboard');
    expect(fake.callsTo('clipboard:read-url')).toHaveLength(0);
    // The click is the person's input: the compositor gives the window the focus with it.
    focused = true;
    byTestId('quick-paste')!.click();
    await flushPromises();
    expect(urlField().value).toBe('https://example.com/copied');
    expect(byTestId('quick-paste')).toBeNull();
    // The focus event that follows the click reads nothing more.
    window.dispatchEvent(new Event('focus'));
    await flushPromises();
    expect(fake.callsTo('clipboard:read-url')).toHaveLength(1);
  });

  it('hides "Paste from clipboard" once the focus comes, and never shows it to a window that has it', async () => {
    let focused = false;
    vi.spyOn(document, 'hasFocus').mockImplementation(() => focused);
    await open('/quick');
    expect(byTestId('quick-paste')).not.toBeNull();
    focused = true;
    window.dispatchEvent(new Event('focus'));
    await flushPromises();
    expect(byTestId('quick-paste')).toBeNull();
    wrapper?.unmount();
    wrapper = undefined;
    document.body.innerHTML = '';
    await open('/quick');
    expect(byTestId('quick-paste')).toBeNull();
  });

  it('says so next to the field when the clipboard holds no web address', async () => {
    vi.spyOn(document, 'hasFocus').mockReturnValue(false);
    await open('/quick');
    byTestId('quick-paste')!.click();
    await flushPromises();
    expect(urlField().value).toBe('');
    expect(byTestId('quick-paste-note')?.textContent).toMatch(/no web address to paste/);
  });

  it('never reads the clipboard of a window closed before it got the focus', async () => {
    vi.spyOn(document, 'hasFocus').mockReturnValue(false);
    const w = await open('/quick');
    w.unmount();
    wrapper = undefined;
    window.dispatchEvent(new Event('focus'));
    await flushPromises();
    expect(fake.callsTo('clipboard:read-url')).toHaveLength(0);
  });

  it('shortens on Enter, with alias and channel, and puts the short URL on the clipboard', async () => {
    const w = await open('/quick?url=https%3A%2F%2Fexample.com%2Fpage');
    await w.find('[data-testid="quick-alias"]').setValue('spring-sale');
    await submit(w);
    expect(fake.callsTo('links:create')).toEqual([{ url: 'https://example.com/page', custom: 'spring-sale' }]);
    expect(fake.callsTo('outbox:wait')).toEqual([{ opId: 'op-1' }]);
    expect(byTestId('quick-short-url')?.textContent).toBe('http://127.0.0.1:4100/abc');
    expect(fake.callsTo('clipboard:write')).toEqual([{ text: 'http://127.0.0.1:4100/abc' }]);
    expect(byTestId('quick-copied')?.textContent).toBe('Copied');
  });

  it('shows what is wrong next to the field and sends nothing', async () => {
    const w = await open('/quick');
    await w.find('[data-testid="quick-url"]').setValue('ftp://example.com/file');
    await w.find('[data-testid="quick-alias"]').setValue('no spaces');
    await submit(w);
    expect(byTestId('quick-url-error')?.textContent).toContain('"ftp:" scheme');
    expect(byTestId('quick-alias-error')?.textContent).toContain('only letters');
    expect(urlField().getAttribute('aria-describedby')).toBe('quick-url-error');
    expect(fake.callsTo('links:create')).toHaveLength(0);
  });

  it('offers an existing short link for the same URL, and uses it without creating one', async () => {
    fake.answer('links:reusable', ok({ id: 3, shortUrl: 'http://127.0.0.1:4100/old', title: 'Old page', longUrl: 'https://example.com/page' }));
    const w = await open('/quick?url=https%3A%2F%2Fexample.com%2Fpage');
    await submit(w);
    expect(byTestId('quick-reuse')?.textContent).toContain('http://127.0.0.1:4100/old');
    await w.find('[data-testid="quick-reuse-use"]').trigger('click');
    await flushPromises();
    expect(fake.callsTo('links:create')).toHaveLength(0);
    expect(fake.callsTo('clipboard:write')).toEqual([{ text: 'http://127.0.0.1:4100/old' }]);
  });

  it('creates another when the offer is declined', async () => {
    fake.answer('links:reusable', ok({ id: 3, shortUrl: 'http://127.0.0.1:4100/old', title: '', longUrl: 'https://example.com/page' }));
    const w = await open('/quick?url=https%3A%2F%2Fexample.com%2Fpage');
    await submit(w);
    await w.find('[data-testid="quick-reuse-create"]').trigger('click');
    await flushPromises();
    expect(fake.callsTo('links:create')).toHaveLength(1);
    expect(byTestId('quick-short-url')?.textContent).toBe('http://127.0.0.1:4100/abc');
  });

  it('offline, says the link is queued, then copies it once the service answers', async () => {
    let settle: (value: unknown) => void = () => {};
    fake.answer('connection:state', ok({ profileId: localProfile.id, online: false, reason: 'unreachable' }));
    fake.answer('outbox:wait', () => new Promise((resolve) => (settle = resolve)));
    const w = await open('/quick?url=https%3A%2F%2Fexample.com%2Fpage');
    await submit(w);
    expect(byTestId('quick-queued')?.textContent).toContain('saved in the Outbox');
    settle(ok({ opId: 'op-1', id: 9, shortUrl: 'http://127.0.0.1:4100/late' }));
    await flushPromises();
    expect(byTestId('quick-short-url')?.textContent).toBe('http://127.0.0.1:4100/late');
  });

  it('shows the service\'s refusal and discards that operation when shortening again', async () => {
    fake.answer('outbox:wait', fail('invalid-input', 'The alias "taken" is already used.'));
    fake.answer('outbox:discard', ok(undefined));
    const w = await open('/quick?url=https%3A%2F%2Fexample.com%2Fpage');
    await submit(w);
    expect(byTestId('quick-error')?.textContent).toContain('The alias "taken" is already used.');
    await submit(w);
    expect(fake.callsTo('outbox:discard')).toEqual([{ opId: 'op-1' }]);
  });

  it('falls back to the browser clipboard where the app has none (web shell)', async () => {
    fake.answer('clipboard:write', fail('invalid-input', 'No OS clipboard here.'));
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText, readText: async () => '' }, configurable: true });
    const w = await open('/quick?url=https%3A%2F%2Fexample.com%2Fpage');
    await submit(w);
    expect(writeText).toHaveBeenCalledWith('http://127.0.0.1:4100/abc');
    expect(byTestId('quick-copied')?.textContent).toBe('Copied');
  });

  it('closes the window on Esc', async () => {
    const close = vi.spyOn(window, 'close').mockImplementation(() => {});
    await open('/quick');
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape' }));
    expect(close).toHaveBeenCalledTimes(1);
  });

  it('says to set up a profile first when there is none', async () => {
    fake.answer('profiles:list', ok({ profiles: [], currentId: null, keychain: keychainOk }));
    await useProfilesStore().load();
    await open('/quick');
    expect(byTestId('quick-no-profile')).not.toBeNull();
    expect(byTestId('welcome')).toBeNull();
  });
});
