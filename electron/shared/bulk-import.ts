/**
 * Turning what a person pastes or imports into bulk rows: a table (from pasted lines or a CSV
 * file), a mapping of its columns onto link fields (guessed from the headers, changeable), and
 * each row as a LinkInput or the reasons it cannot be one, with the line it came from. Pure.
 */
import { parseCsv, type CsvRecord } from './csv.js';
import { linkInputIssues, type FieldMessages } from './link-validation.js';
import type { LinkInput } from './models.js';
import { englishText, msg, nameList, type MessageRef } from './message-ref.js';
import { BULK_MAX_ROWS, ORIGIN_TAG_MAX, ORIGIN_TAGS_MAX } from './bulk.js';
import { aliasOfShortUrl, allTags, isShortLinkCell, normHeader, recogniseFormat } from './import-formats.js';
import { fitColumns } from './import-columns.js';
import { adjustRow, STANDARD_READERS, type ColumnReaders, type KeptValues, type LeftOutValue } from './import-adjust.js';
import { decideDateForm, decideThousands, type DateForm, type Thousands } from './import-locale.js';

/** A link field a column can fill; 'ignore' leaves the column out. */
export type BulkField =
  | 'url'
  | 'custom'
  | 'channel'
  | 'campaign'
  | 'domain'
  | 'description'
  | 'metaTitle'
  | 'metaDescription'
  | 'metaImage'
  | 'password'
  | 'expiry'
  | 'status'
  | 'type'
  | 'shortUrl'
  | 'tags'
  | 'formerClicks'
  | 'created'
  | 'ignore';

export const BULK_FIELDS: readonly { field: Exclude<BulkField, 'ignore'>; label: string }[] = [
  { field: 'url', label: 'Long URL' },
  { field: 'custom', label: 'Custom alias' },
  { field: 'channel', label: 'Channel' },
  { field: 'campaign', label: 'Campaign' },
  { field: 'domain', label: 'Domain' },
  { field: 'description', label: 'Note' },
  { field: 'metaTitle', label: 'Meta title' },
  { field: 'metaDescription', label: 'Meta description' },
  { field: 'metaImage', label: 'Meta image' },
  { field: 'password', label: 'Password' },
  { field: 'expiry', label: 'Expiry' },
  { field: 'status', label: 'Status (public/private)' },
  { field: 'type', label: 'Redirect type (direct/frame/splash)' },
  { field: 'shortUrl', label: 'Old short URL (its alias is kept)' },
  { field: 'tags', label: 'Tags (the first names the channel)' },
  { field: 'formerClicks', label: 'Clicks at the old service (kept beside the link)' },
  { field: 'created', label: 'Created at the old service (kept beside the link)' },
];

/** Header words (lower case, without spaces, "-" or "_") that name each field. */
const SYNONYMS: Record<Exclude<BulkField, 'ignore'>, string[]> = {
  url: ['url', 'longurl', 'link', 'destination', 'destinationurl', 'target', 'targeturl', 'address', 'website'],
  custom: ['alias', 'customalias', 'custom', 'slug', 'shortcode', 'backhalf', 'keyword'],
  channel: ['channel', 'channelid', 'channelname'],
  campaign: ['campaign', 'campaignid', 'campaignname'],
  domain: ['domain', 'brandeddomain', 'customdomain', 'shortdomain'],
  description: ['note', 'notes', 'description', 'comment', 'comments'],
  metaTitle: ['title', 'metatitle', 'ogtitle'],
  metaDescription: ['metadescription', 'ogdescription'],
  metaImage: ['image', 'metaimage', 'ogimage', 'imageurl'],
  password: ['password', 'pass'],
  expiry: ['expiry', 'expires', 'expiration', 'expiresat', 'expirydate', 'expirationdate'],
  status: ['status', 'visibility', 'public'],
  type: ['type', 'redirecttype', 'redirect'],
  shortUrl: ['shorturl', 'shortlink', 'bitlink'],
  tags: ['tags', 'tag', 'labels'],
  formerClicks: ['clicks', 'visits', 'visitcount', 'engagements', 'totalclicks', 'totalengagements'],
  created: ['created', 'createdat', 'datecreated', 'creationdate', 'createddate', 'timestamp'],
};

