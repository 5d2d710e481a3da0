/**
 * The text of an imported file, in the encodings people's tools write, decoded by the standard
 * decoder (TextDecoder, the WHATWG Encoding Standard's), never by hand. Pure.
 *
 * - UTF-8, with or without a byte-order mark (Excel's "CSV UTF-8", Google Sheets, every service's export);
 * - UTF-16 LE or BE with a byte-order mark (Excel's "Unicode Text": UTF-16 LE, tab-separated);
 * - Windows-1252 when the bytes are not UTF-8 (Excel's "CSV (Comma delimited)" on a Western
 *   Windows): UTF-8 is tried first with `fatal`, so a file that is valid UTF-8 is always read as UTF-8.
 * Anything else (binary, UTF-16 without a mark, control characters) is refused with a sentence.
 */
import { englishText, msg, type MessageRef } from './message-ref.js';

export type ImportEncoding = 'utf-8' | 'utf-8-bom' | 'utf-16le' | 'utf-16be' | 'windows-1252';

/* How the preview names each encoding: renderer/src/components/bulk/bulk-words.ts (messages). */

export type DecodedText = { text: string; encoding: ImportEncoding } | { error: string; errorRef: MessageRef };

const startsWith = (bytes: Uint8Array, prefix: readonly number[]) => prefix.every((b, i) => bytes[i] === b);

function decode(label: string, bytes: Uint8Array): string | null {
  try {
    // ignoreBOM: false (the default) drops the mark the label expects.
    return new TextDecoder(label, { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}

/**
 * Control characters other than tab, line feed, carriage return and form feed: binary data, or
 * UTF-16 without its mark read as 8-bit text (every other byte NUL). In the first 8 KB.
 */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const BINARY = /[\u0000-\u0008\u000b\u000e-\u001f\u007f]/;

/** The refusal: English for logs and the command line, the message for the app. */
const notText = (name: string) => {
  const ref = msg('importNotes.fileNotReadableText', { name });
  return { error: englishText(ref), errorRef: ref };
};

/*
 * Node 20.18.3 and later 20.x (and 22.13–22.x) decode the label windows-1252 as ISO-8859-1, so
 * 0x80–0x9F come out as C1 controls instead of € ‚ ƒ „ … ’ “ ” – — ™ (nodejs/node#60888,
 * #56542; Chromium, and so the app's window, decodes them right). Where the runtime's decoder
 * fails this probe, those 27 characters are put right from the WHATWG index-windows-1252 table,
 * the one the standard decoder uses; the rest is still the decoder's work.
 */
const WINDOWS_1252_HIGH = '\u20ac\u0081\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\u008d\u017d\u008f\u0090\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\u009d\u017e\u0178';
let decoderRight: boolean | null = null;

function decodeWindows1252(bytes: Uint8Array): string | null {
  const text = decode('windows-1252', bytes);
  if (text === null) return null;
  decoderRight ??= decode('windows-1252', Uint8Array.of(0x80, 0x92)) === '\u20ac\u2019';
  return decoderRight ? text : text.replace(/[\u0080-\u009f]/g, (c) => WINDOWS_1252_HIGH[c.charCodeAt(0) - 0x80] as string);
}

/** The file's text and the encoding it was read in, or the sentence why it is not text. */
export function decodeImportText(name: string, bytes: Uint8Array): DecodedText {
  let read: { text: string | null; encoding: ImportEncoding };
  if (startsWith(bytes, [0xef, 0xbb, 0xbf])) read = { text: decode('utf-8', bytes), encoding: 'utf-8-bom' };
  else if (startsWith(bytes, [0xff, 0xfe])) read = { text: decode('utf-16le', bytes), encoding: 'utf-16le' };
  else if (startsWith(bytes, [0xfe, 0xff])) read = { text: decode('utf-16be', bytes), encoding: 'utf-16be' };
  else {
    const utf8 = decode('utf-8', bytes);
    read = utf8 !== null ? { text: utf8, encoding: 'utf-8' } : { text: decodeWindows1252(bytes), encoding: 'windows-1252' };
  }
  if (read.text === null) return notText(name);
  const text = read.text.replace(/^\ufeff/, '');
  if (BINARY.test(text.slice(0, 8192))) return notText(name);
  // Windows-1252 maps every byte to a character; its five unassigned bytes (0x81 0x8D 0x8F 0x90
  // 0x9D) decode to C1 controls, which no spreadsheet writes: such a file is in another encoding.
  if (read.encoding === 'windows-1252' && /[\u0080-\u009f]/.test(text)) return notText(name);
  return { text, encoding: read.encoding };
}
