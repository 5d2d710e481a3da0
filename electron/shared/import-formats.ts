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

export type SourceFormat = 'linkdeck' | 'bitly' | 'rebrandly' | 'shortio' | 'shlink' | 'kutt' | 'dub' | 'yourls';

export interface RecognisedFormat {
  format: SourceFormat;
  /** What the person reads: "Shlink export". */
  label: string;
  mapping: ColumnMapping;
  /** The service's name, as the link's detail says it ("created on Bitly 2023-04-02"). */
  service: string;
  /** Columns of the source the target cannot hold, said in words (clicks, the old domain…). */
  leftOut: string[];
  /** Columns the format does not know (named as in the file): left out, and listed for the person. */
  unknown: string[];
  /** Columns left out with a reason in `leftOut` (named as in the file). */
  explained: string[];
}

/**
 * Header as compared: lower case, without spaces, punctuation or "(s)"; a unit in brackets at the
 * end is dropped ("Date Created (UTC)" → "datecreated").
 */
export const normHeader = (h: string) =>
  h
    .replace(/^\ufeff/, '')
    .trim()
    .toLowerCase()
    .replace(/\(s\)/g, 's')
    .replace(/\s*\((?:utc|gmt|local time|[a-z]{3})\)$/, '')
    .replace(/[^\p{L}\p{N}]+/gu, '');

interface FormatRule {
  format: SourceFormat;
  label: string;
  service: string;
  /** The short link stays mapped beside the custom alias: the custom one is often empty (Bitly). */
  keepShortUrl?: boolean;
  /** Every set of normalised headers that identifies the format; one complete set is enough. */
  signatures: string[][];
  /** Normalised header → field. The first header of a field found in the file wins. */
  columns: Record<string, Exclude<BulkField, 'ignore'>>;
  /** Normalised header → why it is left out. */
  leftOut: Record<string, string>;
}

const OLD_DOMAIN = 'the old service’s domain (links are made on this account’s domain)';
const CREATED = ['created', 'createdat', 'datecreated', 'creationdate', 'createddate'];
const created = Object.fromEntries(CREATED.map((h) => [h, 'created' as const]));

