// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { flushPromises } from '@vue/test-utils';
import LinkEditor from '../../../renderer/src/components/link-editor/LinkEditor.vue';
import UtmFields from '../../../renderer/src/components/utm/UtmFields.vue';
import { pickerAvailability } from '../../../renderer/src/components/link-editor/offered-pickers.js';
import { countryOptions } from '../../../renderer/src/components/link-editor/picker-options.js';
import { mountInLanguage } from '../../support/mount-in-language.js';
import { useProfilesStore } from '../../../renderer/src/stores/profiles.js';
import { ok } from './fake-bridge.js';

/*
 * The full link editor in German (issue 44): its sections, fields and buttons, the short-password
 * warning with the German plural, country names in German, and no key or English label left.
 */

const rawKey = /\b(links|linkDetail|linkEditor|utm|health|transfer|outbox|exports)\.[a-z][A-Za-z]*(\.[a-z][A-Za-z]*)?\b/;
const list = <T>(items: T[]) => ok({ items, source: 'mirror', syncedAt: 1 });
const ui = mountInLanguage('de', (fake) => {
  for (const channel of ['channels:list', 'campaigns:list', 'overlays:list', 'domains:list', 'pixels:list', 'splash:list'] as const) fake.answer(channel, list([]));
  fake.answer('links:reusable', ok(null));
  fake.answer('utm:templates', ok([{ name: 'Newsletter', params: { source: 'newsletter' } }]));
  useProfilesStore().$patch({ currentId: 'p-local' } as never);
});

describe('the link editor in German', () => {
  it('names its sections, fields and buttons in German, with no key and no English label left', async () => {
    const wrapper = ui.mount(LinkEditor, { props: { mode: 'create', aliasCheckDelay: 0 }, attachTo: document.body });
    await flushPromises();
    const text = wrapper.text();
    for (const words of ['Ziel', 'Zugriff', 'Targeting', 'Vorschau und Notiz', 'Tracking und Gruppierung', 'Eigener Alias', 'Weiterleitung', 'Land hinzufügen', 'Kurzlink erstellen', 'Abbrechen']) {
      expect(text).toContain(words);
    }
    expect(text).not.toMatch(rawKey);
    expect(text).not.toMatch(/\b(Destination|Access|Preview and note|Tracking and grouping|Custom alias|Redirect|Add country|Create short link|Cancel|Countries|Devices|Languages)\b/);
  });

  it('warns of a short password with the German words for one character and for several', async () => {
    const wrapper = ui.mount(LinkEditor, { props: { mode: 'create', aliasCheckDelay: 0 }, attachTo: document.body });
    await flushPromises();
    await wrapper.find('[data-testid="link-password"]').setValue('a');
    expect(wrapper.find('[data-field="password"]').text()).toContain('Ein Passwort mit 1 Zeichen ist leicht zu erraten: Verwenden Sie mindestens 6. (Der Dienst nimmt es an.)');
    await wrapper.find('[data-testid="link-password"]').setValue('abc');
    expect(wrapper.find('[data-field="password"]').text()).toContain('Ein Passwort mit 3 Zeichen ist leicht zu erraten');
  });

  it('names countries in German and says why a picker is off', () => {
    expect(countryOptions().find((o) => o.value === 'DE')?.label).toBe('Deutschland (DE)');
    expect(pickerAvailability({ since: 0 } as never, 'channels').reason).toBe('Von diesem Dienst nicht angeboten: Er hat keine Kanäle (vielleicht eine ältere Version).');
  });
});

describe('the UTM fields in German', () => {
  it('label the parameters and the saved templates in German', async () => {
    const wrapper = ui.mount(UtmFields, { props: { modelValue: { source: 'newsletter' } }, attachTo: document.body });
    await flushPromises();
    const text = wrapper.text();
    for (const words of ['Gespeicherte Vorlage', 'Quelle', 'Medium', 'Kampagne', 'Begriff', 'Inhalt', 'Vorlage löschen…', 'Als Vorlage speichern…']) expect(text).toContain(words);
    expect(text).not.toMatch(rawKey);
    expect(text).not.toMatch(/\b(Saved template|Source|Campaign|Term|Content|Delete template|Save as template)\b/);
  });
});
