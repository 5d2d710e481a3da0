// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { flushPromises, mount, type VueWrapper } from '@vue/test-utils';
import { createPinia, setActivePinia } from 'pinia';
import { NSelect } from 'naive-ui';
import LinkEditor from '../../../renderer/src/components/link-editor/LinkEditor.vue';
import { useProfilesStore } from '../../../renderer/src/stores/profiles.js';
import { setAppLocale } from '../../../renderer/src/i18n/index.js';
import type { LinkDetails, LinkInput, MirrorLink, OutboxItem } from '../../../electron/shared/models.js';
import { fail, installFakeBridge, mirrorLink, ok, type FakeBridge } from './fake-bridge.js';

let fake: FakeBridge;
let wrapper: VueWrapper | undefined;

const list = <T>(items: T[]) => ok({ items: items.map((i) => ({ ...i, pending: null, failed: null, opId: null, provisional: false })), source: 'mirror', syncedAt: 1 });

const takenLink = (over: Partial<MirrorLink> = {}): MirrorLink =>
  mirrorLink({ id: 7, alias: 'taken', shortUrl: 'http://s.test/taken', domain: 's.test', date: '2030-01-01 00:00:00', ...over });

function outboxItem(over: Partial<OutboxItem> = {}): OutboxItem {
  return {
    opId: 'op-1',
    seq: 1,
    mutation: { kind: 'link.create', input: { url: 'https://example.com/x' } },
    state: 'queued',
    summary: 'Create a link',
    provisionalId: -1,
    attempts: 0,
    lastError: null,
    nextAttemptAt: null,
    outcomeUnknown: false,
    blockedBy: null,
    createdAt: 0,
    ...over,
  };
}

const details: LinkDetails = {
  id: 42,
  alias: 'promo',
  shortUrl: 'http://s.test/promo',
  longUrl: 'https://example.com/promo',
  title: 'Promo',
  description: 'My note',
  location: { de: 'https://example.de' },
  device: { iphone: 'https://example.com/ios' },
  expiry: null,
  date: '2030-01-01 00:00:00',
  stats: { clicks: 0, uniqueClicks: 0, topCountries: {}, topReferrers: {}, topBrowsers: {}, topOs: {}, socialCount: {} },
  status: 'public',
  passwordProtected: true,
  deepLink: { apple: 'https://apps.apple.com/app/x', auto: true },
  pixels: [3],
  channel: 5,
  parameters: [{ name: 'ref', value: 'mail' }],
};

beforeEach(() => {
  localStorage.clear();
  fake = installFakeBridge();
  for (const channel of ['channels:list', 'campaigns:list', 'overlays:list'] as const) fake.answer(channel, list([]));
  fake.answer('domains:list', list([{ id: 1, domain: 'https://go.brand.test', redirectRoot: '', redirect404: '' }]));
  fake.answer('pixels:list', list([{ id: 3, type: 'facebook', name: 'FB', tag: 'x', date: '' }]));
  fake.answer('splash:list', list([{ id: 9, name: 'Launch page', date: '' }]));
  fake.answer('links:list', ok({ items: [], total: 0, offset: 0, limit: 50, unknown: 0, source: 'mirror', syncedAt: 1 }));
  fake.answer('links:reusable', ok(null));
  fake.answer('links:create', ok(outboxItem()));
  fake.answer('outbox:wait', ok({ opId: 'op-1', id: 100, shortUrl: 'http://s.test/new1' }));
  const pinia = createPinia();
  setActivePinia(pinia);
  useProfilesStore().$patch({ currentId: 'p-local' } as never);
});

afterEach(() => {
  wrapper?.unmount();
  wrapper = undefined;
});

async function open(props: { mode: 'create' | 'edit'; linkId?: number } = { mode: 'create' }): Promise<VueWrapper> {
  wrapper = mount(LinkEditor, { props: { aliasCheckDelay: 0, ...props }, attachTo: document.body });
  await flushPromises();
  return wrapper;
}

