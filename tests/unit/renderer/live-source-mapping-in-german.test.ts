// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { flushPromises } from '@vue/test-utils';
import BulkMappingStep from '../../../renderer/src/components/bulk/BulkMappingStep.vue';
import { useBulkStore } from '../../../renderer/src/stores/bulk.js';
import { useProfilesStore } from '../../../renderer/src/stores/profiles.js';
import { kuttShape } from '../../../electron/shared/source-rows.js';
import { englishText, msg } from '../../../electron/shared/message-ref.js';
import type { LiveFetchResult } from '../../../electron/shared/live-import.js';
import { keychainOk, ok, remoteProfile } from './fake-bridge.js';
import { mountInLanguage } from '../../support/mount-in-language.js';

/*
 * Issue 44: links fetched from a live source (Kutt here) reach the mapping step with the source's
 * label and notes as messages: the step says them in German, the job's default name too; the
 * English label stays what the job's origin keeps.
 */

const ui = mountInLanguage('de', async (fake) => {
  fake.answer('profiles:list', ok({ profiles: [remoteProfile], currentId: remoteProfile.id, keychain: keychainOk }));
  await useProfilesStore().load();
});

const label = msg('importNotes.liveLabel', { source: 'Kutt', host: 'kutt.example.com' });
const notes = [msg('importNotes.livePasswords', { n: 2, source: 'Kutt' }), msg('importNotes.liveJobLimit', { max: 10_000 })];

const fetched = (withRefs: boolean): LiveFetchResult => ({
  source: 'kutt',
  label: englishText(label),
  table: { headers: [...kuttShape.headers], records: [{ line: 1, fields: kuttShape.headers.map((h) => (h === 'target' ? 'https://example.com/a' : '')) }], hasHeader: true, problems: [] },
  total: 1,
  pages: 1,
  notes: notes.map(englishText),
  ...(withRefs ? { labelRef: label, noteRefs: notes } : {}),
});

const page = () => document.body.textContent?.replace(/\s+/g, ' ') ?? '';

describe('a live source’s label and notes in German', () => {
  it('the mapping step names the source and says its notes in German, with the plural and the number format', async () => {
    const bulk = useBulkStore();
    bulk.useFetched(fetched(true));
    ui.mount(BulkMappingStep, { attachTo: document.body });
    await flushPromises();
    expect(page()).toContain('Kutt auf kutt.example.com');
    expect(page()).toContain('2 Links haben in Kutt ein Passwort, das dessen API nicht preisgibt');
    expect(page()).toContain('Ein Auftrag umfasst höchstens 10.000 Links: Die ersten 10.000 wurden gelesen.');
    expect(page()).not.toMatch(/Kutt at |have a password|A bulk job takes|importNotes\./);
    expect(bulk.jobName).toMatch(/^Kutt auf kutt\.example\.com /);
    expect(bulk.recognised?.label).toBe('Kutt at kutt.example.com');
  });

  it('an older backend’s English label and notes are shown as they came', async () => {
    useBulkStore().useFetched(fetched(false));
    ui.mount(BulkMappingStep, { attachTo: document.body });
    await flushPromises();
    expect(page()).toContain('Kutt at kutt.example.com');
    expect(page()).toContain('2 links have a password in Kutt');
  });
});
