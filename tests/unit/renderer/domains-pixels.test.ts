// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { flushPromises, mount, type VueWrapper } from '@vue/test-utils';
import { createPinia, setActivePinia, type Pinia } from 'pinia';
import { NSelect } from 'naive-ui';
import DomainForm from '../../../renderer/src/components/domains/DomainForm.vue';
import DomainDeleteConfirm from '../../../renderer/src/components/domains/DomainDeleteConfirm.vue';
import PixelForm from '../../../renderer/src/components/pixels/PixelForm.vue';
import { checkDomain, checkRedirect, linksUsingText } from '../../../renderer/src/components/domains/domain-form.js';
import { PIXEL_TYPES, pixelTypeInfo } from '../../../electron/shared/pixel-types.js';
import { fail, installFakeBridge, ok, type FakeBridge } from './fake-bridge.js';

let fake: FakeBridge;
let pinia: Pinia;

const queued = (opId: string) => ({ opId, seq: 1, mutation: { kind: 'domain.delete', id: 1 }, state: 'queued', summary: 'x', attempts: 0 });

beforeEach(() => {
  fake = installFakeBridge();
  fake.answer('outbox:wait', (arg: unknown) => ok({ opId: (arg as { opId: string }).opId, id: 7, shortUrl: null }));
  pinia = createPinia();
  setActivePinia(pinia);
});

afterEach(() => {
  delete window.linkdeck;
});

const feedback = (wrapper: VueWrapper, field: string) => wrapper.get(`[data-field="${field}"] .n-form-item-feedback-wrapper`).text();
const type = (wrapper: VueWrapper, testId: string, value: string) => wrapper.get(`input[data-testid="${testId}"]`).setValue(value);
async function submit(wrapper: VueWrapper) {
  await wrapper.get('form').trigger('submit');
  await flushPromises();
}

describe('domain checks', () => {
  it('wants a scheme, a host and no path, and keeps only scheme and host', () => {
    expect(checkDomain('')).toEqual({ ok: false, message: expect.stringContaining('Enter the domain') });
    expect(checkDomain('go.example.com')).toEqual({ ok: false, message: expect.stringContaining('https://') });
    expect(checkDomain('ftp://go.example.com')).toEqual({ ok: false, message: expect.stringContaining('https://') });
    expect(checkDomain('https://go.example.com/path')).toEqual({ ok: false, message: 'Enter only the scheme and host, without a path: https://go.example.com.' });
    expect(checkDomain('https://go.example.com?x=1')).toMatchObject({ ok: false });
    expect(checkDomain(' https://Go.Example.com/ ')).toEqual({ ok: true, domain: 'https://go.example.com' });
    expect(checkDomain('http://go.example.com:8080')).toEqual({ ok: true, domain: 'http://go.example.com:8080' });
  });

  it('accepts an empty redirect or an http(s) address', () => {
    expect(checkRedirect('')).toBeNull();
    expect(checkRedirect('https://example.com/x')).toBeNull();
    expect(checkRedirect('example.com')).toContain('https://');
    expect(checkRedirect('mailto:me@example.com')).toContain('web addresses');
  });

  it('names the first few links using a domain and how many there are', () => {
    expect(linksUsingText([], 0)).toBe('No link uses this domain.');
    expect(linksUsingText(['promo'], 1)).toBe('1 link uses this domain: “promo”.');
    expect(linksUsingText(['a', 'b'], 2)).toBe('2 links use this domain: “a” and “b”.');
    expect(linksUsingText(['a', 'b', 'c', 'd', 'e'], 12)).toBe('12 links use this domain: “a”, “b”, “c”, “d”, “e”, and 7 more.');
  });
});