const input = (w: VueWrapper, testId: string) => w.find(`[data-testid="${testId}"]`);
async function type(w: VueWrapper, testId: string, value: string): Promise<void> {
  await input(w, testId).setValue(value);
  await flushPromises();
}
const field = (w: VueWrapper, path: string) => w.find(`[data-field="${path}"]`);
const select = (w: VueWrapper, testId: string) => w.findAllComponents(NSelect).find((c) => c.attributes('data-testid') === testId)!;
async function submit(w: VueWrapper): Promise<void> {
  await w.find('[data-testid="link-editor-form"]').trigger('submit');
  await flushPromises();
}
const created = () => fake.callsTo('links:create') as LinkInput[];

describe('validation', () => {
  it('shows messages next to their fields and sends nothing while invalid', async () => {
    const w = await open();
    await type(w, 'link-url', 'javascript:alert(1)');
    await type(w, 'link-custom', 'a b');
    await type(w, 'link-meta-image', 'https://example.com/a.gif');
    await submit(w);
    expect(field(w, 'url').text()).toContain('uses the "javascript:" scheme; only http:// and https://');
    expect(field(w, 'custom').text()).toContain('only letters A-Z and a-z, digits');
    expect(field(w, 'metaImage').text()).toContain('.jpg, .jpeg or .png');
    expect(w.find('[data-testid="link-editor-invalid"]').exists()).toBe(true);
    expect(created()).toEqual([]);
    expect(fake.callsTo('links:reusable')).toEqual([]);
  });

  it('requires the URL and shows nothing for untouched fields before a send', async () => {
    const w = await open();
    expect(field(w, 'url').text()).not.toContain('required');
    await submit(w);
    expect(field(w, 'url').text()).toContain('The URL is required');
    expect(created()).toEqual([]);
  });

  it('says a custom alias is already used, from the mirror, before sending', async () => {
    fake.answer('links:list', ok({ items: [takenLink({ alias: 'taken' }), takenLink({ id: 8, alias: 'taken-2' })], total: 2, offset: 0, limit: 50, unknown: 0, source: 'mirror', syncedAt: 1 }));
    const w = await open();
    await type(w, 'link-url', 'https://example.com/page');
    await type(w, 'link-custom', 'taken');
    await submit(w);
    expect(fake.callsTo('links:list')).toContainEqual({ q: 'taken', limit: 50 });
    expect(field(w, 'custom').text()).toContain('The alias "taken" is already used by http://s.test/taken');
    expect(created()).toEqual([]);
  });

  it('does not count an alias used on another (branded) domain', async () => {
    fake.answer('links:list', ok({ items: [takenLink({ alias: 'taken', domain: 'go.brand.test' })], total: 1, offset: 0, limit: 50, unknown: 0, source: 'mirror', syncedAt: 1 }));
    const w = await open();
    await type(w, 'link-url', 'https://example.com/page');
    await type(w, 'link-custom', 'taken');
    await submit(w);
    expect(created()).toEqual([expect.objectContaining({ custom: 'taken' })]);
  });

  it('checks parameter rows: a name is required', async () => {
    const w = await open();
    await type(w, 'link-url', 'https://example.com/page');
    await w.find('[data-testid="link-param-add"]').trigger('click');
    await flushPromises();
    await submit(w);
    expect(field(w, 'parameters.0.name').text()).toContain("Enter the parameter's name");
    expect(created()).toEqual([]);
    await type(w, 'link-param-name-0', 'ref');
    await type(w, 'link-param-value-0', 'news');
    await submit(w);
    expect(created()[0]?.parameters).toEqual([{ name: 'ref', value: 'news' }]);
  });
});

