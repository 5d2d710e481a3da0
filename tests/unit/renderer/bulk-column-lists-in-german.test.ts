// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { flushPromises } from '@vue/test-utils';
import BulkMappingStep from '../../../renderer/src/components/bulk/BulkMappingStep.vue';
import BulkPreviewStep from '../../../renderer/src/components/bulk/BulkPreviewStep.vue';
import { useBulkStore } from '../../../renderer/src/stores/bulk.js';
import { useProfilesStore } from '../../../renderer/src/stores/profiles.js';
import { keychainOk, ok, remoteProfile } from './fake-bridge.js';
import { mountInLanguage } from '../../support/mount-in-language.js';

/*
 * The columns a file's rows are not read from, named in German quotes and listed the German way
 * („a“, „b“ und „c“), not joined with ", " (issue 44).
 */
const ui = mountInLanguage('de', async (fake) => {
  fake.answer('profiles:list', ok({ profiles: [remoteProfile], currentId: remoteProfile.id, keychain: keychainOk }));
  fake.answer('bulk:aliases', ok([]));
  await useProfilesStore().load();
});

const text = (testId: string) => document.querySelector(`[data-testid="${testId}"]`)?.textContent?.replace(/\s+/g, ' ').trim() ?? '';

async function mountStep(component: object, csv: string, step: 'mapping' | 'preview'): Promise<void> {
  const bulk = useBulkStore();
  bulk.setLookups({ channels: [], campaigns: [], domains: [] });
  bulk.useSource('csv', csv, 'Import');
  bulk.step = step;
  ui.mount(component, { attachTo: document.body });
  await flushPromises();
}

describe('lists of column names in German', () => {
  it('the mapping step lists one column and several', async () => {
    await mountStep(BulkMappingStep, ['url,Farbe', 'https://example.com/a,rot'].join('\n'), 'mapping');
    expect(text('bulk-unknown-columns')).toContain('Nicht gelesen: „Farbe“. Für diese Spalte');
    document.body.innerHTML = '';
    await mountStep(BulkMappingStep, ['url,Farbe,Größe,Preis', 'https://example.com/a,rot,L,5'].join('\n'), 'mapping');
    const box = text('bulk-unknown-columns');
    expect(box).toContain('Nicht gelesen: „Farbe“, „Größe“ und „Preis“. Für diese Spalten');
    expect(box).not.toMatch(/"|bulk\.mapping\.|, Preis| and /);
  });

  it('the dry run lists them the same way', async () => {
    await mountStep(BulkPreviewStep, ['url,Farbe,Größe', 'https://example.com/a,rot,L'].join('\n'), 'preview');
    const line = text('bulk-not-read');
    expect(line).toContain('Nicht gelesene Spalten (kein Feld eines Links passt): „Farbe“ und „Größe“.');
    expect(line).not.toMatch(/"|bulk\.preview\.| and /);
  });
});
