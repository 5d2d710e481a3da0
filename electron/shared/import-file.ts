/**
 * A file chosen in Bulk → Import, read into the bulk table or refused in one sentence: a CSV
 * export, or an API answer a person saved as .json (read as the live path reads the same answer,
 * through shared/source-rows.ts). Pure: the renderer hands over the bytes.
 */
import { tableFromCsv, type ImportTable } from './bulk-import.js';
import { BULK_MAX_ROWS } from './bulk.js';
import { decodeImportText, type ImportEncoding } from './import-encoding.js';
import { englishText, msg, type MessageRef } from './message-ref.js';
import { bitlyShape, dubShape, isRecord, kuttShape, linkdeckShape, rebrandlyShape, shlinkShape, yourlsLinks, yourlsShape, type SourceShape } from './source-rows.js';

/** Files larger than this are refused before they are read (a full job's export is far smaller). */
export const IMPORT_MAX_BYTES = 20 * 1024 * 1024;

/** `label` stays English (the job's origin, --json); `labelRef` says it in the person's language. */
export type ImportFile =
  | { table: ImportTable; kind: 'csv' | 'json'; label: string | null; labelRef?: MessageRef; encoding?: ImportEncoding }
  | { error: string; errorRef?: MessageRef };

interface JsonShape {
  /** The `shape` of importNotes.jsonLabel, whose English is `label`. */
  id: 'bitly' | 'rebrandly' | 'kutt' | 'dub' | 'shlink' | 'yourls' | 'linkdeck';
  /** "Bitly API v4 answer". */
  label: string;
  /** What the person is told the shape looks like, when a file has none of them. */
  looks: string;
  links(body: unknown): unknown[] | null;
  shape: SourceShape;
}

const arrayOf = (body: unknown, ...fields: string[]): unknown[] | null =>
  Array.isArray(body) && body.length > 0 && body.every((l) => isRecord(l) && fields.every((f) => f in l)) ? body : null;

const listIn = (body: unknown, key: string, ...fields: string[]): unknown[] | null => (isRecord(body) ? arrayOf(body[key], ...fields) : null);

const JSON_SHAPES: readonly JsonShape[] = [
  { id: 'bitly', label: 'Bitly API v4 answer', looks: 'Bitly API v4 ({"links": [{"link", "long_url", …}]})', links: (b) => listIn(b, 'links', 'long_url'), shape: bitlyShape },
  { id: 'rebrandly', label: 'Rebrandly API answer', looks: 'Rebrandly GET /v1/links ([{"slashtag", "destination", …}])', links: (b) => arrayOf(b, 'slashtag', 'destination'), shape: rebrandlyShape },
  { id: 'kutt', label: 'Kutt API answer', looks: 'Kutt GET /api/v2/links ({"data": [{"address", "target", …}]})', links: (b) => listIn(b, 'data', 'address', 'target'), shape: kuttShape },
  { id: 'dub', label: 'Dub API answer', looks: 'Dub GET /links ([{"key", "url", …}])', links: (b) => arrayOf(b, 'key', 'url'), shape: dubShape },
  {
    id: 'shlink', label: 'Shlink API answer',
    looks: 'Shlink GET /rest/v3/short-urls ({"shortUrls": {"data": [{"shortCode", "longUrl", …}]}})',
    links: (b) => (isRecord(b) ? listIn(b['shortUrls'], 'data', 'shortCode', 'longUrl') : null),
    shape: shlinkShape,
  },
  { id: 'yourls', label: 'YOURLS API answer', looks: 'YOURLS action=stats format=json ({"links": {"link_1": {"shorturl", "url", …}}})', links: yourlsLinks, shape: yourlsShape },
  {
    id: 'linkdeck', label: 'Linkdeck export',
    looks: 'Linkdeck Export → JSON ({"format": "linkdeck-links", "links": […]})',
    links: (b) => (isRecord(b) && b['format'] === 'linkdeck-links' ? listIn(b, 'links', 'longUrl') : null),
    shape: linkdeckShape,
  },
];

/** The shapes understood, in words, for the sentence about a file of another shape. */
/** A saved API answer's kind in the person's language ("Antwort der Bitly-API v4"). */
export const jsonLabelRef = (shape: JsonShape['id']): MessageRef => msg('importNotes.jsonLabel', { shape });

/** Every shape's English label and its key, for the check that both say the same. */
export const JSON_SHAPE_LABELS: readonly { label: string; ref: MessageRef }[] = JSON_SHAPES.map((s) => ({ label: s.label, ref: jsonLabelRef(s.id) }));

export const JSON_SHAPES_WORDS = JSON_SHAPES.map((s) => s.looks).join('; ');

/** A refusal in English (logs, the command line) with its message for the app. */
const refuse = (ref: MessageRef) => ({ error: englishText(ref), errorRef: ref });

