import { badRequest } from '../errors.js';
import { isWebUrl } from '../urls.js';

/*
 * The readers every link input field builds on: a text shown in a message, the cleared value,
 * text that can be stored, a web address, an id. Each throws a 400 naming the field.
 */

export const shown = (text: string) =>
  JSON.stringify(text.length > 100 ? `${text.slice(0, 100)}…` : text);
export const isCleared = (value: unknown) => value === null || value === '';

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * SQLite (through libsql) would silently cut a text at its first NUL character and replace half
 * a surrogate pair with U+FFFD: refuse such text instead of storing something else.
 */
export function checkNoNul(value: string, field: string): void {
  if (value.includes('\u0000'))
    throw badRequest(
      `The field "${field}" contains a NUL character (\\u0000), which cannot be stored. Remove it.`,
    );
  if (LONE_SURROGATE.test(value))
    throw badRequest(
      `The field "${field}" contains half of a surrogate pair (a broken emoji or other character), which cannot be stored. Remove it.`,
    );
}

/**
 * A target URL: http(s) only. The scheme is named in the message because "javascript:",
 * "data:" and "file:" links are the ones people paste by mistake (or on purpose).
 */
export function readWebUrl(value: unknown, field: string): string {
  if (typeof value !== 'string')
    throw badRequest(`The field "${field}" must be a string (a web address).`);
  const text = value.trim();
  if (text === '')
    throw badRequest(
      `The field "${field}" must be a web address starting with http:// or https://.`,
    );
  // The URL parser silently drops tabs and newlines; a stored URL must be exactly what redirects.
  if (/\p{Cc}/u.test(text))
    throw badRequest(
      `The field "${field}" contains control characters (such as line breaks); remove them.`,
    );
  checkNoNul(text, field);
  // "host:8080/path" has no scheme, just a port.
  const scheme = /^([a-z][a-z0-9+.-]*):(?!\d)/i.exec(text)?.[1]?.toLowerCase();
  if (scheme !== undefined && scheme !== 'http' && scheme !== 'https') {
    throw badRequest(
      `The field "${field}" uses the "${scheme}:" scheme; only http:// and https:// web addresses are allowed.`,
    );
  }
  if (scheme === undefined) {
    throw badRequest(
      `The field "${field}" (${shown(text)}) is not a full web address: it must start with http:// or https://.`,
    );
  }
  // Browsers read "http:/\\evil.example", "https:evil.example" and "http:///evil.example" as
  // http://evil.example, and a backslash before the query as "/": forms that read as something
  // else to a person or a filter than where they lead. A web address is written scheme://host/….
  if (!/^https?:\/\/(?:[^/\\]|$)/i.test(text) || /^[^?#]*\\/.test(text)) {
    throw badRequest(
      `The field "${field}" (${shown(text)}) must be written http://host/… or https://host/…, with two forward slashes and no backslashes before the query.`,
    );
  }
  if (!isWebUrl(text))
    throw badRequest(`The field "${field}" (${shown(text)}) is not a valid web address.`);
  return text;
}

export function readId(value: unknown, field: string, what: string): number {
  const id =
    typeof value === 'string' && /^\d{1,15}$/.test(value.trim()) ? Number(value.trim()) : value;
  if (typeof id !== 'number' || !Number.isSafeInteger(id) || id < 1) {
    throw badRequest(`The field "${field}" must be ${what} id (a whole number of at least 1).`);
  }
  return id;
}
