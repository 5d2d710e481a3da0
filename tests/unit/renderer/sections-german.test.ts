// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { flushPromises, type VueWrapper } from '@vue/test-utils';
import ResourceTable from '../../../renderer/src/components/ResourceTable.vue';
import DomainDeleteConfirm from '../../../renderer/src/components/domains/DomainDeleteConfirm.vue';
import DomainForm from '../../../renderer/src/components/domains/DomainForm.vue';
import ChannelForm from '../../../renderer/src/components/channels/ChannelForm.vue';
import PixelForm from '../../../renderer/src/components/pixels/PixelForm.vue';
import { linksUsingText } from '../../../renderer/src/components/domains/domain-form.js';
import { mountInLanguage } from '../../support/mount-in-language.js';
import { ok } from './fake-bridge.js';

/*
 * The resource sections (channels, campaigns, domains, pixels and the read-only lists) in German:
 * the words come from the message files, plurals take German's forms, and no key or English
 * sentence is left on screen (issue 44).
 */

const ui = mountInLanguage('de');

/** No raw key ("domains.x") and none of the English words these screens used to show. */
function expectNoEnglish(wrapper: VueWrapper): void {
  const text = wrapper.text();
  expect(text).not.toMatch(/\b(resources|channels|campaigns|domains|pixels)\.[a-z]/);
  expect(text).not.toMatch(/\b(Cancel|Save|Delete|Create|Could not|Try again|The service|Enter|Choose|branded|links?)\b/);
}

const mirrorList = (items: unknown[]) => ok({ items, syncedAt: Date.now(), source: 'mirror' });

describe('the sections in German', () => {
  it('counts a list’s rows with German plurals: one and several', async () => {
    ui.fake.answer('channels:list', mirrorList([{ id: 1, name: 'Newsletter', description: '', color: '', starred: true }]));
    const one = ui.mount(ResourceTable, { props: { resource: 'channels' } });
    await flushPromises();
    expect(one.get('[data-testid="resource-summary"]').text()).toBe('1 Kanal.');
    expect(one.get('th').text()).toBe('Name');
    expect(one.text()).toContain('Markiert');
    expect(one.text()).toContain('Ja');
    expectNoEnglish(one);

    ui.freshPinia();
    ui.fake.answer('domains:list', mirrorList([1, 2, 3].map((id) => ({ id, domain: `https://go${id}.example.com`, redirectRoot: '', redirect404: '' }))));
    const several = ui.mount(ResourceTable, { props: { resource: 'domains' } });
    await flushPromises();
    expect(several.get('[data-testid="resource-summary"]').text()).toBe('3 eigene Domains.');
    expect(several.text()).toContain('Startseite leitet weiter zu');
    expectNoEnglish(several);
  });

  it('names the links using a domain in German, with German quotation marks', async () => {
    expect(linksUsingText(['promo'], 1)).toBe('1 Link verwendet diese Domain: „promo“.');
    expect(linksUsingText(['a', 'b', 'c', 'd', 'e'], 1234)).toBe('1.234 Links verwenden diese Domain: „a“, „b“, „c“, „d“, „e“ und 1.229 weitere.');
    ui.fake.answer('links:list', ok({ items: [], total: 0, offset: 0, limit: 5, source: 'mirror', syncedAt: null }));
    const wrapper = ui.mount(DomainDeleteConfirm, { props: { domain: { id: 9, domain: 'https://go.example.com', redirectRoot: '', redirect404: '' } } });
    await flushPromises();
    expect(wrapper.get('[data-testid="domain-delete-usage"]').text()).toBe('Kein Link verwendet diese Domain.');
    expect(wrapper.get('[data-testid="domain-delete-yes"]').text()).toBe('Domain löschen');
    expectNoEnglish(wrapper);
  });

  it('checks the forms next to their fields in German', async () => {
    const domain = ui.mount(DomainForm);
    await domain.get('form').trigger('submit');
    await flushPromises();
    expect(domain.get('[data-field="domain"]').text()).toContain('Geben Sie die Domain mit Schema ein');
    expectNoEnglish(domain);

    const channel = ui.mount(ChannelForm);
    await channel.get('form').trigger('submit');
    await flushPromises();
    expect(channel.get('[data-field="name"]').text()).toContain('Der Name ist erforderlich');
    expect(channel.text()).toContain('Kanal anlegen');
    expectNoEnglish(channel);

    const pixel = ui.mount(PixelForm);
    await pixel.get('form').trigger('submit');
    await flushPromises();
    expect(pixel.get('[data-field="type"]').text()).toContain('Wählen Sie die Plattform des Pixels.');
    expect(pixel.text()).toContain('Neues Tracking-Pixel');
    expectNoEnglish(pixel);
  });
});

describe('the bulk jobs in German', () => {
  it('says a job’s progress with German words and number formats', async () => {
    const { bulkProgressText } = await import('../../../renderer/src/composables/bulk-outbox.js');
    expect(bulkProgressText({ label: '', total: 1500, queued: 1200, sent: 1000, failed: 0, reasons: [], running: true })).toBe('1.200 von 1.500 eingereiht · 1.000 gesendet');
    expect(bulkProgressText({ label: '', total: 2, queued: 2, sent: 1, failed: 1, reasons: [], running: false })).toBe('2 von 2 eingereiht · 1 gesendet · 1 fehlgeschlagen');
  });
});
