import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getLocale, setLocale } from '../../../renderer/src/i18n/format.js';
import { originText } from '../../../renderer/src/composables/origin-text.js';
import type { LinkOrigin } from '../../../electron/shared/models.js';

/* The link detail's sentence for what an import kept, with what the link could not take; dates in the person's locale (en-US here). */

const IMPORTED = Date.UTC(2026, 10, 2, 12);
const base: LinkOrigin = { source: 'YOURLS API answer', service: 'YOURLS', clicks: 1532, created: Date.UTC(2019, 2, 1, 10), tags: [], importedAt: IMPORTED };

describe('originText', () => {
  const before = getLocale();
  beforeAll(() => setLocale('en-US'));
  afterAll(() => setLocale(before));

  it('says the old alias, the old expiry and the values left out', () => {
    expect(originText({ ...base, oldAlias: '1h', oldExpiry: '2024-07-30T12:00:00.000Z', leftOut: [{ field: 'created', value: 'sometime' }] })).toBe(
      `1,532 clicks before the move, as the YOURLS API answer counted them; created on YOURLS Mar 1, 2019; its alias there: 1h; its expiry there: Jul 30, 2024; its created date in the file, left out: "sometime" (imported Nov 2, 2026).`,
    );
  });

  it('an origin with nothing left out reads as before', () => {
    expect(originText(base)).toBe(`1,532 clicks before the move, as the YOURLS API answer counted them; created on YOURLS Mar 1, 2019 (imported Nov 2, 2026).`);
  });
});