describe('targeting editors', () => {
  it('adds, picks and removes country, device and language rows', async () => {
    const w = await open();
    await type(w, 'link-url', 'https://example.com/page');
    for (const kind of ['geoTarget', 'deviceTarget', 'languageTarget']) {
      await w.find(`[data-testid="target-${kind}-add"]`).trigger('click');
      await w.find(`[data-testid="target-${kind}-add"]`).trigger('click');
    }
    await flushPromises();
    expect(w.findAll('[data-testid="target-geoTarget-row"]')).toHaveLength(2);

    const countries = select(w, 'target-geoTarget-key-0').props('options') as Array<{ label: string; value: string }>;
    expect(countries).toContainEqual({ label: 'Germany (DE)', value: 'DE' });
    expect(countries.some((o) => o.value === 'EU' || o.value === 'ZZ')).toBe(false);
    const devices = select(w, 'target-deviceTarget-key-0').props('options') as Array<{ value: string }>;
    expect(devices.map((o) => o.value)).toEqual(['iphone', 'ipad', 'android', 'windows phone', 'windows', 'macos', 'linux', 'blackberry']);
    const languages = select(w, 'target-languageTarget-key-0').props('options') as Array<{ label: string; value: string }>;
    expect(languages).toContainEqual({ label: 'Brazilian Portuguese · pt-BR', value: 'pt-BR' });

    select(w, 'target-geoTarget-key-0').vm.$emit('update:value', 'DE');
    await flushPromises();
    select(w, 'target-deviceTarget-key-0').vm.$emit('update:value', 'android');
    select(w, 'target-languageTarget-key-0').vm.$emit('update:value', 'pt-BR');
    await flushPromises();
    await type(w, 'target-geoTarget-link-0', 'https://example.de');
    await type(w, 'target-deviceTarget-link-0', 'https://example.com/android');
    await type(w, 'target-languageTarget-link-0', 'https://example.com.br');
    // The second rows are left empty: their messages sit next to them.
    await submit(w);
    expect(field(w, 'geoTarget.1.key').text()).toContain('Choose a country.');
    expect(field(w, 'deviceTarget.1.link').text()).toContain('The target URL is required');
    expect(created()).toEqual([]);

    for (const kind of ['geoTarget', 'deviceTarget', 'languageTarget']) await w.find(`[data-testid="target-${kind}-remove-1"]`).trigger('click');
    await flushPromises();
    expect(w.findAll('[data-testid="target-geoTarget-row"]')).toHaveLength(1);
    await submit(w);
    expect(created()).toEqual([
      expect.objectContaining({
        geoTarget: [{ location: 'DE', link: 'https://example.de' }],
        deviceTarget: [{ device: 'android', link: 'https://example.com/android' }],
        languageTarget: [{ language: 'pt-BR', link: 'https://example.com.br' }],
      }),
    ]);
  });

  it('refuses the same country twice', async () => {
    const w = await open();
    await type(w, 'link-url', 'https://example.com/page');
    const add = w.find('[data-testid="target-geoTarget-add"]');
    await add.trigger('click');
    await add.trigger('click');
    await flushPromises();
    select(w, 'target-geoTarget-key-0').vm.$emit('update:value', 'FR');
    await flushPromises();
    select(w, 'target-geoTarget-key-1').vm.$emit('update:value', 'FR');
    await flushPromises();
    expect(field(w, 'geoTarget.1.key').text()).toContain('This country already has a row');
  });
});