/** A table read from what the person gave: column names and the records under them. */
export interface ImportTable {
  headers: string[];
  records: CsvRecord[];
  /** Whether the first line was read as column names. */
  hasHeader: boolean;
  /** Problems of the file as a whole (an unclosed quote), with their lines. */
  problems: { line: number; message: string }[];
  /**
   * What a record's number counts: the file's line (a CSV, pasted lines), or the link's place in
   * a saved API answer's list ('link': a JSON file has no rows to count by line).
   */
  numbering?: 'line' | 'link';
  /** A CSV file's field separator (a `;` file comes from a comma-decimal locale). */
  delimiter?: string;
}

const looksLikeUrl = (value: string) => /^[a-z][a-z0-9+.-]*:\/\//i.test(value.trim());

/** Pasted text, one URL per line (blank lines skipped); the line numbers are the pasted lines. */
export function tableFromLines(text: string): ImportTable {
  const records: CsvRecord[] = [];
  text.replace(/^\ufeff/, '')
    .split(/\r\n|\r|\n/)
    .forEach((raw, i) => {
      const value = raw.trim();
      if (value !== '') records.push({ line: i + 1, fields: [value] });
    });
  return { headers: ['URL'], records, hasHeader: false, problems: [] };
}

/**
 * A CSV file's text as a table. The first record is taken as column names unless it holds a web
 * address (a file of bare URLs has no header).
 */
export function tableFromCsv(text: string): ImportTable {
  const { records, problems, delimiter } = parseCsv(text);
  return { ...tableFromRecords(records), problems, delimiter };
}

/** Records (a CSV's, a spreadsheet's rows) as a table: the first is the column names unless it holds a web address. */
export function tableFromRecords(records: CsvRecord[]): ImportTable {
  const first = records[0];
  const hasHeader = first !== undefined && !first.fields.some(looksLikeUrl);
  const width = Math.max(0, ...records.map((r) => r.fields.length));
  const headers = Array.from({ length: width }, (_, i) => {
    const name = hasHeader ? (first?.fields[i] ?? '').trim() : '';
    return name || `Column ${i + 1}`;
  });
  return { headers, records: hasHeader ? records.slice(1) : records, hasHeader, problems: [] };
}

/** Column index → field. */
export type ColumnMapping = BulkField[];

/**
 * A field per column from the header names (each field used once, the first column wins); with
 * no header name for the URL, the first column whose first values are web addresses.
 */
export function guessMapping(table: ImportTable): ColumnMapping {
  const known = table.hasHeader ? recogniseFormat(table.headers) : null;
  // Then by content: a column of short links is never the destination, nor is a column whose
  // values do not fit the field its name suggests (import-columns.ts).
  if (known) return fitColumns(table, known.mapping, false);
  return fitColumns(table, guessByName(table), true);
}

function guessByName(table: ImportTable): ColumnMapping {
  const used = new Set<BulkField>();
  const mapping: ColumnMapping = table.headers.map((header) => {
    if (!table.hasHeader) return 'ignore';
    const key = normHeader(header);
    for (const { field } of BULK_FIELDS) {
      if (!used.has(field) && SYNONYMS[field].includes(key)) {
        used.add(field);
        return field;
      }
    }
    return 'ignore';
  });
  if (!used.has('url')) {
    const sample = table.records.slice(0, 20);
    const column = table.headers.findIndex((_, i) => mapping[i] === 'ignore' && sample.some((r) => looksLikeUrl(r.fields[i] ?? '')));
    if (column >= 0) mapping[column] = 'url';
  }
  return mapping;
}

/** Channels, campaigns and domains as the mirror lists them, to read names and check values. */
export interface BulkLookups {
  channels: readonly { id: number; name: string }[];
  campaigns: readonly { id: number; name: string }[];
  domains: readonly { domain: string }[];
}

