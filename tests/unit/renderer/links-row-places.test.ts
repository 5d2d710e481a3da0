import { describe, expect, it } from 'vitest';
import { RowPlaces } from '../../../renderer/src/components/links-list/row-memo.js';

/*
 * The Links rows' places (issue 43): the rows on screen are keyed by place, so a new answer is
 * drawn into the elements of the last one and a scroll reuses the elements of the rows that left.
 */
describe('Links row places', () => {
  it('keeps the key of a row that stays, gives the keys of rows that left to rows that came, and makes new ones only for more rows', () => {
    const places = new RowPlaces();
    const range = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => from + i);

    const first = places.keys(range(0, 5));
    expect(new Set(first).size).toBe(5);
    // The same rows (a new query at the top): the same keys, in the same places.
    expect(places.keys(range(0, 5))).toEqual(first);

    // Scrolled by two rows: rows 2–4 keep theirs, rows 5 and 6 take the keys rows 0 and 1 left.
    const scrolled = places.keys(range(2, 7));
    expect(scrolled.slice(0, 3)).toEqual(first.slice(2));
    expect(new Set(scrolled.slice(3))).toEqual(new Set(first.slice(0, 2)));

    // A taller screen: one key more, never one of those in use.
    const taller = places.keys(range(2, 8));
    expect(taller.slice(0, 5)).toEqual(scrolled);
    expect(scrolled).not.toContain(taller[5]);
    expect(new Set(taller).size).toBe(6);

    // A jump far away: the same six elements, no new key.
    expect(new Set(places.keys(range(900, 906)))).toEqual(new Set(taller));
  });
});
