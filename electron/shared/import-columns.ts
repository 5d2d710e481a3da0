/**
 * What a column holds, read from its values rather than its name: the second look of the column
 * guesses (bulk-import.ts `guessMapping`). Pure.
 *
 * - A column whose values are all short links on one host (bit.ly/3xYz, https://rebrand.ly/x …)
 *   is the old short link, never the destination: a Bitly export's `Link` column once became the
 *   long URL of every row.
 * - A column guessed from its name only (no known export) none of whose values fits the field
 *   (a `Status` of "active" for public/private, a `Created` of words) is left out rather than
 *   making every row fail; the mapping step lists it and the person can still choose.
 */
import type { BulkField, ColumnMapping, ImportTable } from './bulk-import.js';
import { readDate } from './import-dates.js';
import { localDateForm } from './import-locale.js';

/** A date in a form read everywhere, or in a spreadsheet's local form (decided per column later). */
const isDate = (v: string) => readDate(v) !== null || localDateForm(v) !== null;

/** Hosts of the public shorteners people move from: a column of their links is short links. */
export const SHORTENER_HOSTS: readonly string[] = [
  'bit.ly',
  'bitly.com',
  'j.mp',
  'rebrand.ly',
  'rb.gy',
  'short.gy',
  'shorturl.at',
  'tinyurl.com',
  'ow.ly',
  'buff.ly',
  't.co',
  'goo.gl',
  'is.gd',
  'v.gd',
  'cutt.ly',
  'kutt.it',
  'dub.sh',
  't.ly',
  's.id',
  'tiny.cc',
  'lnkd.in',
];

const SAMPLE = 200;
const hasScheme = (value: string) => /^[a-z][a-z0-9+.-]*:\/\//i.test(value);

function sample(table: ImportTable, column: number): string[] {
  const out: string[] = [];
  for (const record of table.records) {
    const value = (record.fields[column] ?? '').trim();
    if (value !== '') out.push(value);
    if (out.length >= SAMPLE) break;
  }
  return out;
}

/** host and path of a link written with or without its scheme, or null. */
function parts(value: string): { host: string; path: string; query: boolean } | null {
  if (/\s/.test(value)) return null;
  try {
    const url = new URL(hasScheme(value) ? value : `https://${value}`);
    if (!hasScheme(value) && !/^[^/]+\.[^/]+\//.test(value)) return null;
    return { host: url.host.toLowerCase().replace(/^www\./, ''), path: url.pathname.replace(/^\/+|\/+$/g, ''), query: url.search !== '' || url.hash !== '' };
  } catch {
    return null;
  }
}

/** The one host of a column of web addresses, or null when it has several or holds other values. */
function singleHost(values: readonly string[]): string | null {
  let host: string | null = null;
  for (const value of values) {
    const p = parts(value);
    if (!p || (host !== null && p.host !== host)) return null;
    host = p.host;
  }
  return host;
}

/** Whether every value is a link on one host with one short path segment and no query. */
function shortOnOneHost(values: readonly string[]): string | null {
  if (values.length === 0) return null;
  const host = singleHost(values);
  if (host === null) return null;
  const allShort = values.every((value) => {
    const p = parts(value);
    return p !== null && !p.query && /^[^/]{1,64}$/.test(p.path);
  });
  return allShort ? host : null;
}

/**
 * Whether a column's values are all short links on one host: one short path segment each, no
 * query, on a known shortener, or (`byHostOnly` false) beside another column of web addresses
 * that are not such links themselves (a branded short domain next to the destinations).
 */
export function isShortLinkColumn(table: ImportTable, column: number, byHostOnly = false): boolean {
  const host = shortOnOneHost(sample(table, column));
  if (host === null) return false;
  if (SHORTENER_HOSTS.includes(host)) return true;
  if (byHostOnly) return false;
  return table.headers.some((_, other) => {
    if (other === column) return false;
    const others = sample(table, other);
    return others.length > 0 && others.every(hasScheme) && shortOnOneHost(others) === null;
  });
}

const FITS: Partial<Record<BulkField, (value: string) => boolean>> = {
  url: hasScheme,
  metaImage: hasScheme,
  status: (v) => /^(public|private)$/i.test(v),
  type: (v) => /^(direct|frame|splash)$/i.test(v),
  expiry: isDate,
  created: isDate,
  // Thousands as a spreadsheet of any locale writes them (import-locale.ts): 1,234 1.234 1 234.
  formerClicks: (v) => /^\d[\d\s,._\u00a0\u202f]*$/.test(v),
};

/**
 * The mapping after the look at the values. `byName`: the fields came from header names alone
 * (no known export), so a field its values do not fit is dropped too.
 */
export function fitColumns(table: ImportTable, mapping: ColumnMapping, byName: boolean): ColumnMapping {
  const next = [...mapping];
  const namedUrl = mapping.indexOf('url');
  // None of its values fits: the column holds something else (a Bitly `Status` of "active"), or a
  // form not read (a created date written "Apr 2, 2023"): left out and listed, rather than every
  // row failing on it. Some do: the others are their rows' problems, said on their lines. A known
  // export's columns are trusted, but for the created date, which is only kept beside the link.
  next.forEach((field, i) => {
    const fits = byName || field === 'created' ? FITS[field] : undefined;
    const values = fits ? sample(table, i) : [];
    if (fits && values.length > 0 && !values.some(fits)) next[i] = 'ignore';
  });
  // A known export's header is trusted unless its values are links of a public shortener. The
  // column named for the URL may have been dropped above (short links written without https://).
  // A single column is what the person gave to be shortened (pasted lines), short links or not.
  const urlColumn = next.includes('url') ? next.indexOf('url') : namedUrl;
  if (table.headers.length > 1 && urlColumn >= 0 && isShortLinkColumn(table, urlColumn, !byName)) {
    next[urlColumn] = next.includes('shortUrl') || next.includes('custom') ? 'ignore' : 'shortUrl';
  }
  if (!next.includes('url')) {
    const other = next.findIndex((field, i) => field === 'ignore' && i !== urlColumn && sample(table, i).slice(0, 20).some(hasScheme) && !isShortLinkColumn(table, i));
    if (other >= 0) next[other] = 'url';
  }
  return next;
}

/**
 * The columns left out, named as in the file (for the mapping step and the preview to list),
 * less those `explained` elsewhere with their reason (a known export's old domain, say).
 */
export function leftOutColumns(table: ImportTable, mapping: ColumnMapping, explained: readonly string[] = []): string[] {
  return table.headers.filter((header, i) => (mapping[i] ?? 'ignore') === 'ignore' && !explained.includes(header));
}
