import { describe, expect, it } from 'vitest';
import { createMissingText, leftOutText, readDetailsText, requestsText, transferTitle } from '../../../renderer/src/composables/transfer-text.js';
import { inLanguage } from '../../support/mount-in-language.js';
import type { TransferPlan } from '../../../electron/shared/transfer.js';

/* The transfer's dry run in German (issue 44): its counts with the singular and the plural. */

inLanguage('de');

const plan = (over: Partial<TransferPlan>): TransferPlan =>
  ({ targetName: 'Work', sourceName: 'Lokal', missingChannels: [], missingCampaigns: [], requests: { target: 1, source: 0, names: 0 }, etaMs: 5000, etaWithNamesMs: 5000, ...over }) as TransferPlan;

describe('the transfer in German', () => {
  it('counts requests, deletes and missing names with German plurals', () => {
    expect(requestsText(plan({}))).toBe('1 Anfrage an Work: wenige Sekunden bei ihren Kontingenten.');
    expect(requestsText(plan({ requests: { target: 3, source: 4, names: 0 }, etaMs: 62_000 }))).toBe('3 Anfragen an Work und 4 Löschungen auf Lokal: etwa 65 s bei ihren Kontingenten.');
    expect(createMissingText(plan({ missingChannels: ['a', 'b'], missingCampaigns: ['c'] }))).toBe('Diese 2 Kanäle und 1 Kampagne auf Work anlegen');
    expect(leftOutText({ kind: 'pixel', name: 'Shop', links: 1 } as never)).toBe('Pixel „Shop“ (1 Link)');
    expect(transferTitle({ mode: 'move', sourceName: 'Lokal', targetName: 'Work' } as never)).toBe('Von Lokal nach Work verschieben');
  });

  it('says minutes and hours at the rate limits in German, without the sync’s “still left” (issue 44)', () => {
    expect(requestsText(plan({ requests: { target: 40, source: 0, names: 0 }, etaMs: 3 * 60_000 }))).toBe('40 Anfragen an Work: etwa 3 Min. bei ihren Kontingenten.');
    expect(requestsText(plan({ requests: { target: 900, source: 0, names: 0 }, etaMs: 150 * 60_000 }))).toBe('900 Anfragen an Work: etwa 2 Std. 30 Min. bei ihren Kontingenten.');
    expect(requestsText(plan({ requests: { target: 400, source: 0, names: 0 }, etaMs: 60 * 60_000 }))).toBe('400 Anfragen an Work: etwa 1 Std. bei ihren Kontingenten.');
  });

  it('says what reading never-read details costs, for one link and for 1,200', () => {
    expect(readDetailsText(1, null)).toBe('Die Details von 1 Link wurden nie gelesen: Das Lesen kostet 1 Anfrage.');
    expect(readDetailsText(1200, null)).toBe('Die Details von 1.200 Links wurden nie gelesen: Das Lesen kostet 1.200 Anfragen.');
  });
});
