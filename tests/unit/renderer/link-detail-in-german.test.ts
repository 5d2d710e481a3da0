// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { mount } from '@vue/test-utils';
import LinkDetailFields from '../../../renderer/src/components/link-detail/LinkDetailFields.vue';
import { redirectText, refreshCostText, snapshotPeriod } from '../../../renderer/src/components/link-detail/detail-text.js';
import { checkQrOptions } from '../../../renderer/src/components/link-detail/qr-code.js';
import { originText } from '../../../renderer/src/composables/origin-text.js';
import { inLanguage } from '../../support/mount-in-language.js';
import { budgetOf, mirrorLink } from './fake-bridge.js';

/*
 * A link's detail in German (issue 44): its fields, the refresh button's cost with the singular
 * and the plural, the readings' period, the QR options' checks and an import's origin sentence.
 */

const rawKey = /\b(links|linkDetail|linkEditor|utm|health|transfer|outbox|exports)\.[a-z][A-Za-z]*(\.[a-z][A-Za-z]*)?\b/;

inLanguage('de');

describe('the link detail in German', () => {
  it('says what a refresh costs with one request left and with several', () => {
    expect(refreshCostText(budgetOf(1), 0, true)).toBe('Aktualisieren · kostet 1 von 1 verbleibenden Anfrage');
    expect(refreshCostText(budgetOf(28), 0, true)).toBe('Aktualisieren · kostet 1 von 28 verbleibenden Anfragen');
    expect(refreshCostText(null, 0, false)).toBe('Aktualisieren · offline: Der Dienst ist nicht erreichbar');
  });

  it('counts the readings of the clicks chart and names redirects in German', () => {
    expect(snapshotPeriod([])).toMatch(/^Noch keine Messwerte/);
    const at = new Date(2025, 0, 1, 9, 0).getTime();
    expect(snapshotPeriod([{ at }, { at: at + 3_600_000 }, { at: at + 7_200_000 }])).toBe('Von 01.01.2025, 09:00 bis 01.01.2025, 11:00, 3 Messwerte.');
    expect(redirectText('direct')).toBe('Direkt (302-Weiterleitung)');
  });

  it('checks the QR options in German, with German digits', () => {
    const check = checkQrOptions({ size: 64, foreground: '#777777', background: '#888888' });
    expect(check.errors.size).toBe('Wählen Sie eine Größe von 128 bis 2048 Pixeln.');
    expect(check.warning).toMatch(/^Geringer Kontrast \(1,3:1\): .* mindestens 4,5:1 an\.$/);
  });

  it('writes an import’s origin with the German plural', () => {
    const base = { source: 'Bitly-Export', service: 'Bitly', clicks: 1, created: null, tags: [], importedAt: new Date(2026, 10, 2).getTime() } as never;
    expect(originText(base)).toBe('1 Klick vor dem Umzug, wie Bitly-Export ihn gezählt hat (importiert am 02.11.2026).');
    expect(originText({ ...(base as object), clicks: 1532 } as never)).toBe('1.532 Klicks vor dem Umzug, wie Bitly-Export sie gezählt hat (importiert am 02.11.2026).');
  });

  it('names every field in German, with no key and no English label left', () => {
    const w = mount(LinkDetailFields, {
      props: { link: mirrorLink({ status: 'private', passwordProtected: true }), details: null, names: { channels: new Map(), campaigns: new Map(), pixels: new Map() }, now: Date.now() },
    });
    const text = w.text();
    expect(text).toContain('Ziel-URL');
    expect(text).toContain('Privat (nur Sie sehen die Statistiken)');
    expect(text).toContain('Noch nicht abgerufen');
    expect(text).not.toMatch(rawKey);
    expect(text).not.toMatch(/\b(Long URL|Title|Status|Password|Expiry|Redirect|Channel|Campaign|Created|Targeting|Parameters|Not fetched)\b/);
  });
});
