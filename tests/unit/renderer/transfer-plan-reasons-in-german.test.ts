// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import TransferPlanSummary from '../../../renderer/src/components/transfer/TransferPlanSummary.vue';
import { englishText, msg, sentencesRef } from '../../../electron/shared/message-ref.js';
import type { TransferPlan } from '../../../electron/shared/transfer.js';
import { mountInLanguage } from '../../support/mount-in-language.js';

/*
 * Issue 44: the dry run's reasons a link cannot be copied (unreadable[].reasonRef) are said in
 * the person's language, several problems of one link each in German; a plan from an older
 * backend (English `reason` only) is shown as it came.
 */

const ui = mountInLanguage('de');

const several = sentencesRef([
  msg('validation.link.expiryPast', { text: '2001-02-03 04:05:06', now: '2026-11-28 12:00:00' }),
  msg('validation.link.tooLong', { label: msg('validation.link.label.metaTitle'), n: 300, max: 255 }),
  msg('validation.link.aliasReserved', { alias: 'admin' }),
]);
const gone = msg('importNotes.transferGone', { source: 'Lokaler Arbeitsbereich' });

const plan = (unreadable: TransferPlan['unreadable']): TransferPlan => ({
  mode: 'copy', sourceName: 'Lokaler Arbeitsbereich', targetName: 'Arbeit', links: 3, toCreate: 1, alreadyThere: 0, aliasClashes: [],
  missingChannels: [], missingCampaigns: [], rotatorsNotCarried: [], leftOut: [], unreadable,
  requests: { target: 1, source: 0, names: 0 }, etaMs: 3000, etaWithNamesMs: 3000, targetMirrorAgeMs: 60_000,
});

const items = () => [...document.querySelectorAll('[data-testid="transfer-plan-unreadable"] li')].map((li) => li.textContent?.replace(/\s+/g, ' ').trim());

describe('the dry run’s reasons in German', () => {
  it('says each problem of a link in German, and the plural of the heading for one link and for several', () => {
    ui.mount(TransferPlanSummary, {
      props: { plan: plan([{ id: 1, shortUrl: 'http://127.0.0.1:4100/a', reason: englishText(several), reasonRef: several }]), aliasTaken: 'random', createMissing: false },
      attachTo: document.body,
    });
    expect(items()).toEqual([
      'http://127.0.0.1:4100/a: Das Ablaufdatum 2001-02-03 04:05:06 UTC liegt in der Vergangenheit (jetzt ist es 2026-11-28 12:00:00 UTC). Wählen Sie ein Datum und eine Uhrzeit in der Zukunft. ' +
        'Der Metatitel ist 300 Zeichen lang; erlaubt sind höchstens 255. Der eigene Alias „admin“ ist beim Dienst reserviert. Wählen Sie einen anderen.',
    ]);
    const block = document.querySelector('[data-testid="transfer-plan-unreadable"]')?.textContent ?? '';
    expect(block).toContain('Die Übertragung lässt ihn, wo er ist');
    expect(block).not.toMatch(/expiry|meta title|reserved|importNotes\.|validation\./i);
  });

  it('several links, one gone from the source; a reason from an older backend stays as it came', () => {
    ui.mount(TransferPlanSummary, {
      props: {
        plan: plan([
          { id: 1, shortUrl: 'http://127.0.0.1:4100/a', reason: englishText(gone), reasonRef: gone },
          { id: 2, shortUrl: 'http://127.0.0.1:4100/b', reason: 'It is being deleted.' },
        ]),
        aliasTaken: 'random',
        createMissing: false,
      },
      attachTo: document.body,
    });
    expect(items()).toEqual(['http://127.0.0.1:4100/a: Er ist nicht mehr in Lokaler Arbeitsbereich (inzwischen gelöscht).', 'http://127.0.0.1:4100/b: It is being deleted.']);
    expect(document.querySelector('[data-testid="transfer-plan-unreadable"]')?.textContent).toContain('Die Übertragung lässt sie, wo sie sind');
  });
});
