import { badRequest } from '../errors.js';
import { formatDateTime, parseDateTime } from '../format.js';
import { isWebUrl } from '../urls.js';
import { checkCustomAlias } from './aliases.js';
import { countryCode } from './countries.js';

/*
 * Validation of the spec's link input fields (POST /api/url/add, PUT /api/url/:id/update).
 * Pure: no database. Ids (pixels, channel, campaign, splash page, overlay) and the domain are
 * only checked for form here; link-references.ts checks that the user owns them.
 *
 * Absent and empty are different: a field missing from the body is `undefined` in LinkInput
 * (on update: keep the stored value), while "" / null / [] / {} is the cleared value (no password,
 * no expiry, no targets, the service's own domain, redirect type `direct`…). Fields of other
 * types are a 400 naming the field; fields the spec does not define are ignored.
 */

export type InputMode = 'create' | 'update';

/**
 * Redirect type. Input forms: "direct", "frame", "splash" (case-insensitive); a splash page id
 * as a number or numeric string (3, "3") → 'splash-page'; an overlay id written "overlay-<id>"
 * → 'overlay'. The spec lists the ids for create only; update accepts them too, so every
 * redirect type can be set on an existing link.
 */
export type RedirectChoice =
  | { kind: 'direct' | 'frame' | 'splash' }
  | { kind: 'splash-page'; id: number }
  | { kind: 'overlay'; id: number };

export const DEVICES = [
  'iphone',
  'ipad',
  'android',
  'windows phone',
  'windows',
  'macos',
  'linux',
  'blackberry',
] as const;
export type Device = (typeof DEVICES)[number];

/** location: ISO 3166 alpha-2, upper case (the redirect matches the visitor's country code). */
export interface GeoTarget {
  location: string;
  link: string;
}
export interface DeviceTarget {
  device: Device;
  link: string;
}
/** language: the full tag in lower case ("en", "pt-br"); the redirect may fall back to the primary subtag. */
export interface LanguageTarget {
  language: string;
  link: string;
}
export interface DeepLink {
  apple?: string;
  google?: string;
  auto?: boolean;
}
export interface Parameter {
  name: string;
  value: string;
}

export interface LinkInput {
  url: string;
  /** undefined: a random alias (create) or the current one (update). */
  custom?: string;
  type?: RedirectChoice;
  /** null: no password. */
  password?: string | null;
  /** null: the service's own host; else a branded domain as given (URL or bare host). */
  domain?: string | null;
  /** Unix ms; null: never expires. */
  expiry?: number | null;
  geotarget?: GeoTarget[];
  devicetarget?: DeviceTarget[];
  languagetarget?: LanguageTarget[];
  metatitle?: string;
  metadescription?: string;
  metaimage?: string;
  /** The note (create only). */
  description?: string;
  pixels?: number[];
  /** null: no channel. */
  channel?: number | null;
  /** null: no campaign. */
  campaign?: number | null;
  deeplink?: DeepLink;
  /** Create only. */
  status?: 'public' | 'private';
  parameters?: Parameter[];
}

/** Length limits (the spec leaves them open): generous for people, bounded for the database. */
export const LIMITS = {
  metatitle: 500,
  metadescription: 2000,
  description: 10_000,
  password: 1024,
  list: 300,
  pixels: 100,
  parameterName: 200,
  parameterValue: 2000,
} as const;

type Body = Record<string, unknown>;

const shown = (text: string) => JSON.stringify(text.length > 100 ? `${text.slice(0, 100)}…` : text);
const isCleared = (value: unknown) => value === null || value === '';

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * SQLite (through libsql) would silently cut a text at its first NUL character and replace half
 * a surrogate pair with U+FFFD: refuse such text instead of storing something else.
 */
function checkNoNul(value: string, field: string): void {
  if (value.includes('\u0000'))
    throw badRequest(
      `The field "${field}" contains a NUL character (\\u0000), which cannot be stored. Remove it.`,
    );
  if (LONE_SURROGATE.test(value))
    throw badRequest(
      `The field "${field}" contains half of a surrogate pair (a broken emoji or other character), which cannot be stored. Remove it.`,
    );
}

