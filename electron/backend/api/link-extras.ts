import type {
  DeepLinks,
  LinkDetailsExtras,
  LinkRedirect,
  UrlParameter,
} from '../../shared/models.js';
import { flag, id, int, optionalDate, text, urlMap } from './schema-kit.js';

/*
 * The fields some services add to a link's `details` beyond the spec (the local link service
 * sends every stored field). They are read leniently and one by one: a value that does not fit
 * is left out rather than failing the whole answer, because the spec does not promise any of
 * them and a deployment may use the same names for something else.
 */

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** `direct`/`frame`/`splash`, a splash page id ("3" or 3), or an overlay written `overlay-<id>`. */
export function readRedirect(value: unknown): LinkRedirect | undefined {
  if (typeof value === 'number' && Number.isSafeInteger(value) && value > 0)
    return { splashPageId: value };
  if (typeof value !== 'string') return undefined;
  const v = value.trim().toLowerCase();
  if (v === 'direct' || v === 'frame' || v === 'splash') return v;
  if (/^\d{1,15}$/.test(v) && Number(v) > 0) return { splashPageId: Number(v) };
  const overlay = /^overlay-(\d{1,15})$/.exec(v);
  if (overlay && Number(overlay[1]) > 0) return { overlayId: Number(overlay[1]) };
  return undefined;
}

function readDeepLink(value: unknown): DeepLinks | undefined {
  if (Array.isArray(value) && value.length === 0) return {};
  if (!isRecord(value)) return undefined;
  const out: DeepLinks = {};
  if (typeof value['apple'] === 'string') out.apple = value['apple'];
  if (typeof value['google'] === 'string') out.google = value['google'];
  if (typeof value['auto'] === 'boolean') out.auto = value['auto'];
  return out;
}

function readParameters(value: unknown): UrlParameter[] | undefined {
  if (!Array.isArray(value)) return undefined;
  const out: UrlParameter[] = [];
  for (const entry of value) {
    if (!isRecord(entry)) continue;
    const name = entry['name'];
    const v = entry['value'];
    if (typeof name === 'string' && (typeof v === 'string' || typeof v === 'number'))
      out.push({ name, value: String(v) });
  }
  return out;
}

function readIds(value: unknown): number[] | undefined {
  if (!Array.isArray(value)) return undefined;
  const out: number[] = [];
  for (const entry of value) {
    const parsed = id.safeParse(entry);
    if (parsed.success) out.push(parsed.data);
  }
  return out;
}

/** An id or "none" (null, 0, "", false); undefined when the value is something else. */
function readOptionalId(value: unknown): number | null | undefined {
  if (value === null || value === 0 || value === '0' || value === '' || value === false)
    return null;
  const parsed = id.safeParse(value);
  return parsed.success ? parsed.data : undefined;
}

/** The extras present in a link's raw `details` object. */
export function readLinkExtras(details: Record<string, unknown>): LinkDetailsExtras {
  const out: LinkDetailsExtras = {};
  const has = (key: string) => details[key] !== undefined;

  if (has('custom')) out.custom = flag.safeParse(details['custom']).data ?? false;
  if (has('domain')) {
    const d = details['domain'];
    if (d === null || d === '' || d === false || d === 0) out.domain = null;
    else if (typeof d === 'string') out.domain = d.trim();
  }
  const redirect = readRedirect(details['type']);
  if (redirect !== undefined) out.redirect = redirect;
  const status = details['status'];
  if (status === 'public' || status === 'private') out.status = status;
  if (has('passwordProtected'))
    out.passwordProtected = flag.safeParse(details['passwordProtected']).data ?? false;
  for (const [key, name] of [
    ['metatitle', 'metaTitle'],
    ['metadescription', 'metaDescription'],
    ['metaimage', 'metaImage'],
  ] as const) {
    if (has(key)) {
      const parsed = text.safeParse(details[key]);
      if (parsed.success) out[name] = parsed.data;
    }
  }
  if (has('language')) {
    const parsed = urlMap.safeParse(details['language']);
    if (parsed.success) out.language = parsed.data;
  }
  const deepLink = readDeepLink(details['deeplink']);
  if (deepLink !== undefined) out.deepLink = deepLink;
  const pixels = readIds(details['pixels']);
  if (pixels !== undefined) out.pixels = pixels;
  if (has('channel')) {
    const channel = readOptionalId(details['channel']);
    if (channel !== undefined) out.channel = channel;
  }
  if (has('campaign')) {
    const campaign = readOptionalId(details['campaign']);
    if (campaign !== undefined) out.campaign = campaign;
  }
  const parameters = readParameters(details['parameters']);
  if (parameters !== undefined) out.parameters = parameters;
  if (has('clicks')) {
    const parsed = int.safeParse(details['clicks']);
    if (parsed.success && parsed.data >= 0) out.clicks = parsed.data;
  }
  if (has('updated')) {
    const parsed = optionalDate.safeParse(details['updated']);
    if (parsed.success && parsed.data !== null) out.updated = parsed.data;
  }
  return out;
}
