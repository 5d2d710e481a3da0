// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { flushPromises } from '@vue/test-utils';
import BulkMappingStep from '../../../renderer/src/components/bulk/BulkMappingStep.vue';
import { useBulkStore } from '../../../renderer/src/stores/bulk.js';
import { useProfilesStore } from '../../../renderer/src/stores/profiles.js';
import { JSON_SHAPE_LABELS, readImportFile } from '../../../electron/shared/import-file.js';
import { englishText } from '../../../electron/shared/message-ref.js';
import { keychainOk, ok, remoteProfile } from './fake-bridge.js';
import { mountInLanguage } from '../../support/mount-in-language.js';

/*
 * A saved API answer (.json) recognised in Bulk → Import: its kind ("Bitly API v4 answer") is
 * said in the person's language in the mapping step (issue 44), as a CSV export's is.
 */
const ui = mountInLanguage('de', async (fake) => {
  fake.answer('profiles:list', ok({ profiles: [remoteProfile], currentId: remoteProfile.id, keychain: keychainOk }));
  fake.answer('bulk:aliases', ok([]));
  await useProfilesStore().load();
});

const BITLY = JSON.stringify({ links: [{ link: 'https://bit.ly/x1', long_url: 'https://example.com/j1', id: 'bit.ly/x1' }] });

describe('a saved API answer’s kind in German', () => {
  it('every shape’s key says in English what its label says (the mapping step relies on it)', () => {
    expect(JSON_SHAPE_LABELS.length).toBeGreaterThanOrEqual(7);
    for (const { label, ref } of JSON_SHAPE_LABELS) expect(englishText(ref)).toBe(label);
  });

  it('names a Bitly API answer in German in the mapping step', async () => {
    const read = readImportFile('bitly.json', new TextEncoder().encode(BITLY));
    if ('error' in read) throw new Error(read.error);
    expect(read.label).toBe('Bitly API v4 answer');
    const bulk = useBulkStore();
    bulk.setLookups({ channels: [], campaigns: [], domains: [] });
    // As BulkSourceStep hands a read file over.
    bulk.useTable(read.table, read.kind, 'bitly.json', read.label, { ...(read.labelRef ? { labelRef: read.labelRef } : {}) });
    ui.mount(BulkMappingStep, { attachTo: document.body });
    await flushPromises();
    const box = document.querySelector('[data-testid="bulk-recognised"]')?.textContent ?? '';
    expect(box).toContain('Antwort der Bitly-API v4');
    expect(box).not.toMatch(/answer|importNotes\./);
  });
});