function readString(body: Body, field: string, max?: number): string | undefined {
  const value = body[field];
  if (value === undefined) return undefined;
  if (value === null) return '';
  if (typeof value !== 'string') throw badRequest(`The field "${field}" must be a string.`);
  checkNoNul(value, field);
  if (max !== undefined && value.length > max) {
    throw badRequest(
      `The field "${field}" is ${value.length} characters long; the most it may have is ${max}.`,
    );
  }
  return value;
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

function readId(value: unknown, field: string, what: string): number {
  const id =
    typeof value === 'string' && /^\d{1,15}$/.test(value.trim()) ? Number(value.trim()) : value;
  if (typeof id !== 'number' || !Number.isSafeInteger(id) || id < 1) {
    throw badRequest(`The field "${field}" must be ${what} id (a whole number of at least 1).`);
  }
  return id;
}

function readOptionalId(body: Body, field: string, what: string): number | null | undefined {
  const value = body[field];
  if (value === undefined) return undefined;
  // 0 is how several clients of this API say "none".
  if (isCleared(value) || value === 0 || value === '0') return null;
  return readId(value, field, what);
}

function readList(body: Body, field: string, max: number): unknown[] | undefined {
  const value = body[field];
  if (value === undefined) return undefined;
  if (isCleared(value)) return [];
  if (!Array.isArray(value)) throw badRequest(`The field "${field}" must be an array.`);
  if (value.length > max)
    throw badRequest(
      `The field "${field}" has ${value.length} entries; the most it may have is ${max}.`,
    );
  return value;
}

function readEntry(item: unknown, field: string, keys: readonly string[]): Record<string, unknown> {
  if (typeof item !== 'object' || item === null || Array.isArray(item)) {
    throw badRequest(
      `Each entry of "${field.replace(/\[\d+\]$/, '')}" must be an object with ${keys.map((k) => `"${k}"`).join(' and ')}; ${field} is not.`,
    );
  }
  return item as Record<string, unknown>;
}

function readTargets<T>(
  body: Body,
  field: string,
  key: string,
  toKey: (raw: unknown, path: string) => string,
  make: (key: string, link: string) => T,
): T[] | undefined {
  const list = readList(body, field, LIMITS.list);
  if (list === undefined) return undefined;
  const seen = new Set<string>();
  return list.map((item, i) => {
    const entry = readEntry(item, `${field}[${i}]`, [key, 'link']);
    const value = toKey(entry[key], `${field}[${i}].${key}`);
    if (seen.has(value))
      throw badRequest(
        `The field "${field}" names ${shown(String(entry[key]))} more than once; keep one entry for it.`,
      );
    seen.add(value);
    return make(value, readWebUrl(entry['link'], `${field}[${i}].link`));
  });
}

function toCountry(raw: unknown, path: string): string {
  if (typeof raw !== 'string')
    throw badRequest(
      `The field "${path}" must be a string: a country name or its two-letter ISO code.`,
    );
  const code = countryCode(raw);
  if (!code)
    throw badRequest(
      `The field "${path}" (${shown(raw)}) is not a country: give an English country name such as "Germany" or a two-letter ISO code such as "DE".`,
    );
  return code;
}

function toDevice(raw: unknown, path: string): Device {
  const device =
    typeof raw === 'string' ? raw.trim().toLowerCase().replace(/\s+/g, ' ') : undefined;
  const known = DEVICES.find((d) => d === device);
  if (!known)
    throw badRequest(
      `The field "${path}" must be one of ${DEVICES.map((d) => `"${d}"`).join(', ')}.`,
    );
  return known;
}

function toLanguage(raw: unknown, path: string): string {
  if (typeof raw !== 'string')
    throw badRequest(
      `The field "${path}" must be a string: a language code such as "en" or "pt-BR".`,
    );
  const tag = raw.trim();
  // Language plus optional script/region subtags; no private-use or grandfathered oddities.
  if (!/^[a-z]{2,3}(-[a-z0-9]{2,8})*$/i.test(tag)) {
    throw badRequest(
      `The field "${path}" (${shown(raw)}) is not a language code: use one such as "en", "fr" or "pt-BR".`,
    );
  }
  try {
    Intl.getCanonicalLocales(tag);
  } catch {
    throw badRequest(`The field "${path}" (${shown(raw)}) is not a valid language code.`);
  }
  return tag.toLowerCase();
}

function readRedirectType(body: Body): RedirectChoice | undefined {
  const value = body['type'];
  if (value === undefined) return undefined;
  if (isCleared(value)) return { kind: 'direct' };
  const message =
    'The field "type" must be "direct", "frame", "splash", a splash page id (such as 3) or an overlay id written "overlay-<id>" (such as "overlay-2").';
  if (typeof value === 'number')
    return { kind: 'splash-page', id: readId(value, 'type', 'a splash page') };
  if (typeof value !== 'string') throw badRequest(message);
  const text = value.trim().toLowerCase();
  if (text === 'direct' || text === 'frame' || text === 'splash') return { kind: text };
  if (/^\d{1,15}$/.test(text))
    return { kind: 'splash-page', id: readId(text, 'type', 'a splash page') };
  const overlay = /^overlay-(\d{1,15})$/.exec(text);
  if (overlay) return { kind: 'overlay', id: readId(overlay[1], 'type', 'an overlay') };
  throw badRequest(message);
}

function readExpiry(body: Body, mode: InputMode, now: number): number | null | undefined {
  const value = body['expiry'];
  if (value === undefined) return undefined;
  if (isCleared(value)) return null;
  if (typeof value !== 'string')
    throw badRequest(
      'The field "expiry" must be a string: a date and time written YYYY-MM-DD HH:MM:SS (UTC).',
    );
  const at = parseDateTime(value);
  if (at === null) {
    throw badRequest(
      `The field "expiry" (${shown(value)}) is not a date and time: write it YYYY-MM-DD HH:MM:SS (UTC), such as 2030-12-31 23:59:00.`,
    );
  }
  // On update a past expiry is allowed: it is how a link is made to expire now.
  if (mode === 'create' && at <= now) {
    throw badRequest(
      `The expiry ${formatDateTime(at)} is in the past (it is now ${formatDateTime(now)} UTC). Give a future date and time.`,
    );
  }
  return at;
}

function readMetaImage(body: Body): string | undefined {
  const value = readString(body, 'metaimage');
  if (value === undefined || value === '') return value;
  const url = readWebUrl(value, 'metaimage');
  if (!/\.(jpe?g|png)$/i.test(new URL(url).pathname)) {
    throw badRequest('The field "metaimage" must link to a .jpg, .jpeg or .png image.');
  }
  return url;
}

function readPixels(body: Body): number[] | undefined {
  const list = readList(body, 'pixels', LIMITS.pixels);
  if (list === undefined) return undefined;
  return [...new Set(list.map((item, i) => readId(item, `pixels[${i}]`, 'a pixel')))];
}

/*
 * Deep links. Accepted keys for the iOS store link: "apple", "ios", "appstore", "app_store";
 * for the Android store link: "google", "android", "playstore", "play_store". Stored as
 * {apple?, google?, auto?}. `auto` (create only) asks the redirect to derive app links from the
 * long URL. On update the object replaces both store links; the stored `auto` is kept.
 */
const APPLE_KEYS = ['apple', 'ios', 'appstore', 'app_store'];
const GOOGLE_KEYS = ['google', 'android', 'playstore', 'play_store'];

function readDeepLink(body: Body, mode: InputMode): DeepLink | undefined {
  const value = body['deeplink'];
  if (value === undefined) return undefined;
  if (isCleared(value)) return {};
  if (typeof value !== 'object' || Array.isArray(value)) {
    throw badRequest(
      'The field "deeplink" must be an object such as {"apple": "https://…", "google": "https://…"}.',
    );
  }
  const entry = value as Record<string, unknown>;
  const store = (keys: string[]): string | undefined => {
    const key = keys.find((k) => entry[k] !== undefined && !isCleared(entry[k]));
    return key === undefined ? undefined : readWebUrl(entry[key], `deeplink.${key}`);
  };
  const link: DeepLink = {};
  const apple = store(APPLE_KEYS);
  const google = store(GOOGLE_KEYS);
  if (apple !== undefined) link.apple = apple;
  if (google !== undefined) link.google = google;
  if (mode === 'create' && entry['auto'] !== undefined && entry['auto'] !== null) {
    if (typeof entry['auto'] !== 'boolean')
      throw badRequest('The field "deeplink.auto" must be true or false.');
    link.auto = entry['auto'];
  }
  return link;
}

function readStatus(body: Body): 'public' | 'private' | undefined {
  const value = body['status'];
  if (value === undefined || isCleared(value)) return undefined;
  const status = typeof value === 'string' ? value.trim().toLowerCase() : undefined;
  if (status !== 'public' && status !== 'private')
    throw badRequest('The field "status" must be "public" or "private".');
  return status;
}

function readParameters(body: Body): Parameter[] | undefined {
  const list = readList(body, 'parameters', LIMITS.list);
  if (list === undefined) return undefined;
  return list.map((item, i) => {
    const entry = readEntry(item, `parameters[${i}]`, ['name', 'value']);
    const name = entry['name'];
    if (typeof name !== 'string' || name.trim() === '') {
      throw badRequest(
        `The field "parameters[${i}].name" must be a non-empty string (the query parameter's name).`,
      );
    }
    if (name.length > LIMITS.parameterName)
      throw badRequest(
        `The field "parameters[${i}].name" is longer than ${LIMITS.parameterName} characters.`,
      );
    const raw = entry['value'] ?? '';
    if (typeof raw !== 'string' && typeof raw !== 'number') {
      throw badRequest(`The field "parameters[${i}].value" must be a string.`);
    }
    const value = String(raw);
    checkNoNul(name, `parameters[${i}].name`);
    checkNoNul(value, `parameters[${i}].value`);
    if (value.length > LIMITS.parameterValue)
      throw badRequest(
        `The field "parameters[${i}].value" is longer than ${LIMITS.parameterValue} characters.`,
      );
    return { name, value };
  });
}

function readCustomAlias(body: Body): string | undefined {
  const value = body['custom'];
  // An empty alias cannot be cleared to anything: it means "none given".
  if (value === undefined || isCleared(value)) return undefined;
  if (typeof value !== 'string')
    throw badRequest('The field "custom" must be a string (the custom alias).');
  return checkCustomAlias(value.trim());
}

/** Reads and checks a create or update body; `now` (unix ms) judges past expiries. */
export function parseLinkInput(raw: unknown, mode: InputMode, now: number): LinkInput {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    throw badRequest(
      'The request body must be a JSON object with the link\'s fields, such as {"url": "https://example.com/page"}.',
    );
  }
  const body = raw as Body;
  if (body['url'] === undefined || isCleared(body['url'])) {
    throw badRequest('The field "url" is required: the long URL the short link leads to.');
  }
  const input: LinkInput = { url: readWebUrl(body['url'], 'url') };
  const set = <K extends keyof LinkInput>(key: K, value: LinkInput[K] | undefined) => {
    if (value !== undefined) input[key] = value;
  };
  set('custom', readCustomAlias(body));
  set('type', readRedirectType(body));
  const password = readString(body, 'password', LIMITS.password);
  set('password', password === undefined ? undefined : password === '' ? null : password);
  const domain = readString(body, 'domain', 300);
  set('domain', domain === undefined ? undefined : domain.trim() === '' ? null : domain.trim());
  set('expiry', readExpiry(body, mode, now));
  set(
    'geotarget',
    readTargets(body, 'geotarget', 'location', toCountry, (location, link) => ({ location, link })),
  );
  set(
    'devicetarget',
    readTargets(body, 'devicetarget', 'device', toDevice, (device, link) => ({
      device: device as Device,
      link,
    })),
  );
  set(
    'languagetarget',
    readTargets(body, 'languagetarget', 'language', toLanguage, (language, link) => ({
      language,
      link,
    })),
  );
  set('metatitle', readString(body, 'metatitle', LIMITS.metatitle));
  set('metadescription', readString(body, 'metadescription', LIMITS.metadescription));
  set('metaimage', readMetaImage(body));
  set('pixels', readPixels(body));
  set('channel', readOptionalId(body, 'channel', 'a channel'));
  set('campaign', readOptionalId(body, 'campaign', 'a campaign'));
  set('deeplink', readDeepLink(body, mode));
  set('parameters', readParameters(body));
  // The note: create-only in the spec, but real deployments read it on update too (and clear it
  // when it is left out); here an update that carries it changes it and one without keeps it.
  set('description', readString(body, 'description', LIMITS.description));
  // The status is set on create only; an update body carrying it is not an error.
  if (mode === 'create') set('status', readStatus(body));
  return input;
}
