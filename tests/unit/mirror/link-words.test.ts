import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildLinkIndex, type LinkSnapshot } from '../../../electron/backend/mirror/link-index-build.js';
import { ftsQuery, searchTerms } from '../../../electron/backend/mirror/link-search.js';
import { Tokenizer, WordIndexBuilder } from '../../../electron/backend/mirror/link-words.js';
import { link, store, tempProfileData } from './support/temp-mirror.js';

/*
 * The in-memory word index (issue 15) finds exactly the links FTS5 finds: random pieces of the
 * stored text (words, prefixes, pasted URL fragments, several words, other letter cases, text
 * that is not ASCII) searched both ways.
 */

let data: ReturnType<typeof tempProfileData>;
let tokenizer: Tokenizer;
const WORDS = ['spring', 'Sale', 'summer', 'news', 'report', 'Café', 'ÉCOLE', 'straße', 'İstanbul', 'naïve', '東京', 'x_y', '🎉party', '3²', 'ǅemal', 'github', 'launch', 'spr1ng', 'a.b-c'];

beforeEach(() => {
  data = tempProfileData({ baseUrl: 'https://s.test' });
  tokenizer = new Tokenizer();
  let seed = 11;
  const rnd = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
  const pick = <T>(list: readonly T[]) => list[Math.floor(rnd() * list.length)] as T;
  store(
    data,
    Array.from({ length: 400 }, (_, i) =>
      link(i + 1, {
        alias: i % 3 === 0 ? `${pick(WORDS).slice(0, 3)}${i}` : `a${i}`,
        title: `${pick(WORDS)} ${pick(WORDS)}, ${pick(WORDS)}!`,
        longUrl: `https://${pick(['a.test', 'shop.b.test'])}/${pick(WORDS)}/${pick(WORDS)}-${i}?utm=${pick(WORDS)}`,
        description: i % 4 === 0 ? `Note: ${pick(WORDS)} ${pick(WORDS)}` : '',
      }),
    ),
  );
});
afterEach(() => {
  tokenizer.close();
  data.dispose();
});

async function snapshot(): Promise<LinkSnapshot> {
  const built = await buildLinkIndex(data.sql, async () => true);
  if (!built) throw new Error('the build gave up on an unchanged mirror');
  return built;
}

/** The ranks (FTS5 rowids) of what each side finds, ascending. */
function bothWays(s: LinkSnapshot, q: string): { index: number[]; fts5: number[] } {
  const positions = s.words.match(tokenizer.tokenize(searchTerms(q)));
  const index = Array.from(positions, (p) => s.columns.rank[p] as number);
  const fts5 = data.sql
    .all<{ rowid: number }>('SELECT rowid FROM links_fts WHERE links_fts MATCH ? ORDER BY rowid', [ftsQuery(q) as string])
    .map((r) => r.rowid);
  return { index, fts5 };
}

describe('the in-memory word index', () => {
  it('finds exactly what FTS5 finds for random pieces of the stored text', async () => {
    const s = await snapshot();
    const texts = data.sql
      .all<{ t: string }>(`SELECT alias || ' ' || short_url || ' ' || long_url || ' ' || title || ' ' || description AS t FROM links`)
      .map((r) => r.t);
    let seed = 5;
    const rnd = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
    const piece = () => {
      const text = texts[Math.floor(rnd() * texts.length)] as string;
      const start = Math.floor(rnd() * text.length);
      const cut = text.slice(start, start + 1 + Math.floor(rnd() * 14));
      return rnd() < 0.2 ? cut.toUpperCase() : cut;
    };
    let found = 0;
    let compared = 0;
    for (let i = 0; i < 400; i++) {
      const q = rnd() < 0.25 ? `${piece()} ${piece()}` : piece();
      if (ftsQuery(q) === null) continue;
      const { index, fts5 } = bothWays(s, q);
      expect(index, JSON.stringify(q)).toEqual(fts5);
      if (fts5.length > 0) found++;
      compared++;
    }
    // The pieces mostly find something: the comparison is not one of empty lists.
    expect(compared).toBeGreaterThan(300);
    expect(found).toBeGreaterThan(compared / 2);
  });

  it('folds case and diacritics and splits pasted addresses as FTS5 does', async () => {
    const s = await snapshot();
    for (const q of ['cafe', 'CAFÉ', 'ecole', 'STRASSE', 'straß', 'istanbul', 'naive', '東京', '🎉party', 'party', 'x_y', 'y', '3', 'ǆ', 'shop.b.test/spr', 'a.b-c', 'b c', 'https://a.test/', 's', 'zzz']) {
      const { index, fts5 } = bothWays(s, q);
      expect(index, q).toEqual(fts5);
    }
  });

  it('finds the same with places in 64 bits and with every column given as FTS5 tokens', async () => {
    const s = await snapshot();
    const rows = data.sql.all<Record<string, string>>('SELECT alias, short_url, long_url, title, description FROM links ORDER BY rank');
    // placeLimit 1: no place fits in 32 bits, so the index takes the 64-bit layout.
    const builder = new WordIndexBuilder(rows.length, 1);
    for (const r of rows) builder.add(tokenizer.tokenize([r.alias, r.short_url, r.long_url, r.title, r.description] as string[]));
    const wide = await builder.finish(async () => true);
    if (!wide) throw new Error('the build gave up');
    for (const q of ['spring', 's', 'sp', 'cafe', 'shop.b.test/spr', 'a.b-c', 'b c', 'https://a.test/', 'naive report', '東京', 'zzz']) {
      const terms = tokenizer.tokenize(searchTerms(q));
      const { fts5 } = bothWays(s, q);
      expect(Array.from(wide.match(terms), (p) => s.columns.rank[p] as number), q).toEqual(fts5);
    }
  });

  it('builds with a token of 200,000 letters and finds it as FTS5 does', async () => {
    const long = `z${'q'.repeat(200_000)}`;
    store(data, [link(1001, { alias: 'long1', title: 'Long one', longUrl: `https://a.test/${long}` })]);
    const s = await snapshot();
    for (const q of ['z', 'zq', 'zqqq', long.slice(0, 5_000), 'long']) expect(bothWays(s, q).index, q.slice(0, 10)).toEqual(bothWays(s, q).fts5);
    expect(bothWays(s, 'zqq').index).toHaveLength(1);
  });
});
