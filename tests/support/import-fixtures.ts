/**
 * The import fixtures of tests/fixtures/imports (where each shape comes from: SOURCES.md there),
 * and their 10,000-row versions, made at test time from the small file's own shape so the repo
 * keeps only the small ones: the small file's rows repeated in turn, each copy's aliases (and the
 * short links that carry them) made unique with "-N". The row without a destination repeats too,
 * so a big file has such rows, each rejected on its own line.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { csvLines, parseCsv } from '../../electron/shared/csv.js';

export const FIXTURE_DIR = resolve(import.meta.dirname, '../fixtures/imports');

/** The fixture of each format a person really has: the Bitly Links page's export and saved API answers. */
export const REAL_FIXTURES = {
  bitly: 'bitly-links.csv',
  bitlyApi: 'bitly-v4.json',
  rebrandly: 'rebrandly-links.json',
  kutt: 'kutt-links.json',
  dub: 'dub-links.json',
  yourls: 'yourls-stats.json',
} as const;

export type FixtureName = (typeof REAL_FIXTURES)[keyof typeof REAL_FIXTURES];

export const fixturePath = (name: string) => resolve(FIXTURE_DIR, name);
export const fixtureText = (name: string) => readFileSync(fixturePath(name), 'utf8');

const suffix = (value: string, n: number) => (value === '' ? value : `${value}-${n}`);
type Item = Record<string, unknown>;

/** Per JSON fixture: its list, and the fields of one link that carry its alias. */
const JSON_COPIES: Record<Exclude<FixtureName, 'bitly-links.csv'>, { list(body: unknown): Item[]; wrap(items: Item[]): unknown; unique(item: Item, n: number): Item }> = {
  'bitly-v4.json': {
    list: (body) => (body as { links: Item[] }).links,
    wrap: (links) => ({ links, pagination: { prev: '', next: '', size: links.length, page: 1, total: links.length } }),
    unique: (l, n) => ({
      ...l,
      id: suffix(String(l['id']), n),
      link: suffix(String(l['link']), n),
      custom_bitlinks: (l['custom_bitlinks'] as string[]).map((c) => suffix(c, n)),
    }),
  },
  'rebrandly-links.json': {
    list: (body) => body as Item[],
    wrap: (items) => items,
    unique: (l, n) => ({ ...l, slashtag: suffix(String(l['slashtag']), n), shortUrl: suffix(String(l['shortUrl']), n) }),
  },
  'kutt-links.json': {
    list: (body) => (body as { data: Item[] }).data,
    wrap: (data) => ({ limit: data.length, skip: 0, total: data.length, data }),
    unique: (l, n) => ({ ...l, address: suffix(String(l['address']), n), link: suffix(String(l['link']), n) }),
  },
  'dub-links.json': {
    list: (body) => body as Item[],
    wrap: (items) => items,
    unique: (l, n) => ({ ...l, key: suffix(String(l['key']), n), shortLink: suffix(String(l['shortLink']), n) }),
  },
  'yourls-stats.json': {
    list: (body) => Object.values((body as { links: Record<string, Item> }).links),
    wrap: (items) => ({
      links: Object.fromEntries(items.map((l, i) => [`link_${i + 1}`, l])),
      stats: { total_links: String(items.length), total_clicks: '0' },
      statusCode: '200',
      message: 'success',
    }),
    unique: (l, n) => ({ ...l, shorturl: suffix(String(l['shorturl']), n) }),
  },
};

/** The Bitly export's columns that carry an alias (the short link and the custom one). */
const BITLY_ALIAS_COLUMNS = ['Link', 'Custom Link'];

/** A fixture grown to `rows` rows, in the same format. */
export function bigFixture(name: FixtureName, rows = 10_000): string {
  if (name === 'bitly-links.csv') {
    const [header, ...records] = parseCsv(fixtureText(name)).records;
    const names = header?.fields ?? [];
    const aliasAt = BITLY_ALIAS_COLUMNS.map((c) => names.indexOf(c));
    const out = Array.from({ length: rows }, (_, n) => {
      const fields = [...(records[n % records.length]?.fields ?? [])];
      for (const i of aliasAt) fields[i] = suffix(fields[i] ?? '', n);
      return fields;
    });
    return csvLines([names, ...out]);
  }
  const copy = JSON_COPIES[name];
  const items = copy.list(JSON.parse(fixtureText(name)));
  return JSON.stringify(copy.wrap(Array.from({ length: rows }, (_, n) => copy.unique(items[n % items.length] as Item, n))));
}
