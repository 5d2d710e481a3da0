/**
 * The Location header of a redirect, which must be printable ASCII. Targets are validated web
 * URLs, so the URL serialiser (percent-encoding, punycode hosts) gives an equivalent ASCII form;
 * the common all-ASCII case skips the parse. A plain link's is made once, when it is cached
 * (ResolvedLink.location); a targeted link's on each redirect.
 */
export function asciiLocation(url: string): string {
  if (/^[\x21-\x7e]*$/.test(url)) return url;
  try {
    return new URL(url).href;
  } catch {
    return encodeURI(url);
  }
}