// Most specific first: Linkdeck's own export has "alias" and "long_url", which no other has together.
const RULES: readonly FormatRule[] = [
  {
    format: 'linkdeck',
    label: 'Linkdeck export',
    service: 'Linkdeck',
    signatures: [['alias', 'shorturl', 'longurl', 'aliasiscustom']],
    columns: {
      date: 'created',
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
    leftOut: {
      domain: OLD_DOMAIN,
      brandeddomain: OLD_DOMAIN,
      id: 'the link’s id on the old profile',
      shorturl: OLD_DOMAIN,
      title: 'the page title the service read (it reads it again for the new link)',
      channelid: 'the channel and campaign ids of the old profile (their names are used)',
      campaignid: 'the channel and campaign ids of the old profile (their names are used)',
      passwordprotected: 'whether a link had a password (passwords are never exported)',
      expired: 'whether a link had expired (its expiry is kept)',
      redirect: 'targeting, deep links, pixels and parameters (a copy to another profile keeps them: see Copying or moving links)',
      geotargets: 'targeting, deep links, pixels and parameters (a copy to another profile keeps them: see Copying or moving links)',
      devicetargets: 'targeting, deep links, pixels and parameters (a copy to another profile keeps them: see Copying or moving links)',
      languagetargets: 'targeting, deep links, pixels and parameters (a copy to another profile keeps them: see Copying or moving links)',
      deeplinks: 'targeting, deep links, pixels and parameters (a copy to another profile keeps them: see Copying or moving links)',
      pixels: 'targeting, deep links, pixels and parameters (a copy to another profile keeps them: see Copying or moving links)',
      parameters: 'targeting, deep links, pixels and parameters (a copy to another profile keeps them: see Copying or moving links)',
      updated: 'the times the old profile last changed and read each link',
      detailsreadat: 'the times the old profile last changed and read each link',
      health: 'the link health the old profile found (it is checked again here)',
      pending: 'the old profile’s outbox state',
      failed: 'the old profile’s outbox state',
      provisional: 'the old profile’s outbox state',
      aliasiscustom: 'whether the alias was chosen (every alias is kept as a custom alias)',
    },
  },
  {
    // The Links page's export (Link, Custom Link, Destination URL …) and the API v4 field names
    // (link, custom_bitlinks, long_url …); see tests/fixtures/imports/SOURCES.md.
    format: 'bitly',
    label: 'Bitly export',
    service: 'Bitly',
    keepShortUrl: true,
    signatures: [['bitlink', 'longurl'], ['link', 'longurl'], ['link', 'destinationurl'], ['customlink', 'destinationurl'], ['link', 'customlink']],
    columns: {
      destinationurl: 'url',
      longurl: 'url',
      customlink: 'custom',
      custombitlinks: 'custom',
      custombitlink: 'custom',
      custombackhalf: 'custom',
      link: 'shortUrl',
      bitlink: 'shortUrl',
      title: 'metaTitle',
      tags: 'tags',
      ...created,
      clicks: 'formerClicks',
      engagements: 'formerClicks',
      totalclicks: 'formerClicks',
      totalengagements: 'formerClicks',
    },
    leftOut: {
      domain: OLD_DOMAIN,
      status: 'whether the link is active or archived at Bitly (every link is made active here)',
      archived: 'whether the link is active or archived at Bitly (every link is made active here)',
    },
  },
  {
    format: 'rebrandly',
    label: 'Rebrandly export',
    service: 'Rebrandly',
    signatures: [['slashtag', 'destination']],
    columns: { destination: 'url', slashtag: 'custom', shorturl: 'shortUrl', title: 'metaTitle', tags: 'tags', clicks: 'formerClicks', ...created },
    leftOut: { domain: OLD_DOMAIN, domainname: OLD_DOMAIN },
  },
  {
    format: 'shortio',
    label: 'Short.io export',
    service: 'Short.io',
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
      ...created,
    },
    leftOut: { domain: OLD_DOMAIN },
  },
  {
    format: 'shlink',
    label: 'Shlink export',
    service: 'Shlink',
    signatures: [['shortcode', 'longurl']],
    columns: { longurl: 'url', shortcode: 'custom', shorturl: 'shortUrl', title: 'metaTitle', tags: 'tags', validuntil: 'expiry', visits: 'formerClicks', ...created },
    leftOut: { domain: OLD_DOMAIN },
  },
  {
    format: 'kutt',
    label: 'Kutt links',
    service: 'Kutt',
    signatures: [['address', 'target']],
    columns: { target: 'url', address: 'custom', link: 'shortUrl', description: 'description', expirein: 'expiry', visitcount: 'formerClicks', ...created },
    leftOut: { domain: OLD_DOMAIN, id: 'the link’s id at the old service' },
  },
  {
    format: 'dub',
    label: 'Dub export',
    service: 'Dub',
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
      ...created,
    },
    leftOut: { domain: OLD_DOMAIN, linkid: 'the link’s id at the old service', archived: 'whether the link is archived at Dub (every link is made active here)' },
  },
  {
    // yourls-api.php action=stats (format=json) as a file or read live: see shared/source-rows.ts.
    format: 'yourls',
    label: 'YOURLS links',
    service: 'YOURLS',
    signatures: [['shorturl', 'url', 'timestamp']],
    columns: { url: 'url', shorturl: 'shortUrl', keyword: 'custom', title: 'metaTitle', timestamp: 'created', clicks: 'formerClicks' },
    leftOut: { ip: 'the IP address that made the link at YOURLS' },
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
  const unknown: string[] = [];
  const explained: string[] = [];
  const asWritten = (i: number) => (headers[i] ?? '').replace(/^\ufeff/, '').trim();
  const mapping: ColumnMapping = names.map((name, i) => {
    const field = rule.columns[name];
    if (field && !used.has(field)) {
      used.add(field);
      return field;
    }
    const why = rule.leftOut[name];
    if (why) {
      leftOut.add(why);
      explained.push(asWritten(i));
    } else if (!field && name !== '') unknown.push(asWritten(i));
    return 'ignore';
  });
  // An alias of its own wins over the one read from the short URL: keep only one of them, unless
  // the alias column is often empty (Bitly's custom back-half), where the short link is the fallback.
  if (used.has('custom') && used.has('shortUrl') && !rule.keepShortUrl) {
    mapping[mapping.indexOf('shortUrl')] = 'ignore';
  }
  return { format: rule.format, label: rule.label, service: rule.service, mapping, leftOut: [...leftOut], unknown, explained };
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

/** The tags of a tags cell ("a, b", "a;b", "a|b", or a JSON list), in order, without empties or repeats. */
export function allTags(cell: string): string[] {
  const text = cell.trim();
  if (text === '') return [];
  let list: string[] | null = null;
  if (text.startsWith('[')) {
    try {
      const parsed: unknown = JSON.parse(text);
      if (Array.isArray(parsed)) list = parsed.filter((t): t is string => typeof t === 'string');
    } catch {
      // not JSON: read as a separated list below
    }
  }
  const tags = (list ?? text.split(/[,;|]/)).map((t) => t.trim()).filter((t) => t !== '');
  return [...new Set(tags)];
}

/** The first tag of a tags cell (it names the channel) or null. */
export const firstTag = (cell: string): string | null => allTags(cell)[0] ?? null;

/** A cell that holds a whole short link (bit.ly/spring, https://bit.ly/spring) rather than an alias. */
export const isShortLinkCell = (value: string): boolean => /^(?:[a-z][a-z0-9+.-]*:\/\/)?[^/\s]+\.[^/\s]+\/./i.test(value.trim());
