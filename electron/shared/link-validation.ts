/**
 * Checks of a short link's input fields, run in the editor before anything is queued. Pure (no
 * Node, no DOM): the rules and their wording follow the local link service
 * (electron/service/links/link-input.ts and aliases.ts) so that what a person reads before sending
 * is what the service would have said. The service checks again; these only spare a refusal that
 * would otherwise arrive later through the outbox.
 *
 * Every check answers a message for a person, or null: as a message key with arguments (the
 * `…Issue` functions, shown in the person's language; issue 44) and in English (the `validate…`
 * ones, for the command line and logs). {@link linkInputIssues} gathers them as
 * `{ field → message }`, where field is a path such as `url`, `geoTarget.0.link` or `deepLink.apple`.
 */
import { countryCode } from './countries.js';
import { englishText, msg, nameList, type MessageRef } from './message-ref.js';
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

/** Where a web address is asked for: the `label` of the `validation.link.*` URL messages. */
export type UrlLabel = 'url' | 'metaImage' | 'target' | 'appStore' | 'googlePlay';
const URL_LABELS: Record<UrlLabel, MessageRef> = {
  url: msg('validation.link.label.url'),
  metaImage: msg('validation.link.label.metaImage'),
  target: msg('validation.link.label.target'),
  appStore: msg('validation.link.label.appStore'),
  googlePlay: msg('validation.link.label.googlePlay'),
};
const english = (ref: MessageRef | null): string | null => (ref ? englishText(ref) : null);

/**
 * A web address a short link may lead to: http(s) only. A refused scheme is named, because
 * "javascript:", "data:" and "file:" links are what people paste by mistake.
 */