describe('create', () => {
  it('sends every field, with UTM parameters applied, then shows the short URL', async () => {
    const w = await open();
    await type(w, 'link-url', 'https://example.com/page?x=1');
    await type(w, 'link-utm-source', 'news');
    await type(w, 'link-utm-campaign', 'spring');
    await type(w, 'link-custom', 'spring-sale');
    await type(w, 'link-password', 'hunter22');
    await type(w, 'link-meta-title', 'Spring');
    await type(w, 'link-note', 'for the newsletter');
    await type(w, 'link-deep-apple', 'https://apps.apple.com/app/x');
    select(w, 'link-pixels').vm.$emit('update:value', [3]);
    select(w, 'link-domain').vm.$emit('update:value', 'https://go.brand.test');
    select(w, 'link-redirect').vm.$emit('update:value', 'splash-page');
    await flushPromises();
    select(w, 'link-splash-page').vm.$emit('update:value', 9);
    await flushPromises();
    expect(w.find('[data-testid="link-utm-result"]').text()).toContain('https://example.com/page?x=1&utm_source=news&utm_campaign=spring');
    await submit(w);
    expect(created()).toEqual([
      {
        url: 'https://example.com/page?x=1&utm_source=news&utm_campaign=spring',
        custom: 'spring-sale',
        type: { splashPageId: 9 },
        password: 'hunter22',
        domain: 'https://go.brand.test',
        metaTitle: 'Spring',
        deepLink: { apple: 'https://apps.apple.com/app/x' },
        pixels: [3],
        description: 'for the newsletter',
        status: 'private',
      },
    ]);
    expect(w.emitted('saved')?.[0]?.[0]).toMatchObject({ opId: 'op-1' });
    expect(fake.callsTo('outbox:wait')).toEqual([{ opId: 'op-1' }]);
    expect(w.find('[data-testid="link-editor-short-url"]').text()).toBe('http://s.test/new1');
  });

  it('shows the service refusal in its own words', async () => {
    fake.answer('outbox:wait', fail('invalid-input', 'The custom alias "spring" is already taken on this domain.'));
    const w = await open();
    await type(w, 'link-url', 'https://example.com/page');
    await submit(w);
    expect(w.find('[data-testid="link-editor-failure"]').text()).toContain('The custom alias "spring" is already taken on this domain.');
    await w.find('[data-testid="link-editor-edit-again"]').trigger('click');
    await flushPromises();
    expect((input(w, 'link-url').element as HTMLInputElement).value).toBe('https://example.com/page');
    await submit(w);
    // Sending again replaces the refused operation instead of leaving it in the outbox.
    expect(fake.callsTo('outbox:discard')).toEqual([{ opId: 'op-1' }]);
  });

  it('shows a refusal the outbox already recorded (lastError)', async () => {
    fake.answer('links:create', ok(outboxItem({ state: 'failed', lastError: { code: 'invalid-input', message: 'The field "url" is blocked.' } })));
    const w = await open();
    await type(w, 'link-url', 'https://example.com/page');
    await submit(w);
    expect(w.find('[data-testid="link-editor-failure"]').text()).toContain('The field "url" is blocked.');
    expect(fake.callsTo('outbox:wait')).toEqual([]);
  });
});

describe('reuse offer', () => {
  beforeEach(() => fake.answer('links:reusable', ok(takenLink({ shortUrl: 'http://s.test/old', longUrl: 'https://example.com/page' }))));

  it('offers the existing short link before creating; Use it creates nothing', async () => {
    const w = await open();
    await type(w, 'link-url', 'https://example.com/page');
    await submit(w);
    expect(fake.callsTo('links:reusable')).toEqual([{ url: 'https://example.com/page' }]);
    expect(w.find('[data-testid="link-editor-reuse"]').text()).toContain('This URL already has a short link: http://s.test/old');
    expect(created()).toEqual([]);
    await w.find('[data-testid="link-editor-reuse-use"]').trigger('click');
    expect(w.emitted('reused')?.[0]?.[0]).toMatchObject({ shortUrl: 'http://s.test/old' });
    expect(created()).toEqual([]);
  });

  it('Create another creates it anyway', async () => {
    const w = await open();
    await type(w, 'link-url', 'https://example.com/page');
    await submit(w);
    await w.find('[data-testid="link-editor-reuse-create"]').trigger('click');
    await flushPromises();
    expect(created()).toEqual([{ url: 'https://example.com/page', status: 'private' }]);
  });
});

describe('drafts', () => {
  it('restores a draft after a remount, without the password, and clears it once sent', async () => {
    let w = await open();
    await type(w, 'link-url', 'https://example.com/draft');
    await type(w, 'link-password', 'secret-pw');
    await w.find('[data-testid="link-param-add"]').trigger('click');
    await flushPromises();
    await type(w, 'link-param-name-0', 'ref');
    expect(JSON.stringify(localStorage)).not.toContain('secret-pw');
    w.unmount();

    w = await open();
    expect(w.find('[data-testid="link-editor-draft-restored"]').exists()).toBe(true);
    expect((input(w, 'link-url').element as HTMLInputElement).value).toBe('https://example.com/draft');
    expect((input(w, 'link-param-name-0').element as HTMLInputElement).value).toBe('ref');
    expect((input(w, 'link-password').element as HTMLInputElement).value).toBe('');
    await submit(w);
    expect(created()).toHaveLength(1);
    w.unmount();

    w = await open();
    expect(w.find('[data-testid="link-editor-draft-restored"]').exists()).toBe(false);
    expect((input(w, 'link-url').element as HTMLInputElement).value).toBe('');
  });

  it('discarding the draft resets the form and forgets it', async () => {
    let w = await open();
    await type(w, 'link-url', 'https://example.com/draft');
    w.unmount();
    w = await open();
    await w.find('[data-testid="link-editor-discard-draft"]').trigger('click');
    await flushPromises();
    expect((input(w, 'link-url').element as HTMLInputElement).value).toBe('');
    w.unmount();
    w = await open();
    expect(w.find('[data-testid="link-editor-draft-restored"]').exists()).toBe(false);
  });
});

