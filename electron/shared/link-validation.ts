/**
 * Checks of a short link's input fields, run in the editor before anything is queued. Pure (no
 * Node, no DOM): the rules and their wording follow the local link service
 * (electron/service/links/link-input.ts and aliases.ts) so that what a person reads before sending
 * is what the service would have said. The service checks again; these only spare a refusal that
 * would otherwise arrive later through the outbox.
 *
 * Every check answers a message for a person, or null. {@link validateLinkInput} gathers them as
 * `{ field → message }`, where field is a path such as `url`, `geoTarget.0.link` or `deepLink.apple`.
 */
import { countryCode } from './countries.js';
import type { DeepLinks, LinkInput, UrlParameter } from './models.js';

export type FieldMessages = Record<string, string>;

export const CUSTOM_ALIAS_MIN = 3;
export const CUSTOM_ALIAS_MAX = 64;
/** Paths the service answers itself (see the service's aliases.ts); compared case-insensitively. */
export const RESERVED_ALIASES: readonly string[] = ['api', 'r', 'c', 'admin', 'static', 'assets', 'favicon.ico', 'robots.txt', 'health'];

/** The device names the service targets. */
export const DEVICES = ['iphone', 'ipad', 'android', 'windows phone', 'windows', 'macos', 'linux', 'blackberry'] as const;

/**
 * Length and count limits: the stricter of the service's (link-input.ts) and the bridge's
 * argument schemas (schemas.ts), so nothing the editor lets through is refused on the way.
 */
export const LINK_LIMITS = {
  metaTitle: 255,
  metaDescription: 2000,
  note: 10_000,
  password: 255,
  geoRows: 250,
  deviceRows: 50,
  languageRows: 250,
  parameters: 100,
  parameterName: 200,
  parameterValue: 2000,
} as const;

const EXPIRY_PATTERN = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/;

/**
 * A web address a short link may lead to: http(s) only. A refused scheme is named, because
 * "javascript:", "data:" and "file:" links are what people paste by mistake.
 */
