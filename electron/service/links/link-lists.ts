import { badRequest } from '../errors.js';
import { countryCode } from '../../shared/countries.js';
import { usable, type DroppedItem } from './dropped.js';
import { checkNoNul, isCleared, readId, readWebUrl, shown } from './field-readers.js';

/*
 * A link's optional structured fields: the targeting lists, the pixels, the deep links and the
 * parameters. Each item the service cannot use (wrong shape, unknown country, device or language,
 * a target that is not a web address, a second row for the same key, text that cannot be stored…)
 * is dropped and recorded in `dropped`; the usable items are kept (see dropped.ts for why).
 *
 * A field that is not a list (or object) at all is dropped whole: on update the stored value then
 * stays, as if the field had been left out. Two shapes real PHP clients send are read as meant: a
 * list written as an object whose keys are all indices ({"0": …, "2": …}: json_encode of an array
 * with gaps), and a field sent as a string holding JSON ("[{\"name\": …}]": a client that encoded
 * the list itself before encoding the body, as one published client of this API does).
 */

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

/** Length limits (the spec leaves them open): generous for people, bounded for the database. */
export const LIST_LIMITS = {
  list: 300,
  pixels: 100,
  parameterName: 200,
  parameterValue: 2000,
} as const;

type Body = Record<string, unknown>;

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A string holding a JSON array or object, decoded; anything else as it is. */
function decodedJsonText(value: unknown): unknown {
  if (typeof value !== 'string' || !/^\s*[[{]/.test(value)) return value;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return value;
  }
}

/** The items of a list field; undefined when absent or dropped whole; [] when cleared. */
function readList(body: Body, field: string, max: number, dropped: DroppedItem[]): unknown[] | undefined {
  const value = decodedJsonText(body[field]);
  if (value === undefined) return undefined;
  if (isCleared(value)) return [];
  let items: unknown[];
  if (Array.isArray(value)) items = value;
  else if (isPlainObject(value) && Object.keys(value).every((k) => /^\d{1,9}$/.test(k)))
    items = Object.values(value);
  else {
    dropped.push({
      field,
      reason: `The field "${field}" must be an array; it was left out (on update the stored value stays).`,
    });
    return undefined;
  }
  if (items.length > max) {
    dropped.push({
      field: `${field}[${max}]`,
      reason: `The field "${field}" has ${items.length} entries; the first ${max} were kept and the ${items.length - max} after them left out.`,
    });
    items = items.slice(0, max);
  }
  return items;
}

function readEntry(item: unknown, field: string, keys: readonly string[]): Record<string, unknown> {
  if (!isPlainObject(item)) {
    throw badRequest(
      `Each entry of "${field.replace(/\[\d+\]$/, '')}" must be an object with ${keys.map((k) => `"${k}"`).join(' and ')}; ${field} is not.`,
    );
  }
  return item;
}

/** Keeps the usable items of a list, each read by `read` (which throws a 400 for an unusable one). */
function keepUsable<T>(
  items: unknown[],
  field: string,
  dropped: DroppedItem[],
  read: (item: unknown, path: string) => T,
): T[] {
  const kept: T[] = [];
  items.forEach((item, i) => {
    const path = `${field}[${i}]`;
    const value = usable(dropped, path, () => read(item, path));
    if (value !== undefined) kept.push(value);
  });
  return kept;
}

function readTargets<T>(
  body: Body,
  dropped: DroppedItem[],
  field: string,
  key: string,
  toKey: (raw: unknown, path: string) => string,
  make: (key: string, link: string) => T,
): T[] | undefined {
  const list = readList(body, field, LIST_LIMITS.list, dropped);
  if (list === undefined) return undefined;
  const seen = new Set<string>();
  return keepUsable(list, field, dropped, (item, path) => {
    const entry = readEntry(item, path, [key, 'link']);
    const value = toKey(entry[key], `${path}.${key}`);
    if (seen.has(value))
      throw badRequest(
        `The field "${field}" names ${shown(String(entry[key]))} more than once; the first usable entry for it is kept.`,
      );
    const target = make(value, readWebUrl(entry['link'], `${path}.link`));
    seen.add(value);
    return target;
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

export const readGeoTargets = (body: Body, dropped: DroppedItem[]) =>
  readTargets(body, dropped, 'geotarget', 'location', toCountry, (location, link): GeoTarget => ({
    location,
    link,
  }));

export const readDeviceTargets = (body: Body, dropped: DroppedItem[]) =>
  readTargets(body, dropped, 'devicetarget', 'device', toDevice, (device, link): DeviceTarget => ({
    device: device as Device,
    link,
  }));

export const readLanguageTargets = (body: Body, dropped: DroppedItem[]) =>
  readTargets(
    body,
    dropped,
    'languagetarget',
    'language',
    toLanguage,
    (language, link): LanguageTarget => ({ language, link }),
  );

/** Pixel ids, each once. Whether the user owns them is checked in link-references.ts. */
export function readPixels(body: Body, dropped: DroppedItem[]): number[] | undefined {
  const list = readList(body, 'pixels', LIST_LIMITS.pixels, dropped);
  if (list === undefined) return undefined;
  return [...new Set(keepUsable(list, 'pixels', dropped, (item, path) => readId(item, path, 'a pixel')))];
}

/*
 * Deep links. Accepted keys for the iOS store link: "apple", "ios", "appstore", "app_store";
 * for the Android store link: "google", "android", "playstore", "play_store" (the first usable
 * one counts). Stored as {apple?, google?, auto?}. `auto` (create only) asks the redirect to
 * derive app links from the long URL. On update the object replaces both store links; the stored
 * `auto` is kept.
 */
const APPLE_KEYS = ['apple', 'ios', 'appstore', 'app_store'];
const GOOGLE_KEYS = ['google', 'android', 'playstore', 'play_store'];

export function readDeepLink(
  body: Body,
  mode: 'create' | 'update',
  dropped: DroppedItem[],
): DeepLink | undefined {
  const value = decodedJsonText(body['deeplink']);
  if (value === undefined) return undefined;
  if (isCleared(value)) return {};
  if (!isPlainObject(value)) {
    dropped.push({
      field: 'deeplink',
      reason:
        'The field "deeplink" must be an object such as {"apple": "https://…", "google": "https://…"}; it was left out (on update the stored deep links stay).',
    });
    return undefined;
  }
  const store = (keys: string[]): string | undefined => {
    for (const key of keys) {
      if (value[key] === undefined || isCleared(value[key])) continue;
      const url = usable(dropped, `deeplink.${key}`, () => readWebUrl(value[key], `deeplink.${key}`));
      if (url !== undefined) return url;
    }
    return undefined;
  };
  const link: DeepLink = {};
  const apple = store(APPLE_KEYS);
  const google = store(GOOGLE_KEYS);
  if (apple !== undefined) link.apple = apple;
  if (google !== undefined) link.google = google;
  if (mode === 'create' && value['auto'] !== undefined && value['auto'] !== null) {
    if (typeof value['auto'] === 'boolean') link.auto = value['auto'];
    else
      dropped.push({
        field: 'deeplink.auto',
        reason: 'The field "deeplink.auto" must be true or false; it was left out.',
      });
  }
  return link;
}

export function readParameters(body: Body, dropped: DroppedItem[]): Parameter[] | undefined {
  const list = readList(body, 'parameters', LIST_LIMITS.list, dropped);
  if (list === undefined) return undefined;
  return keepUsable(list, 'parameters', dropped, (item, path) => {
    const entry = readEntry(item, path, ['name', 'value']);
    const name = entry['name'];
    if (typeof name !== 'string' || name.trim() === '') {
      throw badRequest(
        `The field "${path}.name" must be a non-empty string (the query parameter's name).`,
      );
    }
    if (name.length > LIST_LIMITS.parameterName)
      throw badRequest(
        `The field "${path}.name" is longer than ${LIST_LIMITS.parameterName} characters.`,
      );
    const raw = entry['value'] ?? '';
    if (typeof raw !== 'string' && typeof raw !== 'number') {
      throw badRequest(`The field "${path}.value" must be a string.`);
    }
    const value = String(raw);
    checkNoNul(name, `${path}.name`);
    checkNoNul(value, `${path}.value`);
    if (value.length > LIST_LIMITS.parameterValue)
      throw badRequest(
        `The field "${path}.value" is longer than ${LIST_LIMITS.parameterValue} characters.`,
      );
    return { name, value };
  });
}
