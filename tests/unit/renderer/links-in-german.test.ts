// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { flushPromises } from '@vue/test-utils';
import type { Router } from 'vue-router';
import App from '../../../renderer/src/App.vue';
import NewLinkForm from '../../../renderer/src/components/NewLinkForm.vue';
import { filterOptions } from '../../../renderer/src/components/links-list/filter-options.js';
import { linkBadges } from '../../../renderer/src/components/links-list/link-badges.js';
import { validateAlias, validateLongUrl } from '../../../renderer/src/composables/validation.js';
import { createAppRouter } from '../../../renderer/src/router.js';
import type { MirrorLink, MirrorLinkQuery } from '../../../electron/shared/models.js';
import { answerAppFrame, mountInLanguage } from '../../support/mount-in-language.js';
import { mirrorLink, ok } from './fake-bridge.js';

/*
 * The Links area in German (issue 44): the list, its marks, filters, plurals and the quick-create
 * form say everything in the message files' German, with the locale's numbers, and leave no
 * message key or English sentence on screen.
 */

/** Words of the English interface that must not show in German (whole words, case as written). */
const ENGLISH = ['Short link', 'Destination', 'Clicks', 'Created', 'Channel', 'Campaign', 'State', 'Private', 'Pending', 'Expired', 'Select', 'links', 'Shorten', 'Cancel', 'Long URL'];
const englishLeft = (text: string) => ENGLISH.filter((w) => new RegExp(`(^|[^\\p{L}])${w}([^\\p{L}]|$)`, 'u').test(text));
/** A message key left raw ("links.state.total"). */
const rawKey = /\b(links|linkDetail|linkEditor|utm|health|transfer|outbox|exports)\.[a-z][A-Za-z]*(\.[a-z][A-Za-z]*)?\b/;

let router: Router;

const ui = mountInLanguage('de', (fake) => {
  answerAppFrame(fake);
  fake.answer('channels:list', ok({ items: [], source: 'mirror', syncedAt: Date.now() }));
  fake.answer('campaigns:list', ok({ items: [], source: 'mirror', syncedAt: Date.now() }));
  router = createAppRouter();
});

function answerLinks(items: MirrorLink[]): void {
  ui.fake.answer('links:list', (arg: unknown) => {
    const { offset = 0, limit = 50 } = arg as MirrorLinkQuery;
    return ok({ items: offset === 0 ? items : [], total: items.length, offset, limit, unknown: 0, source: 'mirror', syncedAt: Date.now() });
  });
}

async function mountLinks() {
  await router.push('/links');
  const wrapper = ui.mount(App, { global: { plugins: [router] }, attachTo: document.body });
  await flushPromises();
  await flushPromises();
  return wrapper;
}

const text = (selector: string) => document.querySelector(selector)?.textContent?.replace(/\s+/g, ' ').trim() ?? '';

describe('the Links list in German', () => {
  it('names its columns and counts its links with German plurals, marks in German, no key and no English left', async () => {
    answerLinks([
      mirrorLink({ id: 1, status: 'private', pending: 'create' }),
      mirrorLink({ id: 2, alias: 'b', shortUrl: 'http://s/b', passwordProtected: true }),
    ]);
    await mountLinks();
    expect(text('[data-testid="links-total"]')).toBe('· 2 Links');
    expect(text('[data-testid="links-header"]')).toContain('Kurzlink');
    expect(text('[data-testid="links-header"]')).toContain('Ziel-URL');
    const rows = text('[data-testid="links-rows"]');
    expect(rows).toContain('Privat');
    expect(rows).toContain('Erstellen ausstehend');
    expect(rows).toContain('Passwort');
    const list = text('[data-testid="links-list"]');
    expect(list).not.toMatch(rawKey);
    expect(englishLeft(list)).toEqual([]);
  });

  it('says one link in the singular', async () => {
    answerLinks([mirrorLink({ id: 1 })]);
    await mountLinks();
    expect(text('[data-testid="links-total"]')).toBe('· 1 Link');
  });

  it('writes a filter’s counts with German digits and its marks’ words in German', () => {
    const facets = { health: { values: [{ value: 'broken', count: 1234 }, { value: 'ok', count: 1 }, { value: 'unchecked', count: 0 }] } } as never;
    expect(filterOptions('health', facets, { channel: () => undefined, campaign: () => undefined }).map((o) => o.label)).toEqual(['Defekt (1.234)', 'Funktioniert (1)', 'Nicht geprüft (0)']);
    const badges = linkBadges(mirrorLink({ health: 'broken', expiry: '2020-01-02 10:00:00', expired: true }), Date.now());
    expect(badges.map((b) => b.text)).toEqual(['Defekt', 'Abgelaufen']);
    expect(badges[1]?.title).toBe('Abgelaufen am 02.01.2020, 10:00');
  });

  it('checks the quick-create form’s fields in German, next to the field', async () => {
    expect(validateLongUrl('')).toBe('Geben Sie die Ziel-URL ein, die gekürzt werden soll.');
    expect(validateAlias('a b')).toBe('Verwenden Sie nur Buchstaben, Ziffern, Bindestriche (-) und Unterstriche (_).');
    const wrapper = ui.mount(NewLinkForm, { attachTo: document.body });
    await wrapper.get('form').trigger('submit');
    const form = wrapper.text();
    expect(form).toContain('Neuer Kurzlink');
    expect(form).toContain('Eigener Alias');
    expect(wrapper.get('[data-testid="new-link-url-error"]').text()).toBe('Geben Sie die Ziel-URL ein, die gekürzt werden soll.');
    expect(form).not.toMatch(rawKey);
    expect(englishLeft(form)).toEqual([]);
  });
});
