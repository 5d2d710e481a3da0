import { describe, expect, it } from 'vitest';
import { ftsQuery, likePattern } from '../../../electron/backend/mirror/link-search.js';

describe('search text to FTS5', () => {
  it('makes every word a quoted prefix phrase, ANDed', () => {
    expect(ftsQuery('spr')).toBe('"spr"*');
    expect(ftsQuery('  summer   sale ')).toBe('"summer"* "sale"*');
  });

  it('never lets FTS5 syntax through', () => {
    expect(ftsQuery('a"b')).toBe('"a""b"*');
    expect(ftsQuery('NEAR(x y) OR title:z -w ^v')).toBe(
      '"NEAR(x"* "y)"* "OR"* "title:z"* "-w"* "^v"*',
    );
  });

  it('keeps a pasted URL whole, as a phrase', () => {
    expect(ftsQuery('https://example.com/spr')).toBe('"https://example.com/spr"*');
  });

  it('has nothing to search in words without letters or digits', () => {
    expect(ftsQuery('')).toBeNull();
    expect(ftsQuery(' // - … ')).toBeNull();
  });

  it('escapes LIKE wildcards for the fallback', () => {
    expect(likePattern(' 50%_off\\ ')).toBe('%50\\%\\_off\\\\%');
  });
});
