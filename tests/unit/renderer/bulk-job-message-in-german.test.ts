// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import BulkJobCard from '../../../renderer/src/components/bulk/BulkJobCard.vue';
import type { BulkJob } from '../../../electron/shared/bulk.js';
import { englishText, msg, type MessageRef } from '../../../electron/shared/message-ref.js';
import { mountInLanguage } from '../../support/mount-in-language.js';

/*
 * Issue 44: what a bulk job (an import, a copy or move) waits for is said on its card in the
 * person's language (messageRef); a job pushed by an older backend (English `message` only) is
 * shown as it came.
 */

const ui = mountInLanguage('de');

const job = (status: BulkJob['status'], ref: MessageRef | null, english?: string): BulkJob => ({
  id: `job-${status}`, name: 'Import', createdAt: 0, finishedAt: null, status, reuse: true, total: 3,
  counts: { queued: 1, sending: 2, created: 0, reused: 0, failed: 0, cancelled: 0 }, etaMs: null,
  message: english ?? (ref ? englishText(ref) : null), ...(ref ? { messageRef: ref } : {}),
});

const shown = () => document.querySelector('[data-testid="bulk-job-message"]')?.textContent?.trim();

describe('a bulk job’s waiting sentence in German', () => {
  it('a cancelled job waiting for rows already sent, with the plural for one row and for several', () => {
    ui.mount(BulkJobCard, { props: { job: job('cancelled', msg('importNotes.jobCancelledSending', { n: 2 })) }, attachTo: document.body });
    expect(shown()).toBe('Abgebrochen: Es wird noch auf die Antwort für 2 bereits gesendete Zeilen gewartet.');
    document.body.innerHTML = '';
    ui.mount(BulkJobCard, { props: { job: job('cancelled', msg('importNotes.jobCancelledSending', { n: 1 })) }, attachTo: document.body });
    expect(shown()).toBe('Abgebrochen: Es wird noch auf die Antwort für 1 bereits gesendete Zeile gewartet.');
  });

  it('a retry after a failed try, its reason keyed too', () => {
    const ref = msg('importNotes.jobRetry', { reason: msg('errors.byCode.remoteError'), n: 40, unit: 'sec' });
    ui.mount(BulkJobCard, { props: { job: job('waiting', ref) }, attachTo: document.body });
    expect(shown()).toMatch(/^Der letzte Versuch ist fehlgeschlagen: .+ Nächster Versuch in 40 s\.$/);
    expect(shown()).not.toMatch(/failed|answer|importNotes\.|errors\./);
  });

  it('an older backend’s English is shown as it came', () => {
    ui.mount(BulkJobCard, { props: { job: job('paused', null, 'Paused: press Resume to go on.') }, attachTo: document.body });
    expect(shown()).toBe('Paused: press Resume to go on.');
  });

  it('a copy’s pixels and overlays left out, as a German list', () => {
    const transfer = {
      mode: 'copy' as const, sourceProfileId: 'a', sourceName: 'Lokal', targetProfileId: 'b', targetName: 'Arbeit', removedFromSource: 0, removeFailed: 0,
      leftOut: [{ kind: 'pixel' as const, name: 'Shop', links: 1 }, { kind: 'overlay' as const, name: 'Promo', links: 2 }, { kind: 'splash' as const, name: '#7', links: 3 }],
    };
    ui.mount(BulkJobCard, { props: { job: { ...job('done', null), transfer } }, attachTo: document.body });
    expect(document.querySelector('[data-testid="bulk-transfer-left-out"]')?.textContent?.trim()).toBe(
      'Ausgelassen (nichts mit gleichem Namen und Typ auf Arbeit): Pixel „Shop“ (1 Link), Overlay „Promo“ (2 Links) und Zwischenseite „#7“ (3 Links).',
    );
  });
});
