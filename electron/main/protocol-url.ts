/**
 * `linkdeck://new?url=<http(s) URL>`: any web page or program can open such a link, so
 * whatever it carries is untrusted. It only ever pre-fills the quick-shorten window, where the
 * user confirms; nothing is shortened on the link's word alone. Pure, tested without Electron.
 */
export const PROTOCOL_SCHEME = 'linkdeck';

/** A request to shorten `url`, from a linkdeck:// link. */
export interface NewLinkRequest {
  action: 'new';
  url: string;
}

/** As the local service: a longer URL is not a web link anyone shortens. */
const MAX_TARGET_LENGTH = 4096;
/** The whole linkdeck:// URL, percent-encoding included. */
const MAX_PROTOCOL_URL_LENGTH = 3 * MAX_TARGET_LENGTH + 64;

/** The target of a request: an absolute http(s) URL with a host and no user:password@ part. */
export function isShortenableUrl(value: string): boolean {
  if (value.length > MAX_TARGET_LENGTH) return false;
  let parsed: URL;
  try {
    parsed = new URL(value);
  } catch {
    return false;
  }
  return (
    (parsed.protocol === 'http:' || parsed.protocol === 'https:') &&
    parsed.hostname !== '' &&
    parsed.username === '' &&
    parsed.password === ''
  );
}

/** The request a linkdeck:// URL makes, or null when it is not one Linkdeck accepts. */
export function parseProtocolUrl(raw: unknown): NewLinkRequest | null {
  if (typeof raw !== 'string' || raw.length > MAX_PROTOCOL_URL_LENGTH) return null;
  let parsed: URL;
  try {
    parsed = new URL(raw);
  } catch {
    return null;
  }
  if (parsed.protocol !== `${PROTOCOL_SCHEME}:`) return null;
  if (parsed.hostname.toLowerCase() !== 'new' || !['', '/'].includes(parsed.pathname)) return null;
  if (parsed.username || parsed.password || parsed.port) return null;
  const targets = parsed.searchParams.getAll('url');
  const target = targets[0]?.trim();
  if (targets.length !== 1 || !target || !isShortenableUrl(target)) return null;
  return { action: 'new', url: new URL(target).href };
}

/**
 * The linkdeck:// URL among a launch's arguments (Windows and Linux start a new process with
 * the URL as an argument; the single-instance lock hands it to the running one).
 */
export function protocolUrlFromArgv(argv: readonly string[]): string | null {
  return argv.find((arg) => arg.toLowerCase().startsWith(`${PROTOCOL_SCHEME}:`)) ?? null;
}
