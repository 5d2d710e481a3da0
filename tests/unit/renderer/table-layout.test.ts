import { describe, expect, it } from 'vitest';
import { layoutColumns, middleSplit } from '../../../renderer/src/components/table/table-layout.js';
import { CHECK_COLUMN, COLUMNS } from '../../../renderer/src/components/links-list/columns.js';

/* Issue 37, item 3: the shared table layout uses the width there is and lets the least useful columns go. */

describe('the shared table layout', () => {
  const all = [CHECK_COLUMN, ...COLUMNS];
  const need = all.reduce((sum, c) => sum + c.min, 0);

  it('keeps every column, each at least its minimum, where they fit', () => {
    const wide = layoutColumns(all, 1800);
    expect(wide.hidden).toBe('');
    expect(wide.template.split(' minmax').length + wide.template.match(/(^|\s)\d+px/g)!.length).toBeGreaterThan(all.length - 1);
    expect(layoutColumns(all, need).hidden).toBe('');
  });

  it('lets campaign, then channel, then the date go when the minimums do not fit: never the short link, URL, clicks or state', () => {
    expect(layoutColumns(all, need - 1).hidden).toBe('campaign');
    expect(layoutColumns(all, need - 101).hidden).toBe('channel campaign');
    expect(layoutColumns(all, 400).hidden).toBe('created channel campaign');
    expect(layoutColumns(all, 400).template).toContain('minmax(200px, 3fr)');
  });

  it('cuts a long value in its middle, keeping its end', () => {
    const url = 'https://shop.example/collections/autumn-winter-2026/outerwear/summit-down-jacket?utm_source=newsletter';
    const { head, tail } = middleSplit(url, 24);
    expect(head + tail).toBe(url);
    expect(tail).toBe('et?utm_source=newsletter');
    expect(middleSplit('https://a.example/x', 24)).toEqual({ head: 'https://a.example/x', tail: '' });
  });
});
