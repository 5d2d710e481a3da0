// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { flushPromises, mount, type VueWrapper } from '@vue/test-utils';
import { createPinia, setActivePinia, type Pinia } from 'pinia';
import ClipboardSettingsCard from '../../../renderer/src/components/clipboard/ClipboardSettingsCard.vue';
import { useNoticesStore } from '../../../renderer/src/stores/notices.js';
import { useProfilesStore } from '../../../renderer/src/stores/profiles.js';
import type { ClipboardAction, ClipboardSettings } from '../../../electron/shared/clipboard-rules.js';
import type { ClipboardStatus } from '../../../electron/shared/desktop.js';
import { fail, installFakeBridge, keychainOk, localProfile, ok, type FakeBridge } from './fake-bridge.js';

let fake: FakeBridge;
let pinia: Pinia;
let wrapper: VueWrapper | undefined;

const SAVED: ClipboardSettings = {
  enabled: true,
  paused: false,
  pollIntervalMs: 400,
  offline: 'queue',
  defaults: {},
  rules: [{ match: 'example.com', action: 'allow' }],
};

const status = (patch: Partial<ClipboardStatus> = {}): ClipboardStatus => ({
  enabled: true,
  paused: false,
  status: 'watching',
  offline: false,
  pollIntervalMs: 400,
  lastAction: null,
  lastError: null,
  profileId: localProfile.id,
  available: true,
  ...patch,
});

const list = <T,>(items: T[]) => ({ items, source: 'mirror', syncedAt: null });
const marks = { pending: null, failed: null, provisional: false };

beforeEach(async () => {
  fake = installFakeBridge();
  fake.answer('profiles:list', ok({ profiles: [localProfile], currentId: localProfile.id, keychain: keychainOk }));
  fake.answer('clipboard:settings', ok(SAVED));
  fake.answer('clipboard:state', ok(status()));
  fake.answer('channels:list', ok(list([{ id: 7, name: 'Spring', description: '', color: '', starred: false, ...marks }])));
  fake.answer('campaigns:list', ok(list([])));
  fake.answer('utm:templates', ok([]));
  fake.answer('domains:list', ok(list([{ id: 2, domain: 'https://go.example.com', redirectRoot: '', redirect404: '', ...marks }])));
  pinia = createPinia();
  setActivePinia(pinia);
  await useProfilesStore().load();
});

afterEach(() => {
  wrapper?.unmount();
  wrapper = undefined;
  delete window.linkdeck;
  document.body.innerHTML = '';
});

async function mountCard() {
  wrapper = mount(ClipboardSettingsCard, { global: { plugins: [pinia] }, attachTo: document.body });
  await flushPromises();
  return wrapper;
}

const rules = (w: VueWrapper) => w.findAll('[data-testid="clipboard-rule"]');
/** The form item (label, field, message) around a field. */
const fieldOf = (el: Element | null) => el?.closest('.n-form-item') ?? null;
const messageNear = (el: Element | null) => fieldOf(el)?.querySelector('.n-form-item-feedback-wrapper')?.textContent?.trim() ?? '';

async function type(w: VueWrapper, selector: string, value: string, index = 0) {
  const input = w.findAll(selector)[index];
  if (!input) throw new Error(`no ${selector} #${index}`);
  await input.setValue(value);
  await flushPromises();
  return input;
}

async function save(w: VueWrapper) {
  await w.get('[data-testid="clipboard-form"]').trigger('submit');
  await flushPromises();
}