describe('DomainForm', () => {
  it('shows an invalid domain next to the field and sends nothing', async () => {
    const wrapper = mount(DomainForm, { global: { plugins: [pinia] } });
    expect(wrapper.get('[data-testid="domain-dns-note"]').text()).toContain('must already point to the link service');
    await type(wrapper, 'domain-input', 'https://go.example.com/landing');
    await type(wrapper, 'domain-404-input', 'not a url');

    await submit(wrapper);

    expect(feedback(wrapper, 'domain')).toBe('Enter only the scheme and host, without a path: https://go.example.com.');
    expect(feedback(wrapper, 'redirect404')).toContain('Enter a whole address');
    expect(fake.callsTo('domains:create')).toEqual([]);
  });

  it('adds the domain in its canonical form, waits for the service, then says it is saved', async () => {
    fake.answer('domains:create', ok(queued('op-1')));
    const wrapper = mount(DomainForm, { global: { plugins: [pinia] } });
    await type(wrapper, 'domain-input', 'https://Go.Example.com/');
    await type(wrapper, 'domain-root-input', 'https://example.com');

    await submit(wrapper);

    expect(fake.callsTo('domains:create')).toEqual([{ domain: 'https://go.example.com', redirectRoot: 'https://example.com', redirect404: '' }]);
    expect(fake.callsTo('outbox:wait')).toEqual([{ opId: 'op-1' }]);
    expect(wrapper.emitted('saved')).toHaveLength(1);
  });

  it('shows the service refusal in words and stays open', async () => {
    fake.answer('domains:create', ok(queued('op-2')));
    fake.answer('outbox:wait', fail('invalid-input', 'The domain go.example.com is already added to this account.'));
    const wrapper = mount(DomainForm, { global: { plugins: [pinia] } });
    await type(wrapper, 'domain-input', 'https://go.example.com');

    await submit(wrapper);

    expect(wrapper.get('[data-testid="domain-form-failure"]').text()).toContain('The domain go.example.com is already added to this account.');
    expect(wrapper.emitted('saved')).toBeUndefined();
  });

  it('edits only the redirects: validated, and an emptied one is sent empty', async () => {
    fake.answer('domains:update', ok(queued('op-3')));
    const domain = { id: 4, domain: 'https://go.example.com', redirectRoot: 'https://example.com', redirect404: 'https://example.com/404' };
    const wrapper = mount(DomainForm, { props: { domain }, global: { plugins: [pinia] } });
    expect(wrapper.find('input[data-testid="domain-input"]').exists()).toBe(false);
    await type(wrapper, 'domain-root-input', 'ftp://example.com');
    await submit(wrapper);
    expect(feedback(wrapper, 'redirectRoot')).toContain('web addresses');
    expect(fake.callsTo('domains:update')).toEqual([]);

    await type(wrapper, 'domain-root-input', 'https://example.org');
    await type(wrapper, 'domain-404-input', '');
    await submit(wrapper);

    expect(fake.callsTo('domains:update')).toEqual([{ id: 4, redirectRoot: 'https://example.org', redirect404: '' }]);
    expect(wrapper.emitted('saved')).toHaveLength(1);
  });
});

describe('DomainDeleteConfirm', () => {
  const domain = { id: 9, domain: 'https://go.example.com', redirectRoot: '', redirect404: '' };

  it('names the links using the domain before deleting it', async () => {
    fake.answer('links:list', ok({ items: [{ id: 1, alias: 'spring' }, { id: 2, alias: 'summer' }], total: 2, offset: 0, limit: 5, source: 'mirror', syncedAt: null }));
    fake.answer('domains:delete', ok(queued('op-4')));
    const wrapper = mount(DomainDeleteConfirm, { props: { domain }, global: { plugins: [pinia] } });
    await flushPromises();

    expect(fake.callsTo('links:list')).toEqual([{ filters: { domain: 'https://go.example.com' }, limit: 5 }]);
    expect(wrapper.get('[data-testid="domain-delete-usage"]').text()).toBe('2 links use this domain: “spring” and “summer”.');
    await wrapper.get('[data-testid="domain-delete-yes"]').trigger('click');
    await flushPromises();

    expect(fake.callsTo('domains:delete')).toEqual([{ id: 9 }]);
    expect(wrapper.emitted('deleted')).toHaveLength(1);
  });

  it('shows a refused delete in words', async () => {
    fake.answer('links:list', ok({ items: [], total: 0, offset: 0, limit: 5, source: 'mirror', syncedAt: null }));
    fake.answer('domains:delete', ok(queued('op-5')));
    fake.answer('outbox:wait', fail('not-found', 'This domain does not exist on the service.'));
    const wrapper = mount(DomainDeleteConfirm, { props: { domain }, global: { plugins: [pinia] } });
    await flushPromises();
    expect(wrapper.get('[data-testid="domain-delete-usage"]').text()).toBe('No link uses this domain.');

    await wrapper.get('[data-testid="domain-delete-yes"]').trigger('click');
    await flushPromises();

    expect(wrapper.get('[data-testid="domain-delete-failure"]').text()).toContain('This domain does not exist on the service.');
    expect(wrapper.emitted('deleted')).toBeUndefined();
  });
});

