import { badRequest } from '../errors.js';
import { parseDateTime } from '../format.js';
import { LinkCreateBody, LinkUpdateBody, pickBody } from '../request-bodies.js';
import { checkCustomAlias } from './aliases.js';
import type { DroppedItem } from './dropped.js';
import { checkNoNul, isCleared, readId, readWebUrl, shown } from './field-readers.js';
import {
  LIST_LIMITS,
  readDeepLink,
  readDeviceTargets,
  readGeoTargets,
  readLanguageTargets,
  readParameters,
  readPixels,
  type DeepLink,
  type DeviceTarget,
  type GeoTarget,
  type LanguageTarget,
  type Parameter,
} from './link-lists.js';

export { readWebUrl } from './field-readers.js';
export {
  DEVICES,
  type DeepLink,
  type Device,
  type DeviceTarget,
  type GeoTarget,
  type LanguageTarget,
  type Parameter,
} from './link-lists.js';

/*
 * Validation of the spec's link input fields (POST /api/url/add, PUT /api/url/:id/update).
 * Pure: no database. Ids (pixels, channel, campaign, splash page, overlay) and the domain are
 * only checked for form here; link-references.ts checks that the user owns them.
 *
 * Absent and empty are different: a field missing from the body is `undefined` in LinkInput
 * (on update: keep the stored value), while "" / null / [] / {} is the cleared value (no password,
 * no expiry, no targets, the service's own domain, redirect type `direct`…). The fields and
 * their JSON types are the schemas of request-bodies.ts (also the OpenAPI document's): a scalar
 * field of another type is a 400 naming the field there, and fields they do not declare are
 * ignored. The readers here check what a type cannot say; an unusable item of an optional
 * structured field (targeting, pixels, deep links, parameters) is dropped and recorded instead
 * (link-lists.ts).
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
  ...LIST_LIMITS,
} as const;

type Body = Record<string, unknown>;

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

function readOptionalId(body: Body, field: string, what: string): number | null | undefined {
  const value = body[field];
  if (value === undefined) return undefined;
  // 0 is how several clients of this API say "none".
  if (isCleared(value) || value === 0 || value === '0') return null;
  return readId(value, field, what);
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

function readExpiry(body: Body): number | null | undefined {
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
  // A past expiry is a link that has already expired: on update it is how a link is made to
  // expire now, and on create real deployments take it too. The API documentation's own add-link
  // example carries one ("2020-11-11 12:00:00"), so a client that copied it must get its link.
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

function readStatus(body: Body): 'public' | 'private' | undefined {
  const value = body['status'];
  if (value === undefined || isCleared(value)) return undefined;
  const status = typeof value === 'string' ? value.trim().toLowerCase() : undefined;
  if (status !== 'public' && status !== 'private')
    throw badRequest('The field "status" must be "public" or "private".');
  return status;
}

function readCustomAlias(body: Body): string | undefined {
  const value = body['custom'];
  // An empty alias cannot be cleared to anything: it means "none given".
  if (value === undefined || isCleared(value)) return undefined;
  if (typeof value !== 'string')
    throw badRequest('The field "custom" must be a string (the custom alias).');
  return checkCustomAlias(value.trim());
}

/**
 * Reads and checks a create or update body. Unusable items of the optional structured fields are
 * left out and recorded in `dropped`.
 */
export function parseLinkInput(
  raw: unknown,
  mode: InputMode,
  dropped: DroppedItem[] = [],
): LinkInput {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    throw badRequest(
      'The request body must be a JSON object with the link\'s fields, such as {"url": "https://example.com/page"}.',
    );
  }
  const body: Body = pickBody(mode === 'create' ? LinkCreateBody : LinkUpdateBody, raw as Body);
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
  set('expiry', readExpiry(body));
  set('geotarget', readGeoTargets(body, dropped));
  set('devicetarget', readDeviceTargets(body, dropped));
  set('languagetarget', readLanguageTargets(body, dropped));
  set('metatitle', readString(body, 'metatitle', LIMITS.metatitle));
  set('metadescription', readString(body, 'metadescription', LIMITS.metadescription));
  set('metaimage', readMetaImage(body));
  set('pixels', readPixels(body, dropped));
  set('channel', readOptionalId(body, 'channel', 'a channel'));
  set('campaign', readOptionalId(body, 'campaign', 'a campaign'));
  set('deeplink', readDeepLink(body, mode, dropped));
  set('parameters', readParameters(body, dropped));
  // The note: create-only in the spec, but real deployments read it on update too (and clear it
  // when it is left out); here an update that carries it changes it and one without keeps it.
  set('description', readString(body, 'description', LIMITS.description));
  // The status is set on create only; an update body carrying it is not an error.
  if (mode === 'create') set('status', readStatus(body));
  return input;
}