describe('ClipboardSettingsCard', () => {
  it('shows the saved settings and rules, and the live status', async () => {
    const w = await mountCard();
    expect(rules(w)).toHaveLength(1);
    expect((w.get('[data-testid="clipboard-rule-match"]').element as HTMLInputElement).value).toBe('example.com');
    expect((w.get('[data-testid="clipboard-poll"]').element as HTMLInputElement).value).toBe('400');
    expect(w.get('[data-testid="clipboard-status-words"]').text()).toBe('Watching the clipboard every 400 ms.');
    expect(w.find('[data-testid="clipboard-unavailable"]').exists()).toBe(false);
  });

  it('says next to an empty rule what to enter, and sends nothing', async () => {
    const w = await mountCard();
    await w.get('[data-testid="clipboard-add-deny"]').trigger('click');
    await flushPromises();
    await save(w);

    const match = rules(w)[1]?.find('[data-testid="clipboard-rule-match"]');
    expect(match?.attributes('aria-invalid')).toBe('true');
    expect(messageNear(match?.element ?? null)).toMatch(/Enter a domain \(example\.com\), a pattern/);
    expect(w.get('[data-testid="clipboard-form-error"]').text()).toMatch(/need attention/);
    expect(fake.callsTo('clipboard:configure')).toEqual([]);
  });

  it('checks the poll interval as it is typed', async () => {
    const w = await mountCard();
    const poll = await type(w, '[data-testid="clipboard-poll"]', '50');
    await poll.trigger('blur');
    await flushPromises();
    expect(messageNear(poll.element)).toBe('Enter a whole number of milliseconds from 100 to 500.');
    expect(poll.attributes('aria-invalid')).toBe('true');
  });

  it('puts the backend’s refusal of a rule next to that rule’s field, and clears it when the rule is edited', async () => {
    const w = await mountCard();
    await w.get('[data-testid="clipboard-add-deny"]').trigger('click');
    await flushPromises();
    await type(w, '[data-testid="clipboard-rule-match"]', '/(unclosed/', 1);
    const message = 'This regular expression does not compile: missing closing ). Check the brackets.';
    fake.answer('clipboard:configure', fail('invalid-input', `The clipboard settings were not saved: ${message}`, { issues: [{ path: ['rules', '1', 'match'], message }] }));
    await save(w);

    expect(fake.callsTo('clipboard:configure')).toHaveLength(1);
    const bad = rules(w)[1]?.find('[data-testid="clipboard-rule-match"]');
    expect(messageNear(bad?.element ?? null)).toBe(message);
    expect(messageNear(rules(w)[0]?.find('[data-testid="clipboard-rule-match"]').element ?? null)).toBe('');
    expect(w.get('[data-testid="clipboard-form-error"]').text()).toContain('were not saved');

    // Moving the rule keeps its message with it; editing it takes the message away.
    await rules(w)[1]?.get('[data-testid="clipboard-rule-up"]').trigger('click');
    await flushPromises();
    expect(messageNear(rules(w)[0]?.find('[data-testid="clipboard-rule-match"]').element ?? null)).toBe(message);
    await type(w, '[data-testid="clipboard-rule-match"]', '/(closed)/', 0);
    expect(messageNear(rules(w)[0]?.find('[data-testid="clipboard-rule-match"]').element ?? null)).toBe('');
  });

  it('saves new rules with their defaults, blank fields left out, in list order', async () => {
    const saved: unknown[] = [];
    fake.answer('clipboard:configure', (arg: unknown) => {
      saved.push(arg);
      return ok(arg);
    });
    const w = await mountCard();
    await w.get('[data-testid="clipboard-add-deny"]').trigger('click');
    await flushPromises();
    await type(w, '[data-testid="clipboard-rule-match"]', '  intranet.example.com ', 1);
    await type(w, '[data-testid="clipboard-rule-note"]', 'never shorten the intranet', 1);
    await rules(w)[0]?.get('[data-testid="clipboard-rule-defaults-toggle"]').trigger('click');
    await flushPromises();
    await type(w, '[data-testid="clipboard-rule-defaults-utm-source"]', ' newsletter ');
    await rules(w)[1]?.get('[data-testid="clipboard-rule-up"]').trigger('click');
    await flushPromises();
    expect(w.find('[data-testid="clipboard-dirty"]').exists()).toBe(true);
    await save(w);

    expect(saved).toEqual([
      {
        ...SAVED,
        rules: [
          { match: 'intranet.example.com', action: 'deny', note: 'never shorten the intranet' },
          { match: 'example.com', action: 'allow', defaults: { utm: { source: 'newsletter' } } },
        ],
      },
    ]);
    expect(w.find('[data-testid="clipboard-dirty"]').exists()).toBe(false);
    expect(useNoticesStore().items.at(-1)?.text).toMatch(/Clipboard settings saved/);
  });

  it('says UTM problems next to the UTM field', async () => {
    const w = await mountCard();
    await rules(w)[0]?.get('[data-testid="clipboard-rule-defaults-toggle"]').trigger('click');
    await flushPromises();
    const source = await type(w, '[data-testid="clipboard-rule-defaults-utm-source"]', 'x'.repeat(201));
    expect(messageNear(source.element)).toMatch(/Source \(utm_source\) is 201 characters long; keep it to 200/);
    await save(w);
    expect(fake.callsTo('clipboard:configure')).toEqual([]);
  });

  it('in the web shell, explains that the watch runs only in the desktop app, and still saves', async () => {
    fake.answer('clipboard:state', ok(status({ available: false, status: 'off', reason: 'The clipboard watch works only in the Linkdeck desktop app.' })));
    fake.answer('clipboard:configure', (arg: unknown) => ok(arg));
    const w = await mountCard();
    expect(w.get('[data-testid="clipboard-unavailable"]').text()).toContain('works only in the Linkdeck desktop app');
    expect(w.get('[data-testid="clipboard-card"]').attributes('data-available')).toBe('false');
    await w.get('[data-testid="clipboard-enabled"]').trigger('click');
    await flushPromises();
    await save(w);
    expect(fake.callsTo('clipboard:configure')).toMatchObject([{ enabled: false }]);
  });

  it('on a native Wayland desktop, says the watch cannot see the clipboard and what to do instead', async () => {
    const { WAYLAND_CLIPBOARD_REASON } = await import('../../../electron/main/linux-session.js');
    const { englishText } = await import('../../../electron/shared/message-ref.js');
    fake.answer('clipboard:state', ok(status({ available: false, status: 'off', reason: englishText(WAYLAND_CLIPBOARD_REASON), limit: 'desktop-session' })));
    const w = await mountCard();
    const alert = w.get('[data-testid="clipboard-unavailable"]');
    expect(alert.attributes('data-limit')).toBe('desktop-session');
    expect(alert.text()).toContain('Not available on this desktop');
    expect(alert.text()).not.toContain('Available only in the desktop app');
    expect(alert.text()).toContain('cannot read the clipboard while its window is in the background');
    expect(alert.text()).toContain('quick-shorten hotkey');
    expect(alert.text()).toContain('“Quick shorten…” in the tray menu');
    expect(w.get('[data-testid="clipboard-card"]').attributes('data-available')).toBe('false');
  });

  it('offers undo for the last action and follows pushed states', async () => {
    fake.answer('clipboard:undo', ok({ restored: true, linkDeleted: true, message: 'Undone: https://example.com/a is back on the clipboard. https://sho.rt/x was deleted.' }));
    const w = await mountCard();
    const action: ClipboardAction = {
      id: 'clip-1',
      kind: 'created',
      copied: 'https://example.com/a',
      url: 'https://example.com/a',
      shortUrl: 'https://sho.rt/x',
      linkId: 12,
      newLink: true,
      rule: null,
      at: Date.now(),
      message: 'https://sho.rt/x is on the clipboard, for https://example.com/a.',
      undoable: true,
      undone: null,
    };
    fake.emit('clipboard:changed', status({ lastAction: action }));
    await flushPromises();
    expect(w.get('[data-testid="clipboard-last-action"]').text()).toContain('https://sho.rt/x is on the clipboard');
    await w.get('[data-testid="clipboard-undo-delete"]').trigger('click');
    await flushPromises();
    expect(fake.callsTo('clipboard:undo')).toEqual([{ actionId: 'clip-1', deleteLink: true }]);
    expect(useNoticesStore().items.at(-1)?.text).toMatch(/was deleted/);

    fake.emit('clipboard:changed', status({ paused: true, status: 'paused' }));
    await flushPromises();
    expect(w.get('[data-testid="clipboard-status-words"]').text()).toMatch(/^Paused/);
    expect(w.get('[data-testid="clipboard-pause"]').text()).toBe('Resume');
  });
});
