/**
 * Does the clipboard hold exactly one web URL? Only text that is, once trimmed, one `http://` or
 * `https://` URL with a well-formed host and nothing else qualifies: no spaces or line breaks
 * (sentences, lists, several URLs), no other scheme (`javascript:`, `data:`, `file:`, a bare
 * `www.…`), no credentials (`https://user:pass@…` would hand the password to the service), and
 * no longer than {@link DETECT_MAX_LENGTH}. IDN hosts, IP addresses and ports are fine.
 */

/** Longest URL the watch shortens: longer ones are rarely meant to be links. */
export const DETECT_MAX_LENGTH = 2048;

export interface DetectedUrl {
  /** The URL as copied, trimmed: what is sent to the service. */
  text: string;
  /** Parsed, for the rules. */
  url: URL;
}

const SCHEME = /^https?:\/\//i;
// Space, line breaks, other whitespace and control characters, and characters a copied URL
// never carries unencoded (a backslash would be read as a slash by browsers but not by servers).
// eslint-disable-next-line no-control-regex
const FORBIDDEN = /[\s\u0000-\u001f\u007f<>"`\\]/;
/** A second scheme glued on after a separator or a letter: `https://a.com,https://b.com`. */
const GLUED_SECOND_URL = /[,;|A-Za-z0-9]https?:\/\//i;
const LABEL = '[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?';
const HOST_NAME = new RegExp(`^(?:${LABEL}\\.)*${LABEL}\\.?$`);

export function detectUrl(raw: string): DetectedUrl | null {
  // Whitespace around a URL is common (a copied table cell, a line with its newline); far
  // more than that means a document, not a link.
  if (raw.length > DETECT_MAX_LENGTH + 256) return null;
  const text = raw.trim();
  if (text.length < 10 || text.length > DETECT_MAX_LENGTH) return null;
  if (!SCHEME.test(text) || FORBIDDEN.test(text) || GLUED_SECOND_URL.test(text)) return null;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (url.username !== '' || url.password !== '') return null;
  const host = url.hostname;
  if (host.startsWith('[')) return { text, url }; // an IPv6 literal the parser accepted
  if (!HOST_NAME.test(host)) return null;
  // An IPv4 address must be written as the parser writes it: `1.2.3`, `0x7f.1` or `2130706433`
  // are addresses in disguise, not links a person copies.
  if (/^\d+(\.\d+){3}$/.test(host) && !text.toLowerCase().includes(`//${host}`)) return null;
  return { text, url };
}
