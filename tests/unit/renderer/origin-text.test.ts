import { describe, expect, it } from 'vitest';
import { originText } from '../../../renderer/src/composables/origin-text.js';
import type { LinkOrigin } from '../../../electron/shared/models.js';

/* The link detail's sentence for what an import kept, with what the link could not take (issue 39). */

const IMPORTED = Date.UTC(2026, 10, 2);
const base: LinkOrigin = { source: 'YOURLS API answer', service: 'YOURLS', clicks: 1532, created: Date.UTC(2019, 2, 1, 10), tags: [], importedAt: IMPORTED };
const day = new Date(IMPORTED).toLocaleDateString('en-GB');

describe('originText', () => {
  it('says the old alias, the old expiry and the values left out', () => {
    expect(originText({ ...base, oldAlias: '1h', oldExpiry: '2024-07-30T00:00:00.000Z', leftOut: [{ field: 'created', value: 'sometime' }] })).toBe(
      `1,532 clicks before the move, as the YOURLS API answer counted them; created on YOURLS 2019-03-01; its alias there: 1h; its expiry there: 2024-07-30T00:00:00.000Z; its created date in the file, left out: "sometime" (imported ${day}).`,
    );
  });

  it('an origin with nothing left out reads as before', () => {
    expect(originText(base)).toBe(`1,532 clicks before the move, as the YOURLS API answer counted them; created on YOURLS 2019-03-01 (imported ${day}).`);
  });
});