/** One row of the preview: its line, the values of the mapped fields, and what it becomes. */
export interface PreviewRow {
  line: number;
  values: Partial<Record<Exclude<BulkField, 'ignore'>, string>>;
  /** The link input, or null when the row has problems. */
  input: LinkInput | null;
  /** Field → message in English, worded for a person (each message names its field). */
  errors: FieldMessages;
  /** The same messages as keys where they have one, for the app to say them in the person's language. */
  errorRefs?: Record<string, MessageRef>;
  /** A tag of another service's export that names no channel here (the link goes without one). */
  unmatchedTag?: string;
  /** The link's click count at the service it comes from (kept beside the link it gets). */
  formerClicks?: number;
  /** When the link was made at the service it comes from, Unix ms (kept beside the link). */
  created?: number;
  /** Its tags after the first (which names the channel): kept beside the link. */
  moreTags?: string[];
  /** A custom alias the service's rules refuse (too short, characters, reserved): a new one is made, or the row skipped. */
  aliasRefused?: { alias: string; reason: MessageRef };
  /** Its expiry has passed: the preview asks once what to do with such links. */
  expired?: { at: number; text: string };
  /** What was adjusted (values left out), as messages: shown on the row, and in English in the result file. */
  notes?: MessageRef[];
  /** The old values the link does not get, kept in its origin. */
  kept?: KeptValues;
}

/** The values of the mapped columns of one record (the last non-empty column wins for a field). */
export function valuesOf(record: CsvRecord, mapping: ColumnMapping): PreviewRow['values'] {
  const values: PreviewRow['values'] = {};
  mapping.forEach((field, i) => {
    if (field === 'ignore') return;
    const value = (record.fields[i] ?? '').trim();
    if (value !== '' || values[field] === undefined) values[field] = value;
  });
  return values;
}

/** A channel or campaign by id or by name (names compared without case). */
function byNameOrId(
  what: 'channel' | 'campaign',
  value: string,
  list: readonly { id: number; name: string }[],
): { id: number } | { error: MessageRef } {
  if (/^\d+$/.test(value)) {
    const id = Number(value);
    if (list.some((item) => item.id === id)) return { id };
  }
  const named = list.filter((item) => item.name.trim().toLowerCase() === value.toLowerCase());
  if (named.length === 1) return { id: (named[0] as { id: number }).id };
  if (named.length > 1) return { error: msg('importNotes.severalNamed', { what, n: named.length, value }) };
  return { error: msg('importNotes.noneNamed', { what, value }) };
}