export function webUrlIssue(value: string, labelOf: UrlLabel = 'url', required = true): MessageRef | null {
  const text = value.trim();
  const label = URL_LABELS[labelOf] ?? URL_LABELS.url;
  if (text === '') return required ? msg('validation.link.urlRequired', { label }) : null;
  if (/\p{Cc}/u.test(text)) return msg('validation.link.urlControl', { label });
  // "host:8080/path" has no scheme, just a port.
  const scheme = /^([a-z][a-z0-9+.-]*):(?!\d)/i.exec(text)?.[1]?.toLowerCase();
  if (scheme !== undefined && scheme !== 'http' && scheme !== 'https') return msg('validation.link.urlScheme', { label, scheme });
  if (scheme === undefined) return msg('validation.link.urlNotFull', { label });
  // Browsers read "http:/\evil.example" and "https:evil.example" as somewhere else than a person does.
  if (!/^https?:\/\/(?:[^/\\]|$)/i.test(text) || /^[^?#]*\\/.test(text)) return msg('validation.link.urlSlashes', { label });
  try {
    const url = new URL(text);
    if (url.hostname === '') return msg('validation.link.urlNoHost', { label });
  } catch {
    return msg('validation.link.urlInvalid', { label });
  }
  return null;
}

/** English words older callers pass as the label. */
const LABEL_WORDS: Record<string, UrlLabel> = { 'The URL': 'url', 'The target URL': 'target', 'The meta image': 'metaImage' };

/** In English; `label` names the field ('url' …), or is the English words of an older caller ("The URL"). */
export function validateWebUrl(value: string, label: UrlLabel | 'The URL' | 'The target URL' | 'The meta image' = 'url', required = true): string | null {
  return english(webUrlIssue(value, LABEL_WORDS[label] ?? (label as UrlLabel), required));
}

/** An optional custom alias: characters, length and reserved words, in the service's words. */
export function customAliasIssue(value: string): MessageRef | null {
  const alias = value.trim();
  if (alias === '') return null;
  if (alias.length < CUSTOM_ALIAS_MIN || alias.length > CUSTOM_ALIAS_MAX) {
    return msg('validation.link.aliasLength', { min: CUSTOM_ALIAS_MIN, max: CUSTOM_ALIAS_MAX, n: alias.length });
  }
  if (!/^[A-Za-z0-9_-]+$/.test(alias)) return msg('validation.link.aliasCharacters');
  if (RESERVED_ALIASES.includes(alias.toLowerCase())) return msg('validation.link.aliasReserved', { alias });
  return null;
}

export const validateCustomAlias = (value: string): string | null => english(customAliasIssue(value));

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
export function expiryIssue(value: string, now: number): MessageRef | null {
  const text = value.trim();
  if (text === '') return null;
  const at = parseExpiry(text);
  if (at === null) return msg('validation.link.expiryFormat', { text });
  // The form the service takes (and the field holds), not a localised date: the person compares it with what they typed.
  if (at <= now) return msg('validation.link.expiryPast', { text, now: formatExpiry(now) });
  return null;
}

export const validateExpiry = (value: string, now: number): string | null => english(expiryIssue(value, now));

/** An optional meta image: an http(s) link to a .jpg, .jpeg or .png file. */
export function metaImageIssue(value: string): MessageRef | null {
  const text = value.trim();
  if (text === '') return null;
  const urlIssue = webUrlIssue(text, 'metaImage');
  if (urlIssue) return urlIssue;
  if (!/\.(jpe?g|png)$/i.test(new URL(text).pathname)) return msg('validation.link.metaImageType');
  return null;
}

export const validateMetaImage = (value: string): string | null => english(metaImageIssue(value));

/** An optional password: the service keeps up to {@link LINK_LIMITS.password} characters. */
export function linkPasswordIssue(value: string): MessageRef | null {
  if (value.length > LINK_LIMITS.password) return msg('validation.link.passwordTooLong', { n: value.length, max: LINK_LIMITS.password });
  return null;
}

export const validateLinkPassword = (value: string): string | null => english(linkPasswordIssue(value));

export function deviceIssue(value: string): MessageRef | null {
  const device = value.trim().toLowerCase().replace(/\s+/g, ' ');
  if (device === '') return msg('validation.link.chooseDevice');
  if (!(DEVICES as readonly string[]).includes(device)) return msg('validation.link.deviceList', { devices: nameList(DEVICES, { or: true }) });
  return null;
}

export const validateDevice = (value: string): string | null => english(deviceIssue(value));

/**
 * A country the service can target: a two-letter ISO code or an English name as people type it
 * ("Germany", "usa", "Côte d'Ivoire"), read with the same table as the local service's. A name no
 * visitor can come from ("Narnia") would be left out by the service without a word, so it is
 * refused here, next to the field.
 */
export function countryIssue(value: string): MessageRef | null {
  const text = value.trim();
  if (text === '') return msg('validation.link.chooseCountry');
  if (countryCode(text)) return null;
  return /^[A-Za-z]{2}$/.test(text) ? msg('validation.link.notCountryCode', { text }) : msg('validation.link.unknownCountry', { text });
}

export const validateCountry = (value: string): string | null => english(countryIssue(value));

/** A language code such as `en`, `fr` or `pt-BR`. */
export function languageIssue(value: string): MessageRef | null {
  const tag = value.trim();
  if (tag === '') return msg('validation.link.chooseLanguage');
  const wrong = msg('validation.link.notLanguageCode', { tag });
  if (!/^[a-z]{2,3}(-[a-z0-9]{2,8})*$/i.test(tag)) return wrong;
  try {
    Intl.getCanonicalLocales(tag);
  } catch {
    return wrong;
  }
  return null;
}

export const validateLanguage = (value: string): string | null => english(languageIssue(value));

/** Targeting rows as a form holds them: the key (country, device or language) and the target URL. */
export interface TargetRow {
  key: string;
  link: string;
}

export type TargetKind = 'geoTarget' | 'deviceTarget' | 'languageTarget';

const TARGET_WORDS: Record<TargetKind, { what: string; max: number; check: (v: string) => MessageRef | null; norm: (v: string) => string }> = {
  geoTarget: { what: 'country', max: LINK_LIMITS.geoRows, check: countryIssue, norm: (v) => v.trim().toLowerCase() },
  deviceTarget: { what: 'device', max: LINK_LIMITS.deviceRows, check: deviceIssue, norm: (v) => v.trim().toLowerCase().replace(/\s+/g, ' ') },
  languageTarget: { what: 'language', max: LINK_LIMITS.languageRows, check: languageIssue, norm: (v) => v.trim().toLowerCase() },
};

/** Field path → keyed message (issue 44); {@link FieldMessages} is the same in English. */
export type FieldIssues = Record<string, MessageRef>;

const englishFields = (issues: FieldIssues): FieldMessages =>
  Object.fromEntries(Object.entries(issues).map(([field, ref]) => [field, englishText(ref)]));

/** Each row: its key (valid, and not twice) and its target URL; messages at `<kind>.<i>.key|link`. */
export function targetRowIssues(kind: TargetKind, rows: readonly TargetRow[]): FieldIssues {
  const out: FieldIssues = {};
  const words = TARGET_WORDS[kind];
  if (rows.length > words.max) out[kind] = msg('validation.link.tooManyRows', { max: words.max, n: rows.length });
  const seen = new Set<string>();
  rows.forEach((row, i) => {
    const keyIssue = words.check(row.key);
    if (keyIssue) out[`${kind}.${i}.key`] = keyIssue;
    else if (seen.has(words.norm(row.key))) out[`${kind}.${i}.key`] = msg('validation.link.duplicateRow', { what: words.what });
    seen.add(words.norm(row.key));
    const linkIssue = webUrlIssue(row.link, 'target');
    if (linkIssue) out[`${kind}.${i}.link`] = linkIssue;
  });
  return out;
}

export const validateTargetRows = (kind: TargetKind, rows: readonly TargetRow[]): FieldMessages => englishFields(targetRowIssues(kind, rows));

/** The two app-store links, each optional: http(s) web addresses. */
export function deepLinkIssues(deepLink: DeepLinks | undefined): FieldIssues {
  const out: FieldIssues = {};
  const apple = webUrlIssue(deepLink?.apple ?? '', 'appStore', false);
  const google = webUrlIssue(deepLink?.google ?? '', 'googlePlay', false);
  if (apple) out['deepLink.apple'] = apple;
  if (google) out['deepLink.google'] = google;
  return out;
}

export const validateDeepLinks = (deepLink: DeepLinks | undefined): FieldMessages => englishFields(deepLinkIssues(deepLink));

/** Parameter rows: a name is required; names and values within the service's lengths. */
export function parameterIssues(rows: readonly UrlParameter[]): FieldIssues {
  const out: FieldIssues = {};
  if (rows.length > LINK_LIMITS.parameters) out['parameters'] = msg('validation.link.tooManyParameters', { max: LINK_LIMITS.parameters, n: rows.length });
  rows.forEach((row, i) => {
    if (row.name.trim() === '') out[`parameters.${i}.name`] = msg('validation.link.parameterName');
    else if (row.name.length > LINK_LIMITS.parameterName) out[`parameters.${i}.name`] = msg('validation.link.parameterNameTooLong', { max: LINK_LIMITS.parameterName });
    if (row.value.length > LINK_LIMITS.parameterValue) out[`parameters.${i}.value`] = msg('validation.link.parameterValueTooLong', { max: LINK_LIMITS.parameterValue });
  });
  return out;
}

export const validateParameters = (rows: readonly UrlParameter[]): FieldMessages => englishFields(parameterIssues(rows));

function tooLong(out: FieldIssues, field: string, label: MessageRef, value: string | undefined, max: number): void {
  if (value !== undefined && value.length > max) out[field] = msg('validation.link.tooLong', { label, n: value.length, max });
}

export interface LinkValidationOptions {
  mode: 'create' | 'edit';
  /** Unix ms, to judge the expiry. */
  now: number;
  /** In edit mode, an expiry left as it was is not judged again (it may have passed meanwhile). */
  unchangedExpiry?: string | null;
}

/** Every field of a link's input: `{ field → keyed message }`, empty when all is well. */
export function linkInputIssues(input: LinkInput, options: LinkValidationOptions): FieldIssues {
  const out: FieldIssues = {};
  const put = (field: string, issue: MessageRef | null) => {
    if (issue) out[field] = issue;
  };
  put('url', webUrlIssue(input.url ?? '', 'url'));
  put('custom', customAliasIssue(input.custom ?? ''));
  put('password', linkPasswordIssue(input.password ?? ''));
  const expiry = input.expiry ?? '';
  if (!(options.mode === 'edit' && expiry !== '' && expiry === options.unchangedExpiry)) put('expiry', expiryIssue(expiry, options.now));
  put('metaImage', metaImageIssue(input.metaImage ?? ''));
  tooLong(out, 'metaTitle', msg('validation.link.label.metaTitle'), input.metaTitle, LINK_LIMITS.metaTitle);
  tooLong(out, 'metaDescription', msg('validation.link.label.metaDescription'), input.metaDescription, LINK_LIMITS.metaDescription);
  tooLong(out, 'description', msg('validation.link.label.note'), input.description, LINK_LIMITS.note);
  Object.assign(
    out,
    targetRowIssues('geoTarget', (input.geoTarget ?? []).map((t) => ({ key: t.location, link: t.link }))),
    targetRowIssues('deviceTarget', (input.deviceTarget ?? []).map((t) => ({ key: t.device, link: t.link }))),
    targetRowIssues('languageTarget', (input.languageTarget ?? []).map((t) => ({ key: t.language, link: t.link }))),
    deepLinkIssues(input.deepLink),
    parameterIssues(input.parameters ?? []),
  );
  return out;
}

/** Every field of a link's input: `{ field → message }` in English, empty when all is well. */
export const validateLinkInput = (input: LinkInput, options: LinkValidationOptions): FieldMessages =>
  englishFields(linkInputIssues(input, options));