describe('PixelForm', () => {
  const choose = async (wrapper: VueWrapper, value: string) => {
    wrapper.getComponent(NSelect).vm.$emit('update:value', value);
    await flushPromises();
  };

  it('offers the 13 types by their readable names', () => {
    const wrapper = mount(PixelForm, { global: { plugins: [pinia] } });
    const options = wrapper.getComponent(NSelect).props('options') as Array<{ label: string; value: string }>;
    expect(options.map((o) => o.value)).toEqual([...PIXEL_TYPES]);
    expect(options.map((o) => o.label)).toContain('Google Tag Manager');
    expect(options.map((o) => o.label)).toContain('Microsoft Advertising (Bing)');
  });

  it('asks for a type and a name next to the fields and sends nothing', async () => {
    const wrapper = mount(PixelForm, { global: { plugins: [pinia] } });
    await submit(wrapper);
    expect(feedback(wrapper, 'type')).toBe('Choose the platform of the pixel.');
    expect(feedback(wrapper, 'name')).toContain('Enter a name');
    expect(fake.callsTo('pixels:create')).toEqual([]);
  });

  it('shows the hint and example of the chosen type and checks the tag against it', async () => {
    const wrapper = mount(PixelForm, { global: { plugins: [pinia] } });
    await choose(wrapper, 'fbpixel');
    const info = pixelTypeInfo('fbpixel');
    expect(feedback(wrapper, 'tag')).toBe(info.hint);
    expect(wrapper.get('[data-testid="pixel-example"]').text()).toBe(`Example: ${info.example}`);
    await type(wrapper, 'pixel-name', 'Shop');
    await type(wrapper, 'pixel-tag', 'GTM-ABC1234');

    await submit(wrapper);

    expect(feedback(wrapper, 'tag')).toContain('That is not a valid Facebook (Meta) pixel ID.');
    expect(fake.callsTo('pixels:create')).toEqual([]);
  });

  it('creates the pixel with the tag in its canonical form and waits for the service', async () => {
    fake.answer('pixels:create', ok(queued('op-6')));
    const wrapper = mount(PixelForm, { global: { plugins: [pinia] } });
    await choose(wrapper, 'gtmpixel');
    await type(wrapper, 'pixel-name', ' Site tags ');
    await type(wrapper, 'pixel-tag', ' gtm-abc1234 ');

    await submit(wrapper);

    expect(fake.callsTo('pixels:create')).toEqual([{ type: 'gtmpixel', name: 'Site tags', tag: 'GTM-ABC1234' }]);
    expect(fake.callsTo('outbox:wait')).toEqual([{ opId: 'op-6' }]);
    expect(wrapper.emitted('saved')).toHaveLength(1);
  });

  it('shows the service refusal in words', async () => {
    fake.answer('pixels:create', ok(queued('op-7')));
    fake.answer('outbox:wait', fail('remote-error', 'The service could not store the pixel: try again later.'));
    const wrapper = mount(PixelForm, { global: { plugins: [pinia] } });
    await choose(wrapper, 'linkedinpixel');
    await type(wrapper, 'pixel-name', 'LI');
    await type(wrapper, 'pixel-tag', '1234567');

    await submit(wrapper);

    expect(wrapper.get('[data-testid="pixel-form-failure"]').text()).toContain('The service could not store the pixel: try again later.');
    expect(wrapper.emitted('saved')).toBeUndefined();
  });
});