export function validateWebUrl(value: string, label = 'The URL', required = true): string | null {
  const text = value.trim();
  if (text === '') return required ? `${label} is required: enter a web address starting with http:// or https://.` : null;
  if (/\p{Cc}/u.test(text)) return `${label} contains control characters (such as line breaks); remove them.`;
  // "host:8080/path" has no scheme, just a port.
  const scheme = /^([a-z][a-z0-9+.-]*):(?!\d)/i.exec(text)?.[1]?.toLowerCase();
  if (scheme !== undefined && scheme !== 'http' && scheme !== 'https') {
    return `${label} uses the "${scheme}:" scheme; only http:// and https:// web addresses are allowed.`;
  }
  if (scheme === undefined) return `${label} is not a full web address: it must start with http:// or https://.`;
  // Browsers read "http:/\evil.example" and "https:evil.example" as somewhere else than a person does.
  if (!/^https?:\/\/(?:[^/\\]|$)/i.test(text) || /^[^?#]*\\/.test(text)) {
    return `${label} must be written http://host/… or https://host/…, with two forward slashes and no backslashes.`;
  }
  try {
    const url = new URL(text);
    if (url.hostname === '') return `${label} has no host name; write it like https://example.com/page.`;
  } catch {
    return `${label} is not a valid web address.`;
  }
  return null;
}

/** An optional custom alias: characters, length and reserved words, in the service's words. */
export function validateCustomAlias(value: string): string | null {
  const alias = value.trim();
  if (alias === '') return null;
  if (alias.length < CUSTOM_ALIAS_MIN || alias.length > CUSTOM_ALIAS_MAX) {
    return `The custom alias must be ${CUSTOM_ALIAS_MIN} to ${CUSTOM_ALIAS_MAX} characters long; this one has ${alias.length}.`;
  }
  if (!/^[A-Za-z0-9_-]+$/.test(alias)) return 'The custom alias may contain only letters A-Z and a-z, digits, "-" and "_".';
  if (RESERVED_ALIASES.includes(alias.toLowerCase())) return `The custom alias "${alias}" is reserved by the service. Choose another one.`;
  return null;
}

/** Unix ms of a `YYYY-MM-DD HH:MM:SS` UTC date-time, or null when it is not one (or not a real date). */
export function parseExpiry(text: string): number | null {
  const m = EXPIRY_PATTERN.exec(text.trim());
  if (!m) return null;
  const [y, mo, d, h, mi, s] = m.slice(1).map(Number) as [number, number, number, number, number, number];
  const at = Date.UTC(y, mo - 1, d, h, mi, s);
  const back = new Date(at);
  // Date.UTC rolls 2030-02-30 over to March: refuse dates that do not exist.
  if (back.getUTCFullYear() !== y || back.getUTCMonth() !== mo - 1 || back.getUTCDate() !== d || h > 23 || mi > 59 || s > 59) return null;
  return at;
}

/** `YYYY-MM-DD HH:MM:SS` in UTC, as the service takes an expiry. */
export function formatExpiry(at: number): string {
  return new Date(at).toISOString().slice(0, 19).replace('T', ' ');
}

/** An optional expiry: a real `YYYY-MM-DD HH:MM:SS` UTC date-time after `now`. */
export function validateExpiry(value: string, now: number): string | null {
  const text = value.trim();
  if (text === '') return null;
  const at = parseExpiry(text);
  if (at === null) return `The expiry "${text}" is not a date and time: write it YYYY-MM-DD HH:MM:SS (UTC), such as 2030-12-31 23:59:00.`;
  if (at <= now) return `The expiry ${text} UTC is in the past (it is now ${formatExpiry(now)} UTC). Choose a future date and time.`;
  return null;
}

/** An optional meta image: an http(s) link to a .jpg, .jpeg or .png file. */
export function validateMetaImage(value: string): string | null {
  const text = value.trim();
  if (text === '') return null;
  const urlMessage = validateWebUrl(text, 'The meta image');
  if (urlMessage) return urlMessage;
  if (!/\.(jpe?g|png)$/i.test(new URL(text).pathname)) return 'The meta image must link to a .jpg, .jpeg or .png image.';
  return null;
}

/** An optional password: the service keeps up to {@link LINK_LIMITS.password} characters. */
export function validateLinkPassword(value: string): string | null {
  if (value.length > LINK_LIMITS.password) return `The password is ${value.length} characters long; keep it to ${LINK_LIMITS.password}.`;
  return null;
}

export function validateDevice(value: string): string | null {
  const device = value.trim().toLowerCase().replace(/\s+/g, ' ');
  if (device === '') return 'Choose a device.';
  if (!(DEVICES as readonly string[]).includes(device)) return `Choose one of the devices: ${DEVICES.join(', ')}.`;
  return null;
}

/**
 * A country the service can target: a two-letter ISO code or an English name as people type it
 * ("Germany", "usa", "Côte d'Ivoire"), read with the same table as the local service's. A name no
 * visitor can come from ("Narnia") would be left out by the service without a word, so it is
 * refused here, next to the field.
 */
export function validateCountry(value: string): string | null {
  const text = value.trim();
  if (text === '') return 'Choose a country.';
  if (countryCode(text)) return null;
  return /^[A-Za-z]{2}$/.test(text)
    ? `"${text}" is not a country code: use a two-letter ISO code such as "DE", or a name such as "Germany".`
    : `"${text}" is not a country Linkdeck knows: give its English name, such as "Germany", or a two-letter ISO code such as "DE".`;
}

/** A language code such as `en`, `fr` or `pt-BR`. */
export function validateLanguage(value: string): string | null {
  const tag = value.trim();
  if (tag === '') return 'Choose a language.';
  const message = `"${tag}" is not a language code: use one such as "en", "fr" or "pt-BR".`;
  if (!/^[a-z]{2,3}(-[a-z0-9]{2,8})*$/i.test(tag)) return message;
  try {
    Intl.getCanonicalLocales(tag);
  } catch {
    return message;
  }
  return null;
}

/** Targeting rows as a form holds them: the key (country, device or language) and the target URL. */
export interface TargetRow {
  key: string;
  link: string;
}

export type TargetKind = 'geoTarget' | 'deviceTarget' | 'languageTarget';

const TARGET_WORDS: Record<TargetKind, { what: string; max: number; check: (v: string) => string | null; norm: (v: string) => string }> = {
  geoTarget: { what: 'country', max: LINK_LIMITS.geoRows, check: validateCountry, norm: (v) => v.trim().toLowerCase() },
  deviceTarget: { what: 'device', max: LINK_LIMITS.deviceRows, check: validateDevice, norm: (v) => v.trim().toLowerCase().replace(/\s+/g, ' ') },
  languageTarget: { what: 'language', max: LINK_LIMITS.languageRows, check: validateLanguage, norm: (v) => v.trim().toLowerCase() },
};

/** Each row: its key (valid, and not twice) and its target URL; messages at `<kind>.<i>.key|link`. */
export function validateTargetRows(kind: TargetKind, rows: readonly TargetRow[]): FieldMessages {
  const out: FieldMessages = {};
  const words = TARGET_WORDS[kind];
  if (rows.length > words.max) out[kind] = `Keep to ${words.max} rows; there are ${rows.length}.`;
  const seen = new Set<string>();
  rows.forEach((row, i) => {
    const keyMessage = words.check(row.key);
    if (keyMessage) out[`${kind}.${i}.key`] = keyMessage;
    else if (seen.has(words.norm(row.key))) out[`${kind}.${i}.key`] = `This ${words.what} already has a row; keep one row for it.`;
    seen.add(words.norm(row.key));
    const linkMessage = validateWebUrl(row.link, 'The target URL');
    if (linkMessage) out[`${kind}.${i}.link`] = linkMessage;
  });
  return out;
}

/** The two app-store links, each optional: http(s) web addresses. */
export function validateDeepLinks(deepLink: DeepLinks | undefined): FieldMessages {
  const out: FieldMessages = {};
  const apple = validateWebUrl(deepLink?.apple ?? '', 'The App Store link', false);
  const google = validateWebUrl(deepLink?.google ?? '', 'The Google Play link', false);
  if (apple) out['deepLink.apple'] = apple;
  if (google) out['deepLink.google'] = google;
  return out;
}

/** Parameter rows: a name is required; names and values within the service's lengths. */
export function validateParameters(rows: readonly UrlParameter[]): FieldMessages {
  const out: FieldMessages = {};
  if (rows.length > LINK_LIMITS.parameters) out['parameters'] = `Keep to ${LINK_LIMITS.parameters} parameters; there are ${rows.length}.`;
  rows.forEach((row, i) => {
    if (row.name.trim() === '') out[`parameters.${i}.name`] = "Enter the parameter's name, or remove the row.";
    else if (row.name.length > LINK_LIMITS.parameterName) out[`parameters.${i}.name`] = `Keep the name to ${LINK_LIMITS.parameterName} characters.`;
    if (row.value.length > LINK_LIMITS.parameterValue) out[`parameters.${i}.value`] = `Keep the value to ${LINK_LIMITS.parameterValue} characters.`;
  });
  return out;
}

function tooLong(out: FieldMessages, field: string, label: string, value: string | undefined, max: number): void {
  if (value !== undefined && value.length > max) out[field] = `${label} is ${value.length} characters long; keep it to ${max}.`;
}

export interface LinkValidationOptions {
  mode: 'create' | 'edit';
  /** Unix ms, to judge the expiry. */
  now: number;
  /** In edit mode, an expiry left as it was is not judged again (it may have passed meanwhile). */
  unchangedExpiry?: string | null;
}

/** Every field of a link's input: `{ field → message }`, empty when all is well. */
export function validateLinkInput(input: LinkInput, options: LinkValidationOptions): FieldMessages {
  const out: FieldMessages = {};
  const put = (field: string, message: string | null) => {
    if (message) out[field] = message;
  };
  put('url', validateWebUrl(input.url ?? '', 'The URL'));
  put('custom', validateCustomAlias(input.custom ?? ''));
  put('password', validateLinkPassword(input.password ?? ''));
  const expiry = input.expiry ?? '';
  if (!(options.mode === 'edit' && expiry !== '' && expiry === options.unchangedExpiry)) put('expiry', validateExpiry(expiry, options.now));
  put('metaImage', validateMetaImage(input.metaImage ?? ''));
  tooLong(out, 'metaTitle', 'The meta title', input.metaTitle, LINK_LIMITS.metaTitle);
  tooLong(out, 'metaDescription', 'The meta description', input.metaDescription, LINK_LIMITS.metaDescription);
  tooLong(out, 'description', 'The note', input.description, LINK_LIMITS.note);
  Object.assign(
    out,
    validateTargetRows('geoTarget', (input.geoTarget ?? []).map((t) => ({ key: t.location, link: t.link }))),
    validateTargetRows('deviceTarget', (input.deviceTarget ?? []).map((t) => ({ key: t.device, link: t.link }))),
    validateTargetRows('languageTarget', (input.languageTarget ?? []).map((t) => ({ key: t.language, link: t.link }))),
    validateDeepLinks(input.deepLink),
    validateParameters(input.parameters ?? []),
  );
  return out;
}