describe('edit', () => {
  beforeEach(() => {
    fake.answer('links:get', ok({ link: takenLink({ id: 42 }), details, fetchedAt: 1, snapshots: [], stale: false, unknownOnUpdate: [], source: 'mirror', syncedAt: 1 }));
    fake.answer('links:update', ok(outboxItem({ opId: 'op-2', mutation: { kind: 'link.update', id: 42, input: { url: 'https://example.com/promo' } } })));
    fake.answer('outbox:wait', ok({ opId: 'op-2', id: 42, shortUrl: 'http://s.test/promo' }));
  });

  it('shows the create-only fields read-only, and sends only what changed (the outbox completes the rest)', async () => {
    const w = await open({ mode: 'edit', linkId: 42 });
    expect(fake.callsTo('links:get')).toEqual([{ id: 42 }]);
    const note = input(w, 'link-note').element as HTMLTextAreaElement;
    expect(note.value).toBe('My note');
    expect(w.find('[data-testid="link-status"] input[value="public"]').attributes()).toHaveProperty('disabled');
    expect(w.find('[data-testid="link-deep-auto"]').classes().join(' ')).toContain('disabled');
    expect((input(w, 'link-url').element as HTMLInputElement).value).toBe('https://example.com/promo');
    // Everything is known for this link: no field says it cannot be read.
    expect(w.text()).not.toContain('Linkdeck cannot read');

    await type(w, 'link-meta-title', 'New title');
    await type(w, 'link-note', 'A new note');
    await submit(w);
    expect(fake.callsTo('links:reusable')).toEqual([]);
    const [update] = fake.callsTo('links:update') as Array<{ id: number; input: Record<string, unknown> }>;
    expect(update).toEqual({ id: 42, input: { url: 'https://example.com/promo', metaTitle: 'New title', description: 'A new note' } });
    expect(w.find('[data-testid="link-editor-short-url"]').text()).toBe('http://s.test/promo');
  });

  it('says at each field what it cannot read, and asks before the service clears it', async () => {
    // A link made on the service's website: its password, campaign, redirect type and pixels never come back.
    const { passwordProtected: _p, pixels: _x, ...readable } = details;
    fake.answer('links:get', ok({ link: takenLink({ id: 42 }), details: readable, fetchedAt: 1, snapshots: [], stale: false, unknownOnUpdate: ['password', 'campaign', 'type', 'pixels'], source: 'mirror', syncedAt: 1 }));
    const w = await open({ mode: 'edit', linkId: 42 });
    for (const path of ['password', 'campaign', 'type', 'pixels']) expect(field(w, path).text()).toContain('Linkdeck cannot read');
    expect(field(w, 'metaTitle').text()).not.toContain('Linkdeck cannot read');

    // Setting one of them keeps it out of the warning.
    await select(w, 'link-redirect').vm.$emit('update:value', 'frame');
    await flushPromises();
    expect(field(w, 'type').text()).not.toContain('Linkdeck cannot read');
    await type(w, 'link-meta-title', 'New title');
    await submit(w);
    expect(fake.callsTo('links:update')).toEqual([]);
    const warning = w.get('[data-testid="link-editor-clear-warning"]');
    expect(warning.get('[data-testid="link-editor-clear-list"]').text()).toBe('the password protection, the campaign, and the pixels');
    // One sentence around the list, its bold part from the slot (no markup in the message).
    expect(warning.text()).toContain('so saving now clears: the password protection, the campaign, and the pixels. To keep one, set it below before saving.');

    await w.get('[data-testid="link-editor-clear-cancel"]').trigger('click');
    await flushPromises();
    expect(w.find('[data-testid="link-editor-clear-warning"]').exists()).toBe(false);
    expect(fake.callsTo('links:update')).toEqual([]);

    await submit(w);
    await w.get('[data-testid="link-editor-clear-confirm"]').trigger('click');
    await flushPromises();
    expect(fake.callsTo('links:update')).toEqual([{ id: 42, input: { url: 'https://example.com/promo', type: 'frame', metaTitle: 'New title' } }]);
  });

  it('asks in German, the fields it would clear joined with „und“ in one sentence', async () => {
    await setAppLocale('de');
    try {
      const { passwordProtected: _p, pixels: _x, ...readable } = details;
      fake.answer('links:get', ok({ link: takenLink({ id: 42 }), details: readable, fetchedAt: 1, snapshots: [], stale: false, unknownOnUpdate: ['password', 'campaign', 'pixels'], source: 'mirror', syncedAt: 1 }));
      const w = await open({ mode: 'edit', linkId: 42 });
      await type(w, 'link-meta-title', 'Neuer Titel');
      await submit(w);
      const warning = w.get('[data-testid="link-editor-clear-warning"]');
      const list = warning.get('[data-testid="link-editor-clear-list"]');
      expect(list.element.tagName).toBe('STRONG');
      expect(list.text()).toMatch(/^[^,]+, [^,]+ und [^,]+$/);
      expect(warning.text()).toContain(`Speichern löscht jetzt also: ${list.text()}. Um eines zu behalten, setzen Sie es vor dem Speichern unten.`);
      expect(warning.text()).not.toMatch(/linkEditor\.|saving now| and /);
    } finally {
      await setAppLocale('en');
    }
  });

  it('keeps its own draft per link', async () => {
    let w = await open({ mode: 'edit', linkId: 42 });
    await type(w, 'link-meta-title', 'Draft title');
    w.unmount();
    w = await open({ mode: 'edit', linkId: 42 });
    expect((input(w, 'link-meta-title').element as HTMLInputElement).value).toBe('Draft title');
    w.unmount();
    w = await open();
    expect(w.find('[data-testid="link-editor-draft-restored"]').exists()).toBe(false);
  });

  it('refuses to edit a link whose details were never read', async () => {
    fake.answer('links:get', ok({ link: takenLink({ id: 42 }), details: null, fetchedAt: null, snapshots: [], stale: true, unknownOnUpdate: [], source: 'mirror', syncedAt: 1 }));
    const w = await open({ mode: 'edit', linkId: 42 });
    expect(w.find('[data-testid="link-editor-load-error"]').text()).toContain('have not been read from the service yet');
    expect(w.find('[data-testid="link-editor-form"]').exists()).toBe(false);
  });
});

describe('a short password', () => {
  it('is warned about next to the field, and still sent (a warning, not a refusal)', async () => {
    const w = await open();
    await type(w, 'link-url', 'https://example.com/guarded');
    await type(w, 'link-password', 'abc12');
    expect(field(w, 'password').attributes('data-warning')).toBe('short');
    expect(field(w, 'password').text()).toContain('A password of 5 characters is easy to guess: use at least 6.');
    await submit(w);
    expect(w.find('[data-testid="link-editor-invalid"]').exists()).toBe(false);
    expect(created()).toEqual([expect.objectContaining({ url: 'https://example.com/guarded', password: 'abc12' })]);
  });

  it('says nothing about a password of 6 characters or more, nor about none', async () => {
    const w = await open();
    expect(field(w, 'password').attributes('data-warning')).toBeUndefined();
    await type(w, 'link-password', 'abc123');
    expect(field(w, 'password').attributes('data-warning')).toBeUndefined();
    expect(field(w, 'password').text()).not.toContain('easy to guess');
  });
});