const hostOf = (domain: string) => domain.trim().replace(/^[a-z]+:\/\//i, '').replace(/\/+$/, '').toLowerCase();

/** Reads one row's values as a LinkInput and checks it as the editor does. */
export function buildRow(line: number, values: PreviewRow['values'], lookups: BulkLookups, now: number, readers: ColumnReaders = STANDARD_READERS): PreviewRow {
  const errors: FieldMessages = {};
  const input: LinkInput = { url: values.url ?? '' };
  const text = (field: 'custom' | 'description' | 'metaTitle' | 'metaDescription' | 'metaImage' | 'password' | 'expiry') => {
    const v = values[field];
    if (v) input[field] = v;
  };
  // A whole short link in the alias column (Bitly's "Custom Link": bit.ly/spring) gives its alias.
  // A short link whose alias cannot be kept gets a new one, like an alias the rules refuse.
  let noAlias: { alias: string; reason: MessageRef } | undefined;
  if (values.custom && isShortLinkCell(values.custom)) {
    const alias = aliasOfShortUrl(values.custom);
    if (alias) input.custom = alias;
    else noAlias = { alias: values.custom, reason: msg('importNotes.customLinkNoAlias', { value: values.custom }) };
  } else text('custom');
  // An export of another service: its short URL's alias is kept as the custom alias.
  if (!input.custom && !noAlias && values.shortUrl) {
    const alias = aliasOfShortUrl(values.shortUrl);
    if (alias) input.custom = alias;
    else noAlias = { alias: values.shortUrl, reason: msg('importNotes.shortUrlNoAlias', { value: values.shortUrl }) };
  }
  text('description');
  text('metaTitle');
  text('metaDescription');
  text('metaImage');
  text('password');
  // Alias, expiry, clicks and created date: adjusted, never a reason to refuse the row (import-adjust.ts).
  const adjusted = adjustRow(input, values, readers, now);
  if (noAlias) adjusted.aliasRefused = noAlias;
  // A value that names nothing here (a channel, campaign, domain) or that the service has no such
  // thing for (status, redirect type) is left out and said: only the long URL refuses a link.
  const leaveOut = (field: LeftOutValue['field'], value: string, sentence: MessageRef) => {
    adjusted.notes.push(sentence);
    adjusted.kept.leftOut = [...(adjusted.kept.leftOut ?? []), { field, value: value.slice(0, 200) }];
  };
  // A channel column must name a channel; a tag that names none only goes without (the preview
  // lists those tags, so the person can create the channels and check again).
  const tags = values.tags ? allTags(values.tags) : [];
  const tag = !values.channel ? (tags[0] ?? null) : null;
  let unmatchedTag: string | undefined;
  if (values.channel || tag) {
    const found = byNameOrId('channel', values.channel || (tag as string), lookups.channels);
    if ('id' in found) input.channel = found.id;
    else if (tag && lookups.channels.every((c) => c.name.trim().toLowerCase() !== tag.toLowerCase())) unmatchedTag = tag;
    else leaveOut('channel', values.channel || (tag as string), found.error);
  }
  if (values.campaign) {
    const found = byNameOrId('campaign', values.campaign, lookups.campaigns);
    if ('id' in found) input.campaign = found.id;
    else leaveOut('campaign', values.campaign, found.error);
  }
  if (values.domain) {
    const host = hostOf(values.domain);
    const domain = lookups.domains.find((d) => hostOf(d.domain) === host);
    if (domain) input.domain = domain.domain;
    else
      leaveOut(
        'domain',
        values.domain,
        lookups.domains.length > 0
          ? msg('importNotes.domainNotBranded', { value: values.domain, domains: nameList(lookups.domains.map((d) => hostOf(d.domain))) })
          : msg('importNotes.domainNone', { value: values.domain }),
      );
  }
  if (values.status) {
    const status = values.status.toLowerCase();
    if (status === 'public' || status === 'private') input.status = status;
    else leaveOut('status', values.status, msg('importNotes.badStatus', { value: values.status }));
  }
  if (values.type) {
    const type = values.type.toLowerCase();
    if (type === 'direct' || type === 'frame' || type === 'splash') input.type = type;
    else leaveOut('type', values.type, msg('importNotes.badType', { value: values.type }));
  }
  const errorRefs: Record<string, MessageRef> = {};
  for (const [field, ref] of Object.entries(linkInputIssues(input, { mode: 'create', now }))) {
    if (field in errors) continue;
    errors[field] = englishText(ref);
    errorRefs[field] = ref;
  }
  const row: PreviewRow = { line, values, input: Object.keys(errors).length === 0 ? input : null, errors };
  if (Object.keys(errorRefs).length > 0) row.errorRefs = errorRefs;
  if (unmatchedTag) row.unmatchedTag = unmatchedTag;
  if (adjusted.formerClicks !== undefined) row.formerClicks = adjusted.formerClicks;
  if (adjusted.created !== undefined) row.created = adjusted.created;
  if (adjusted.aliasRefused) row.aliasRefused = adjusted.aliasRefused;
  if (adjusted.expired) row.expired = adjusted.expired;
  if (adjusted.notes.length > 0) row.notes = adjusted.notes;
  if (Object.keys(adjusted.kept).length > 0) row.kept = adjusted.kept;
  // With a channel column, every tag is kept; otherwise the first names the channel.
  const kept = (values.channel ? tags : tags.slice(1)).slice(0, ORIGIN_TAGS_MAX).map((t) => t.slice(0, ORIGIN_TAG_MAX));
  if (kept.length > 0) row.moreTags = kept;
  return row;
}

export interface Preview {
  rows: PreviewRow[];
  valid: number;
  invalid: number;
  /** What keeps the whole import from going ahead (no URL column, too many rows), in English (the command line's words). */
  blocker: string | null;
  /** The same as a message, for the app to say in the person's language. */
  blockerRef?: MessageRef;
  /** Tags naming no channel here, with how many rows carry each (first seen first). */
  missingChannels: { name: string; rows: number }[];
  /** How the counts and dates were read, decided per column. */
  readers?: ColumnReaders;
  /** Date columns written dd/mm or mm/dd with no value settling which: asked of the person. */
  unsettledDates?: string[];
}

/** What the person answered in the preview. */
export interface PreviewAnswers {
  /** How an unsettled date column is written: day first (30/06) or month first (06/30). */
  dayFirst?: boolean | null;
}

/** The values of one mapped field's column(s), for the per-column decisions. */
function columnValues(table: ImportTable, mapping: ColumnMapping, field: BulkField): string[] {
  const columns = mapping.flatMap((f, i) => (f === field ? [i] : []));
  if (columns.length === 0) return [];
  const out: string[] = [];
  for (const record of table.records) for (const i of columns) {
    const value = (record.fields[i] ?? '').trim();
    if (value !== '') out.push(value);
  }
  return out;
}

/** How this table's counts and dates are read (import-locale.ts), and which columns must be asked about. */
export function columnReaders(table: ImportTable, mapping: ColumnMapping, answers: PreviewAnswers = {}): { readers: ColumnReaders; unsettled: string[] } {
  const thousands: Thousands = decideThousands(columnValues(table, mapping, 'formerClicks'), table.delimiter) ?? (table.delimiter === ';' ? '.' : ',');
  const unsettled: string[] = [];
  const form = (field: 'created' | 'expiry'): DateForm => {
    const decided = decideDateForm(columnValues(table, mapping, field), answers.dayFirst ?? null);
    if (decided === 'slash-unsettled') unsettled.push(table.headers[mapping.indexOf(field)] ?? field);
    return decided;
  };
  return { readers: { thousands, created: form('created'), expiry: form('expiry') }, unsettled };
}

/** Every record of the table read and checked; `overrides` holds values a person fixed, by line. */
export function previewRows(
  table: ImportTable,
  mapping: ColumnMapping,
  lookups: BulkLookups,
  now: number,
  overrides: ReadonlyMap<number, PreviewRow['values']> = new Map(),
  answers: PreviewAnswers = {},
): Preview {
  if (!mapping.includes('url')) {
    const noUrl = msg('importNotes.noUrlColumn');
    return { rows: [], valid: 0, invalid: 0, blocker: englishText(noUrl), blockerRef: noUrl, missingChannels: [] };
  }
  const { readers, unsettled } = columnReaders(table, mapping, answers);
  const rows = table.records.map((record) => {
    const values = { ...valuesOf(record, mapping), ...overrides.get(record.line) };
    return buildRow(record.line, values, lookups, now, readers);
  });
  // Problems of the file (an unclosed quote) belong to the row that starts on that line.
  for (const problem of table.problems) {
    const row = [...rows].reverse().find((r) => r.line <= problem.line);
    if (row) {
      row.errors['file'] = problem.message;
      row.input = null;
    }
  }
  const valid = rows.filter((r) => r.input !== null).length;
  const blockerRef = valid > BULK_MAX_ROWS ? msg('importNotes.tooManyRows', { max: BULK_MAX_ROWS, n: valid }) : undefined;
  const blocker = blockerRef ? englishText(blockerRef) : null;
  const missing = new Map<string, { name: string; rows: number }>();
  for (const row of rows) {
    if (!row.unmatchedTag) continue;
    const key = row.unmatchedTag.toLowerCase();
    const seen = missing.get(key) ?? { name: row.unmatchedTag, rows: 0 };
    seen.rows += 1;
    missing.set(key, seen);
  }
  return { rows, valid, invalid: rows.length - valid, blocker, ...(blockerRef ? { blockerRef } : {}), missingChannels: [...missing.values()], readers, unsettledDates: unsettled };
}

/** A row's problems, one sentence each (every message names its field). */
export const rowProblems = (row: PreviewRow): string[] => Object.values(row.errors);

/** The same, keyed where a key exists (the app renders those in the person's language). */
export const rowProblemMessages = (row: PreviewRow): (string | MessageRef)[] => Object.entries(row.errors).map(([field, text]) => row.errorRefs?.[field] ?? text);
