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
import { englishText, msg, type MessageRef } from './message-ref.js';

export type SourceFormat = 'linkdeck' | 'bitly' | 'rebrandly' | 'shortio' | 'shlink' | 'kutt' | 'dub' | 'yourls';

export interface RecognisedFormat {
  format: SourceFormat;
  /** "Shlink export" in English: stored as an origin's source and printed by the command line. */
  label: string;
  /** The same as a message (importNotes.formatLabel), what the app shows in the person's language. */
  labelRef: MessageRef;
  mapping: ColumnMapping;
  /** The service's name, as the link's detail says it ("created on Bitly 2023-04-02"). */
  service: string;
  /** Columns of the source the target cannot hold, said in English words (clicks, the old domain…). */
  leftOut: string[];
  /** The same reasons as messages (importNotes.leftOut*), for the app in the person's language. */
  leftOutRefs: MessageRef[];
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
  /** Normalised header → why it is left out, as a message (importNotes.leftOut*). */
  leftOut: Record<string, MessageRef>;
}

const OLD_DOMAIN = msg('importNotes.leftOutOldDomain');
const GROUP_IDS = msg('importNotes.leftOutGroupIds');
const TARGETING = msg('importNotes.leftOutTargeting');
const TIMES = msg('importNotes.leftOutTimes');
const OUTBOX = msg('importNotes.leftOutOutbox');
const SERVICE_ID = msg('importNotes.leftOutServiceId');
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
      id: msg('importNotes.leftOutProfileId'),
      shorturl: OLD_DOMAIN,
      title: msg('importNotes.leftOutPageTitle'),
      channelid: GROUP_IDS,
      campaignid: GROUP_IDS,
      passwordprotected: msg('importNotes.leftOutPassword'),
      expired: msg('importNotes.leftOutExpired'),
      redirect: TARGETING,
      geotargets: TARGETING,
      devicetargets: TARGETING,
      languagetargets: TARGETING,
      deeplinks: TARGETING,
      pixels: TARGETING,
      parameters: TARGETING,
      updated: TIMES,
      detailsreadat: TIMES,
      health: msg('importNotes.leftOutHealth'),
      pending: OUTBOX,
      failed: OUTBOX,
      provisional: OUTBOX,
      aliasiscustom: msg('importNotes.leftOutAliasChosen'),
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
      status: msg('importNotes.leftOutActiveArchived', { service: 'Bitly' }),
      archived: msg('importNotes.leftOutActiveArchived', { service: 'Bitly' }),
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
    leftOut: { domain: OLD_DOMAIN, id: SERVICE_ID },
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
    leftOut: { domain: OLD_DOMAIN, linkid: SERVICE_ID, archived: msg('importNotes.leftOutArchived', { service: 'Dub' }) },
  },
  {
    // yourls-api.php action=stats (format=json) as a file or read live: see shared/source-rows.ts.
    format: 'yourls',
    label: 'YOURLS links',
    service: 'YOURLS',
    signatures: [['shorturl', 'url', 'timestamp']],
    columns: { url: 'url', shorturl: 'shortUrl', keyword: 'custom', title: 'metaTitle', timestamp: 'created', clicks: 'formerClicks' },
    leftOut: { ip: msg('importNotes.leftOutIp', { service: 'YOURLS' }) },
  },
];

/** The export format these column names belong to, with its mapping, or null. */
export function recogniseFormat(headers: readonly string[]): RecognisedFormat | null {
  const names = headers.map(normHeader);
  const present = new Set(names);
  const rule = RULES.find((r) => r.signatures.some((sig) => sig.every((h) => present.has(h))));
  if (!rule) return null;
  const used = new Set<BulkField>();
  const leftOut = new Map<string, MessageRef>();
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
      leftOut.set(englishText(why), why);
      explained.push(asWritten(i));
    } else if (!field && name !== '') unknown.push(asWritten(i));
    return 'ignore';
  });
  // An alias of its own wins over the one read from the short URL: keep only one of them, unless
  // the alias column is often empty (Bitly's custom back-half), where the short link is the fallback.
  if (used.has('custom') && used.has('shortUrl') && !rule.keepShortUrl) {
    mapping[mapping.indexOf('shortUrl')] = 'ignore';
  }
  const labelRef = msg('importNotes.formatLabel', { format: rule.format });
  return { format: rule.format, label: rule.label, labelRef, service: rule.service, mapping, leftOut: [...leftOut.keys()], leftOutRefs: [...leftOut.values()], unknown, explained };
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
