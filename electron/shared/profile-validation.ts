/**
 * Profiles as every side sees them, and the checks the profile forms need. Pure TypeScript: the
 * renderer runs these while the user types, and the backend runs the same ones before it saves.
 * A profile never holds its API key: the key lives in the OS keychain under the profile id.
 * Each refusal is a message key with arguments (`ref`, issue 44: shown in the person's language)
 * and its English (`message`: logs, the command line, older readers).
 */
import { englishText, type MessageRef } from './message-ref.js';

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

export type Checked<T> = { ok: true; value: T } | { ok: false; message: string; ref?: MessageRef };

/**
 * Turns what a person typed into a base URL: http(s) only, no user name or password, no query or
 * fragment, no trailing slash. A trailing `/api` is dropped too, because every API path already
 * starts with `/api` and pasting the API's own address is the most common slip.
 */
export function parseBaseUrl(text: string): Checked<string> {
  const trimmed = text.trim();
  if (!trimmed)
    return fail({ key: 'validation.profile.baseUrlEmpty' });
  if (trimmed.length > BASE_URL_MAX) return fail({ key: 'validation.profile.addressTooLong' });
  const read = readWebAddress(trimmed);
  if (!read.ok) return read;
  const url = read.value;
  if (url.username || url.password) {
    return fail({ key: 'validation.profile.noUserInAddress' });
  }
  if (url.hash || trimmed.includes('#')) return fail({ key: 'validation.profile.noFragment' });
  if (url.search || trimmed.includes('?')) return fail({ key: 'validation.profile.noQuery' });
  let path = url.pathname.replace(/\/+$/, '');
  path = path.replace(/\/api$/i, '');
  return { ok: true, value: `${url.protocol}//${url.host}${path}` };
}

/** Typed text as a web address at all: a scheme, parsed by the URL parser, http(s), a host. */
export function readWebAddress(trimmed: string): Checked<URL> {
  if (!/^[a-z][a-z0-9+.-]*:/i.test(trimmed)) {
    return fail({ key: 'validation.profile.noScheme', params: { example: `https://${trimmed.replace(/^\/+/, '')}` } });
  }
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    return fail({ key: 'validation.profile.notAnAddress' });
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return fail({ key: 'validation.profile.onlyHttp', params: { scheme: `${url.protocol}//` } });
  }
  if (!url.hostname) return fail({ key: 'validation.profile.noHost' });
  return { ok: true, value: url };
}

/** The error message for a base URL field, or null when it is fine. */
export const baseUrlIssue = (text: string): MessageRef | null => refOf(parseBaseUrl(text));

export function validateBaseUrl(text: string): string | null {
  const checked = parseBaseUrl(text);
  return checked.ok ? null : checked.message;
}

export function parseProfileName(text: string): Checked<string> {
  const name = text.trim().replace(/\s+/g, ' ');
  if (!name) return fail({ key: 'validation.profile.nameEmpty' });
  if (name.length > PROFILE_NAME_MAX)
    return fail({ key: 'validation.profile.nameTooLong', params: { max: PROFILE_NAME_MAX + 1 } });
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(name))
    return fail({ key: 'validation.profile.nameControl' });
  return { ok: true, value: name };
}

export const profileNameIssue = (text: string): MessageRef | null => refOf(parseProfileName(text));

export function validateProfileName(text: string): string | null {
  const checked = parseProfileName(text);
  return checked.ok ? null : checked.message;
}

/** Checks the shape of a pasted key. Messages never repeat the key: they may end up in logs. */
export function parseApiKey(text: string): Checked<string> {
  const key = text.trim();
  if (!key) return fail({ key: 'validation.profile.keyEmpty' });
  if (key.length > API_KEY_MAX)
    return fail({ key: 'validation.profile.keyTooLong' });
  if (/\s/.test(key))
    return fail({ key: 'validation.profile.keySpaces' });
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(key))
    return fail({ key: 'validation.profile.keyInvisible' });
  return { ok: true, value: key };
}

export const apiKeyIssue = (text: string): MessageRef | null => refOf(parseApiKey(text));

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

const fail = (ref: MessageRef): Checked<never> => ({ ok: false, message: englishText(ref), ref });
const refOf = (checked: Checked<unknown>): MessageRef | null => (checked.ok ? null : (checked.ref ?? null));