/**
 * Why JSON.parse refused a text, in our own words where the runtime's message says where: a text
 * that ends before its JSON does (a download cut short), or the line and column of the fault,
 * counted here from the position V8 names ("… in JSON at position 7" in Node and Chromium).
 * Any other message is the runtime's own words, passed as they are inside our sentence.
 */
export function jsonProblem(text: string, detail: string): MessageRef {
  const at = /\bat position (\d+)/.exec(detail);
  const position = at ? Number(at[1]) : null;
  if (/end of JSON input/i.test(detail) || (position !== null && position >= text.trimEnd().length)) return msg('importNotes.jsonCutShort');
  if (position === null) return msg('importNotes.jsonInvalid', { detail });
  const before = text.slice(0, position).split(/\r\n|\r|\n/);
  return msg('importNotes.jsonInvalidAt', { line: before.length, column: (before[before.length - 1]?.length ?? 0) + 1 });
}

/** A saved API answer as the table the live path would give for it, or the sentence why not. */
export function tableFromJson(text: string): ImportFile {
  let body: unknown;
  const json = text.replace(/^\ufeff/, '');
  try {
    body = JSON.parse(json);
  } catch (error) {
    return refuse(jsonProblem(json, error instanceof Error ? error.message : String(error)));
  }
  for (const candidate of JSON_SHAPES) {
    const links = candidate.links(body);
    if (!links) continue;
    if (links.length === 0) return refuse(msg('importNotes.jsonEmptyList'));
    const records = links.map((link, i) => ({ line: i + 1, fields: candidate.shape.toRow(link).fields }));
    return { table: { headers: [...candidate.shape.headers], records, hasHeader: true, problems: [], numbering: 'link' }, kind: 'json', label: candidate.label, labelRef: jsonLabelRef(candidate.id) };
  }
  return refuse(msg('importNotes.jsonUnknownShape', { shapes: JSON_SHAPES_WORDS }));
}

/** Known file kinds that are not text, by their first bytes. */
const MAGIC: readonly { bytes: number[]; kind: 'png' | 'jpeg' | 'pdf' | 'zip' | 'office' }[] = [
  { bytes: [0x89, 0x50, 0x4e, 0x47], kind: 'png' },
  { bytes: [0xff, 0xd8, 0xff], kind: 'jpeg' },
  { bytes: [0x25, 0x50, 0x44, 0x46], kind: 'pdf' },
  { bytes: [0x50, 0x4b, 0x03, 0x04], kind: 'zip' },
  { bytes: [0xd0, 0xcf, 0x11, 0xe0], kind: 'office' },
];

/** Megabytes to one decimal, as a number: the message formats it in the locale (`{mb, number, ::.0}` → "21,0" in German). */
const megabytes = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;

/** The sentence for a file over the size limit (said before the file is read). */
export const tooLargeRef = (name: string, size: number): MessageRef =>
  msg('importNotes.fileTooLarge', { name, mb: megabytes(size), maxMb: megabytes(IMPORT_MAX_BYTES), rows: BULK_MAX_ROWS });
export const tooLargeMessage = (name: string, size: number): string => englishText(tooLargeRef(name, size));

/** A chosen file's bytes as a table, or one sentence that says why it cannot be imported. */
export function readImportFile(name: string, bytes: Uint8Array): ImportFile {
  if (bytes.byteLength > IMPORT_MAX_BYTES) return refuse(tooLargeRef(name, bytes.byteLength));
  const magic = MAGIC.find((m) => m.bytes.every((b, i) => bytes[i] === b));
  if (magic) return refuse(msg('importNotes.fileNotText', { name, kind: magic.kind }));
  const decoded = decodeImportText(name, bytes);
  if ('error' in decoded) return decoded;
  const { text, encoding } = decoded;
  if (text.trim() === '') return refuse(msg('importNotes.fileEmpty', { name }));
  const start = text.replace(/^\ufeff/, '').trimStart();
  if (start.startsWith('<')) {
    return refuse(msg('importNotes.fileMarkup', { name }));
  }
  if (/\.json$/i.test(name) || start.startsWith('{') || (start.startsWith('[') && /^\[\s*[{\]]/.test(start))) {
    const read = tableFromJson(text);
    if ('error' in read) return read.errorRef ? refuse(msg('importNotes.fileProblem', { name, problem: read.errorRef })) : { error: `"${name}": ${read.error}` };
    return { ...read, encoding };
  }
  const table = tableFromCsv(text);
  if (table.records.length === 0 || table.records.every((r) => r.fields.every((f) => f.trim() === ''))) {
    return refuse(msg('importNotes.fileNoRows', { name }));
  }
  return { table, kind: 'csv', label: null, encoding };
}
