/**
 * Where a link sends a given visitor. The link's JSON columns are parsed once, when the link is
 * resolved into the cache, into lookup maps whose targets already carry the link's parameters;
 * choosing a target per request is then a few Map look-ups.
 */
import { countryCode } from '../../shared/countries.js';
import type { DeviceName } from './user-agent.js';
import { ParseCache } from './parse-cache.js';

export interface LinkTargets {
  /** The long URL with parameters: what everyone else gets. */
  fallback: string;
  /** Upper-case ISO 3166 alpha-2 code → target. */
  geo: ReadonlyMap<string, string>;
  /** Device name (lower-case) → target. */
  device: ReadonlyMap<string, string>;
  /** Lower-case language tag (`en`, `pt-br`) → target. */
  language: ReadonlyMap<string, string>;
  /** App links by store, used for iOS (apple) and Android (google) devices. */
  apple?: string;
  google?: string;
}

export interface Visitor {
  device: DeviceName | '';
  /** Upper-case ISO alpha-2, '' when unknown. */
  country: string;
  acceptLanguage: string | undefined;
}

export interface Choice {
  url: string;
  /** True when the target is an app link: it must open top-level, never framed. */
  deepLink: boolean;
}

/**
 * The precedence, most specific first:
 *   1. deep link by device (iPhone/iPad → deeplink.apple, Android → deeplink.google): opening
 *      the app is why the link has one;
 *   2. device targeting (from User-Agent);
 *   3. geo targeting (country from the trusted header);
 *   4. language targeting (Accept-Language, by q-value; full tag, then primary subtag);
 *   5. the long URL.
 * Device and deep links come before geo because the wrong platform's page is useless to the
 * visitor, while the wrong country's page is merely less relevant; language is the weakest
 * signal (browsers send defaults).
 */
/** Every visitor gets the fallback: chooseTarget() would answer it whoever asks. */
export function targetsNobody(targets: LinkTargets): boolean {
  return targets.geo.size === 0 && targets.device.size === 0 && targets.language.size === 0 && targets.apple === undefined && targets.google === undefined;
}

export function chooseTarget(targets: LinkTargets, visitor: Visitor): Choice {
  const { device } = visitor;
  if (device === 'iphone' || device === 'ipad') {
    if (targets.apple) return { url: targets.apple, deepLink: true };
  } else if (device === 'android' && targets.google) {
    return { url: targets.google, deepLink: true };
  }
  if (device && targets.device.size > 0) {
    const url = targets.device.get(device);
    if (url) return { url, deepLink: false };
  }
  if (visitor.country && targets.geo.size > 0) {
    const url = targets.geo.get(visitor.country);
    if (url) return { url, deepLink: false };
  }
  if (visitor.acceptLanguage && targets.language.size > 0) {
    const url = matchLanguage(targets.language, visitor.acceptLanguage);
    if (url) return { url, deepLink: false };
  }
  return { url: targets.fallback, deepLink: false };
}

/** The tags of an Accept-Language header, lower-case, most preferred first; q=0 excluded. */
export function parseAcceptLanguage(header: string): string[] {
  const ranked: { tag: string; q: number; index: number }[] = [];
  const parts = header.split(',');
  for (let index = 0; index < parts.length && index < 32; index++) {
    const [rawTag = '', ...params] = (parts[index] as string).split(';');
    const tag = rawTag.trim().toLowerCase();
    if (!tag || tag === '*' || !/^[a-z]{1,8}(-[a-z0-9]{1,8})*$/.test(tag)) continue;
    let q = 1;
    for (const param of params) {
      const m = /^\s*q\s*=\s*([01](?:\.\d{0,3})?)\s*$/i.exec(param);
      if (m) q = Number(m[1]);
    }
    if (q > 0) ranked.push({ tag, q, index });
  }
  ranked.sort((a, b) => b.q - a.q || a.index - b.index);
  return ranked.map((r) => r.tag);
}

/** parseAcceptLanguage() kept per header value (browsers send a handful of them). */
const parsedLanguages = new ParseCache<readonly string[]>(parseAcceptLanguage, 1000, 256);

export const preferredLanguages = (header: string): readonly string[] => parsedLanguages.get(header);

/** How many Accept-Language values are kept now (for the memory bound's test). */
export const preferredLanguagesKept = (): number => parsedLanguages.size;

