// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { flushPromises } from '@vue/test-utils';
import BulkJobCard from '../../../renderer/src/components/bulk/BulkJobCard.vue';
import ChannelsView from '../../../renderer/src/views/ChannelsView.vue';
import { useProfilesStore } from '../../../renderer/src/stores/profiles.js';
import type { BulkJob, BulkRow } from '../../../electron/shared/bulk.js';
import { msg, type MessageRef } from '../../../electron/shared/message-ref.js';
import type { TransferInfo } from '../../../electron/shared/transfer.js';
import { untilDom } from './dom-signals.js';
import { keychainOk, ok } from './fake-bridge.js';
import { mountInLanguage } from '../../support/mount-in-language.js';

/*
 * Issue 44: a transfer's refused deletes (kept as importNotes keys beside their English words)
 * and an outbox's failed mark (failedRef) are said in the person's language, not in the English
 * `error` / `failed` the command line and the result CSV keep.
 */

const ui = mountInLanguage('de', (fake) => {
  fake.answer('profiles:list', ok({ profiles: [], currentId: null, keychain: keychainOk }));
  fake.answer('links:list', ok({ items: [], total: 0, offset: 0, limit: 1, unknown: 0, source: 'mirror', syncedAt: 1 }));
});

const text = (testId: string) => document.querySelector(`[data-testid="${testId}"]`)?.textContent?.replace(/\s+/g, ' ').trim() ?? null;

const info: TransferInfo = {
  mode: 'move', sourceProfileId: 'p-local', sourceName: 'Lokaler Arbeitsbereich', targetProfileId: 'p-remote', targetName: 'Arbeit',
  removedFromSource: 0, removeFailed: 3, leftOut: [],
};
const job: BulkJob = {
  id: 'job-1', name: 'Move', createdAt: 0, finishedAt: 1, status: 'done', reuse: true, total: 3,
  counts: { queued: 0, sending: 0, created: 3, reused: 0, failed: 0, cancelled: 0 }, etaMs: null, message: null, transfer: info,
};
const refused = (index: number, english: string, errorRef: MessageRef): BulkRow => ({
  index, input: { url: `https://example.com/${index}` }, status: 'created', linkId: 100 + index, shortUrl: `https://work.example/n${index}`, error: null,
  source: { linkId: index + 1, shortUrl: `http://127.0.0.1:4100/s${index}`, removal: 'failed', error: english, errorRef },
});

describe('Transfer row errors and failed marks in German', () => {
  it('groups the refused deletes by their German sentence, with a plural for one and for several', async () => {
    ui.fake.answer('bulk:rows', ok({
      rows: [
        refused(0, 'The service refused to delete it.', msg('importNotes.transferDeleteRefused')),
        refused(1, 'The service refused to delete it.', msg('importNotes.transferDeleteRefused')),
        refused(2, 'Its delete was lost; run the move again to remove it.', msg('importNotes.transferDeleteLost')),
      ],
      total: 3,
    }));
    ui.mount(BulkJobCard, { props: { job }, attachTo: document.body });
    await untilDom(() => text('bulk-transfer-remove-reasons') !== null);
    const reasons = [...document.querySelectorAll('[data-testid="bulk-transfer-remove-reasons"]')].map((n) => n.textContent?.replace(/\s+/g, ' ').trim());
    const all = reasons.join(' | ');
    expect(all).toContain('Der Dienst hat das Löschen abgelehnt.');
    expect(all).toContain('Sein Löschauftrag ging verloren; führen Sie das Verschieben erneut aus, um ihn zu entfernen.');
    expect(all).toMatch(/2 Links/);
    expect(all).toMatch(/1 Link\b/);
    expect(all).not.toMatch(/refused|was lost|importNotes\./);
  });

  it('Channels shows a failed mark’s reason in German (failedRef), not the English `failed`', async () => {
    ui.fake.answer('channels:list', ok({
      items: [{ id: 1, name: 'Alpha', description: '', color: '#ff0000', starred: false, pending: 'create', opId: 'op-1', provisional: false,
        failed: 'Something went wrong inside Linkdeck. Try again; if it keeps happening, restart Linkdeck.', failedRef: msg('errors.byCode.internal') }],
      source: 'mirror', syncedAt: 1,
    }));
    useProfilesStore().$patch({ currentId: 'p-local' } as never);
    ui.mount(ChannelsView, { attachTo: document.body });
    await flushPromises();
    await untilDom(() => document.querySelector('[data-testid="mark-failed"]') !== null);
    const mark = document.querySelector('[data-testid="mark-failed"]');
    expect(mark?.getAttribute('title')).toBe('In Linkdeck ist ein Fehler aufgetreten. Versuchen Sie es erneut; wenn er wieder auftritt, starten Sie Linkdeck neu.');
    expect(mark?.getAttribute('aria-label')).not.toMatch(/Something went wrong|errors\./);
  });
});
