/**
 * Profiles as every side sees them, and the checks the profile forms need. Pure TypeScript: the
 * renderer runs these while the user types, and the backend runs the same ones before it saves.
 * A profile never holds its API key: the key lives in the OS keychain under the profile id.
 */

export type ProfileKind = 'local' | 'remote';

/** How the key is sent: `Authorization: Bearer <key>` (the spec) or `Token <key>` (older servers). */
export type AuthScheme = 'Bearer' | 'Token';

export interface Profile {
  /** Random, URL-safe and lowercase (it names a directory on case-insensitive disks too). */
  id: string;
  name: string;
  /** The service's base URL, without a trailing slash; API paths are appended to it. */
  baseUrl: string;
  kind: ProfileKind;
  /** Absent means `Bearer`, until the API client learns otherwise. */
  authScheme?: AuthScheme;
  /** ISO 8601. */
  createdAt: string;
  /**
   * Local workspace only: the address its short links use instead of http://127.0.0.1:PORT
   * (Settings → Local workspace → Public address). The API stays on loopback.
   */
  publicUrl?: string;
  /** Whether the check proved that publicUrl reaches this workspace when it was saved. */
  publicUrlVerified?: boolean;
  /**
   * Local workspace only: a reverse proxy of the person's own, on this computer, forwards the
   * visitors; its X-Forwarded-For is believed (else every visitor counts as the proxy).
   */
  trustLocalProxy?: boolean;
}

export const PROFILE_NAME_MAX = 60;
export const API_KEY_MAX = 1000;
export const BASE_URL_MAX = 2000;

export type Checked<T> = { ok: true; value: T } | { ok: false; message: string };

/**
 * Turns what a person typed into a base URL: http(s) only, no user name or password, no query or
 * fragment, no trailing slash. A trailing `/api` is dropped too, because every API path already
 * starts with `/api` and pasting the API's own address is the most common slip.
 */
export function parseBaseUrl(text: string): Checked<string> {
  const trimmed = text.trim();
  if (!trimmed)
    return fail('Enter the address of the service, for example https://links.example.com.');
  if (trimmed.length > BASE_URL_MAX) return fail('That address is too long.');
  const read = readWebAddress(trimmed);
  if (!read.ok) return read;
  const url = read.value;
  if (url.username || url.password) {
    return fail(
      'Leave the user name and password out of the address: the API key is what signs you in.',
    );
  }
  if (url.hash || trimmed.includes('#')) return fail('Remove the part after # from the address.');
  if (url.search || trimmed.includes('?')) return fail('Remove the part after ? from the address.');
  let path = url.pathname.replace(/\/+$/, '');
  path = path.replace(/\/api$/i, '');
  return { ok: true, value: `${url.protocol}//${url.host}${path}` };
}

/** Typed text as a web address at all: a scheme, parsed by the URL parser, http(s), a host. */
export function readWebAddress(trimmed: string): Checked<URL> {
  if (!/^[a-z][a-z0-9+.-]*:/i.test(trimmed)) {
    return fail(`The address must start with https:// or http:// (for example https://${trimmed.replace(/^\/+/, '')}).`);
  }
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    return fail('That is not a valid web address. Check it for typos.');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return fail(`Only http:// and https:// addresses are supported, not ${url.protocol}//.`);
  }
  if (!url.hostname) return fail('The address has no host name.');
  return { ok: true, value: url };
}

/** The error message for a base URL field, or null when it is fine. */
export function validateBaseUrl(text: string): string | null {
  const checked = parseBaseUrl(text);
  return checked.ok ? null : checked.message;
}

export function parseProfileName(text: string): Checked<string> {
  const name = text.trim().replace(/\s+/g, ' ');
  if (!name) return fail('Give the profile a name.');
  if (name.length > PROFILE_NAME_MAX)
    return fail(`Keep the name under ${PROFILE_NAME_MAX + 1} characters.`);
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(name))
    return fail('The name cannot contain control characters.');
  return { ok: true, value: name };
}

export function validateProfileName(text: string): string | null {
  const checked = parseProfileName(text);
  return checked.ok ? null : checked.message;
}

/** Checks the shape of a pasted key. Messages never repeat the key: they may end up in logs. */
export function parseApiKey(text: string): Checked<string> {
  const key = text.trim();
  if (!key) return fail('Paste the API key from your account settings on the service.');
  if (key.length > API_KEY_MAX)
    return fail('That is too long to be an API key: check what you pasted.');
  if (/\s/.test(key))
    return fail('An API key has no spaces or line breaks: check that you copied only the key.');
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(key))
    return fail('The API key contains invisible characters: copy it again.');
  return { ok: true, value: key };
}

export function validateApiKey(text: string): string | null {
  const checked = parseApiKey(text);
  return checked.ok ? null : checked.message;
}

/** A default profile name for a connected service: its host name. */
export function defaultProfileName(baseUrl: string): string {
  try {
    return new URL(baseUrl).hostname || baseUrl;
  } catch {
    return baseUrl;
  }
}

const fail = (message: string): Checked<never> => ({ ok: false, message });