/** For each preferred tag in turn: its full tag, then its primary subtag. */
export function matchLanguage(targets: ReadonlyMap<string, string>, acceptLanguage: string): string | undefined {
  for (const tag of preferredLanguages(acceptLanguage)) {
    const full = targets.get(tag);
    if (full) return full;
    const dash = tag.indexOf('-');
    if (dash > 0) {
      const primary = targets.get(tag.slice(0, dash));
      if (primary) return primary;
    }
  }
  return undefined;
}

/** Schemes a visitor must never be sent to, whatever a stored target says. */
const UNSAFE_SCHEMES = new Set(['javascript:', 'data:', 'file:', 'vbscript:', 'blob:', 'about:', 'filesystem:']);

/**
 * A stored target made fit for a Location header and an href: a parseable absolute URL with a
 * safe scheme. Kept as written when it is plain printable ASCII (so the visitor lands exactly
 * where the user asked), else the URL parser's serialisation (punycode host, percent-encoded
 * path) since a header cannot carry other characters. Null when unusable.
 */
export function safeTarget(text: unknown): string | null {
  if (typeof text !== 'string' || text.length === 0 || text.length > 8192) return null;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  if (UNSAFE_SCHEMES.has(url.protocol)) return null;
  return /^[\x21-\x7e]+$/.test(text) ? text : url.href;
}

/** Appends name=value pairs to a URL's query string, before any #fragment. */
export function appendParameters(target: string, params: readonly (readonly [string, string])[]): string {
  if (params.length === 0) return target;
  const query = new URLSearchParams(params as [string, string][]).toString();
  const hash = target.indexOf('#');
  const base = hash < 0 ? target : target.slice(0, hash);
  const fragment = hash < 0 ? '' : target.slice(hash);
  const sep = !base.includes('?') ? '?' : base.endsWith('?') || base.endsWith('&') ? '' : '&';
  return `${base}${sep}${query}${fragment}`;
}

function parseJson(text: unknown): unknown {
  if (typeof text !== 'string' || text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function entries(text: unknown): Record<string, unknown>[] {
  const value = parseJson(text);
  return Array.isArray(value) ? value.filter((v): v is Record<string, unknown> => typeof v === 'object' && v !== null) : [];
}

const NO_TARGETS: ReadonlyMap<string, string> = new Map();

/** The stored JSON columns of a link, as the links helper writes them. */
export interface TargetColumns {
  long_url: string;
  geotarget: string;
  devicetarget: string;
  languagetarget: string;
  deeplink: string;
  parameters: string;
}

/** Builds a link's targets; null when its long URL is unusable. Bad entries are skipped. */
export function buildTargets(row: TargetColumns): LinkTargets | null {
  const params: [string, string][] = [];
  for (const p of entries(row.parameters)) {
    if (typeof p['name'] === 'string' && p['name'] !== '') params.push([p['name'], String(p['value'] ?? '')]);
  }
  const target = (text: unknown): string | null => {
    const safe = safeTarget(text);
    return safe === null ? null : appendParameters(safe, params);
  };
  const fallback = target(row.long_url);
  if (fallback === null) return null;

  const geo = new Map<string, string>();
  for (const e of entries(row.geotarget)) {
    // Stored as ISO codes by the links routes; a hand-written name ("Germany") works too.
    const code = typeof e['location'] === 'string' ? countryCode(e['location']) : undefined;
    const url = target(e['link']);
    if (code && url && !geo.has(code)) geo.set(code, url);
  }
  const device = new Map<string, string>();
  for (const e of entries(row.devicetarget)) {
    const name = typeof e['device'] === 'string' ? e['device'].trim().toLowerCase() : '';
    const url = target(e['link']);
    if (name && url && !device.has(name)) device.set(name, url);
  }
  const language = new Map<string, string>();
  for (const e of entries(row.languagetarget)) {
    const tag = typeof e['language'] === 'string' ? e['language'].trim().toLowerCase().replace(/_/g, '-') : '';
    const url = target(e['link']);
    if (tag && url && !language.has(tag)) language.set(tag, url);
  }
  // Most links target nobody: they share one empty map (the cache holds up to 100,000 links).
  const orEmpty = (m: Map<string, string>) => (m.size > 0 ? m : NO_TARGETS);
  const result: LinkTargets = { fallback, geo: orEmpty(geo), device: orEmpty(device), language: orEmpty(language) };
  const deep = parseJson(row.deeplink);
  if (typeof deep === 'object' && deep !== null && !Array.isArray(deep)) {
    const d = deep as Record<string, unknown>;
    const apple = target(d['apple']);
    const google = target(d['google']);
    if (apple) result.apple = apple;
    if (google) result.google = google;
  }
  return result;
}
