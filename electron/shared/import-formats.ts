/**
 * Export files of other link shorteners, recognised from their column names, and the column
 * mapping each one gets (the person can still change it in the mapping step). Pure.
 *
 * The column names are those the services document for their CSV exports and API link objects
 * (Bitly's links export and v4 link fields, Rebrandly's links export, Short.io's export and link
 * fields, shlink-web-client's "Export" of short URLs, Kutt's v2 link fields, Dub's links export
 * and link fields) and Linkdeck's own CSV export. A file whose columns are not recognised is read
 * with the generic guesses of bulk shortening.
 */
import type { BulkField, ColumnMapping } from './bulk-import.js';

export type SourceFormat = 'linkdeck' | 'bitly' | 'rebrandly' | 'shortio' | 'shlink' | 'kutt' | 'dub';

export interface RecognisedFormat {
  format: SourceFormat;
  /** What the person reads: "Shlink export". */
  label: string;
  mapping: ColumnMapping;
  /** Columns of the source the target cannot hold, said in words (clicks, the old domain…). */
  leftOut: string[];
}

/** Header as compared: lower case, without spaces, "-", "_" or "(s)". */
export const normHeader = (h: string) =>
  h
    .replace(/^\ufeff/, '')
    .trim()
    .toLowerCase()
    .replace(/\(s\)/g, 's')
    .replace(/[\s_-]+/g, '');

interface FormatRule {
  format: SourceFormat;
  label: string;
  /** Every set of normalised headers that identifies the format; one complete set is enough. */
  signatures: string[][];
  /** Normalised header → field. The first header of a field found in the file wins. */
  columns: Record<string, Exclude<BulkField, 'ignore'>>;
  /** Normalised header → why it is left out. */
  leftOut: Record<string, string>;
}

const OLD_DOMAIN = 'the old service’s domain (links are made on this account’s domain)';

// Most specific first: Linkdeck's own export has "alias" and "long_url", which no other has together.
const RULES: readonly FormatRule[] = [
  {
    format: 'linkdeck',
    label: 'Linkdeck export',
    signatures: [['alias', 'shorturl', 'longurl', 'aliasiscustom']],
    columns: {
      longurl: 'url',
      alias: 'custom',
      note: 'description',
      channel: 'channel',
      campaign: 'campaign',
      status: 'status',
      expiry: 'expiry',
      metatitle: 'metaTitle',
      metadescription: 'metaDescription',
      metaimage: 'metaImage',
      clicks: 'formerClicks',
    },
    leftOut: { domain: OLD_DOMAIN },
  },
  {
    format: 'bitly',
    label: 'Bitly export',
    signatures: [['bitlink', 'longurl'], ['link', 'longurl', 'custombitlinks']],
    columns: { longurl: 'url', bitlink: 'shortUrl', link: 'shortUrl', title: 'metaTitle', tags: 'tags', clicks: 'formerClicks', engagements: 'formerClicks', totalclicks: 'formerClicks', totalengagements: 'formerClicks' },
    leftOut: {},
  },
  {
    format: 'rebrandly',
    label: 'Rebrandly export',
    signatures: [['slashtag', 'destination']],
    columns: { destination: 'url', slashtag: 'custom', title: 'metaTitle', tags: 'tags', clicks: 'formerClicks' },
    leftOut: { domain: OLD_DOMAIN, domainname: OLD_DOMAIN },
  },
  {
    format: 'shortio',
    label: 'Short.io export',
    signatures: [['originalurl', 'path'], ['originalurl', 'shorturl']],
    columns: {
      originalurl: 'url',
      path: 'custom',
      shorturl: 'shortUrl',
      title: 'metaTitle',
      tags: 'tags',
      expiresat: 'expiry',
      password: 'password',
      clicks: 'formerClicks',
    },
    leftOut: { domain: OLD_DOMAIN },
  },
  {
    format: 'shlink',
    label: 'Shlink export',
    signatures: [['shortcode', 'longurl']],
    columns: { longurl: 'url', shortcode: 'custom', title: 'metaTitle', tags: 'tags', validuntil: 'expiry', visits: 'formerClicks' },
    leftOut: { domain: OLD_DOMAIN },
  },
  {
    format: 'kutt',
    label: 'Kutt links',
    signatures: [['address', 'target']],
    columns: { target: 'url', address: 'custom', description: 'description', expirein: 'expiry', visitcount: 'formerClicks' },
    leftOut: { domain: OLD_DOMAIN },
  },
  {
    format: 'dub',
    label: 'Dub export',
    signatures: [['shortlink', 'destinationurl'], ['domain', 'key', 'url']],
    columns: {
      destinationurl: 'url',
      url: 'url',
      key: 'custom',
      shortlink: 'shortUrl',
      title: 'metaTitle',
      description: 'metaDescription',
      image: 'metaImage',
      tags: 'tags',
      expiresat: 'expiry',
      password: 'password',
      clicks: 'formerClicks',
    },
    leftOut: { domain: OLD_DOMAIN },
  },
];

/** The export format these column names belong to, with its mapping, or null. */
export function recogniseFormat(headers: readonly string[]): RecognisedFormat | null {
  const names = headers.map(normHeader);
  const present = new Set(names);
  const rule = RULES.find((r) => r.signatures.some((sig) => sig.every((h) => present.has(h))));
  if (!rule) return null;
  const used = new Set<BulkField>();
  const leftOut = new Set<string>();
  const mapping: ColumnMapping = names.map((name) => {
    const field = rule.columns[name];
    if (field && !used.has(field)) {
      used.add(field);
      return field;
    }
    const why = rule.leftOut[name];
    if (why) leftOut.add(why);
    return 'ignore';
  });
  // An alias of its own wins over the one read from the short URL: keep only one of them.
  if (used.has('custom') && used.has('shortUrl')) {
    mapping[mapping.indexOf('shortUrl')] = 'ignore';
  }
  return { format: rule.format, label: rule.label, mapping, leftOut: [...leftOut] };
}

/**
 * The alias of a short URL ("https://bit.ly/3xYz" → "3xYz"), or null when it has none or holds
 * characters an alias cannot (a path below the alias, a query).
 */
export function aliasOfShortUrl(shortUrl: string): string | null {
  const text = shortUrl.trim();
  if (text === '') return null;
  let path: string;
  try {
    const url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `https://${text}`);
    if (url.search || url.hash) return null;
    path = decodeURIComponent(url.pathname.replace(/^\/+|\/+$/g, ''));
  } catch {
    return null;
  }
  return /^[A-Za-z0-9_-]+$/.test(path) ? path : null;
}

/** The first tag of a tags cell ("a, b", "a;b", "a|b", or a JSON list) or null. */
export function firstTag(cell: string): string | null {
  const text = cell.trim();
  if (text === '') return null;
  if (text.startsWith('[')) {
    try {
      const list: unknown = JSON.parse(text);
      if (Array.isArray(list)) {
        const first = list.find((t): t is string => typeof t === 'string' && t.trim() !== '');
        return first?.trim() ?? null;
      }
    } catch {
      // not JSON: read as a separated list below
    }
  }
  return text.split(/[,;|]/).map((t) => t.trim()).find((t) => t !== '') ?? null;
}
