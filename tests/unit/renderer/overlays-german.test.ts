// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { flushPromises } from '@vue/test-utils';
import ResourceTable from '../../../renderer/src/components/ResourceTable.vue';
import { mountInLanguage } from '../../support/mount-in-language.js';
import { ok } from './fake-bridge.js';

/*
 * The overlays list in German (issue 44): an overlay's kind is the service's code (`message`,
 * `contact`), said in the person's words; a kind the spec does not show is shown as it came.
 */

const ui = mountInLanguage('de');
const mirrorList = (items: unknown[]) => ok({ items, syncedAt: Date.now(), source: 'mirror' });

describe('the overlays list in German', () => {
  it('names each overlay’s kind in German, and an unknown kind as the service wrote it', async () => {
    ui.fake.answer(
      'overlays:list',
      mirrorList([
        { id: 1, name: 'Newsletter sign-up', type: 'message', date: '2026-11-29 03:05:00' },
        { id: 2, name: 'Contact us', type: 'contact', date: '2026-11-29 03:05:00' },
        { id: 3, name: 'Umfrage', type: 'poll', date: '2026-11-29 03:05:00' },
      ]),
    );
    const table = ui.mount(ResourceTable, { props: { resource: 'overlays' } });
    await flushPromises();
    const cells = table.findAll('tbody tr').map((row) => row.findAll('td').map((td) => td.text()));
    expect(cells.map((row) => row[1])).toEqual(['Nachricht', 'Kontaktformular', 'poll']);
    expect(table.get('[data-testid="resource-summary"]').text()).toBe('3 Overlays.');
    expect(table.text()).not.toMatch(/\bresources\.[a-z]/);
  });
});
