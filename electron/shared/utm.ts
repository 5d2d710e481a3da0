/**
 * UTM campaign parameters: validate them and apply them to a URL. Pure (no Node, no DOM): the
 * clipboard watch appends a rule's parameters, the link editor builds tagged URLs with it.
 *
 * The URL is edited as text, not re-serialised through a URL parser: what the person copied or
 * typed stays as it was (its other parameters, their order and encoding, the fragment, an IDN
 * host), and only the `utm_*` parameters being set change. A parameter already in the URL with the
 * same name (compared case-insensitively, after decoding: `UTM_Source`, `utm%5Fsource`) is
 * replaced where it stands; further copies of it are dropped; the others are appended in the
 * order source, medium, campaign, term, content. Blank values leave the URL's parameter alone.
 */
import { keyedMessage, type KeyedMessage } from './field-issue.js';
import { msg, type MessageRef } from './message-ref.js';

export const UTM_FIELDS = ['source', 'medium', 'campaign', 'term', 'content'] as const;
export type UtmField = (typeof UTM_FIELDS)[number];

/** The five parameters, without their `utm_` prefix. Missing or blank: not set. */
export type UtmParams = Partial<Record<UtmField, string>>;

/** Longest value accepted for one parameter (after trimming). */
export const UTM_VALUE_MAX_LENGTH = 200;

/** Saved UTM parameters under a name the person chose. */
export interface UtmTemplate {
  name: string;
  params: UtmParams;
}

export const UTM_TEMPLATE_NAME_MAX_LENGTH = 60;
export const UTM_TEMPLATES_MAX = 100;

/**
 * A problem with one parameter (`field`), with the set as a whole (`params`) or with the URL: in
 * English (`message`) and as a `validation.utm.*` key with its arguments (issue 44).
 */
export interface UtmIssue extends KeyedMessage {
  field: UtmField | 'params' | 'url';
}

const issue = (field: UtmIssue['field'], ref: MessageRef): UtmIssue => ({ field, ...keyedMessage(ref) });

export type UtmResult = { ok: true; url: string } | { ok: false; issues: UtmIssue[] };

export interface UtmOptions {
  /**
   * Analytics tools attribute a visit by its source: with this set, setting any parameter without
   * `source` is an issue. Off by default (a rule may add only a campaign to URLs that already
   * carry their source).
   */
  requireSource?: boolean;
}

const LABELS: Record<UtmField, MessageRef> = {
  source: msg('validation.utm.label.source'),
  medium: msg('validation.utm.label.medium'),
  campaign: msg('validation.utm.label.campaign'),
  term: msg('validation.utm.label.term'),
  content: msg('validation.utm.label.content'),
};

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/;

/** The parameters trimmed, with blank or missing ones left out. Non-text values are kept for validateUtm to report. */
export function normalizeUtm(params: UtmParams): UtmParams {
  const out: UtmParams = {};
  for (const field of UTM_FIELDS) {
    const value: unknown = params[field];
    if (value === undefined || value === null) continue;
    if (typeof value !== 'string') {
      (out as Record<string, unknown>)[field] = value;
      continue;
    }
    const trimmed = value.trim();
    if (trimmed !== '') out[field] = trimmed;
  }
  return out;
}

/** True when at least one parameter has a non-blank value. */
export function hasUtm(params: UtmParams | undefined): boolean {
  if (!params) return false;
  return UTM_FIELDS.some((f) => typeof params[f] === 'string' && params[f].trim() !== '');
}

/** Problems with the parameters themselves (not the URL), in words for a form. */
export function validateUtm(params: UtmParams, options: UtmOptions = {}): UtmIssue[] {
  const issues: UtmIssue[] = [];
  if (typeof params !== 'object' || params === null || Array.isArray(params)) {
    return [issue('params', msg('validation.utm.paramsObject'))];
  }
  for (const key of Object.keys(params)) {
    if (!(UTM_FIELDS as readonly string[]).includes(key)) {
      issues.push(issue('params', msg('validation.utm.notParameter', { name: key })));
    }
  }
  const normal = normalizeUtm(params);
  for (const field of UTM_FIELDS) {
    const value: unknown = normal[field];
    if (value === undefined) continue;
    if (typeof value !== 'string') {
      issues.push(issue(field, msg('validation.utm.notText', { label: LABELS[field] })));
    } else if (value.length > UTM_VALUE_MAX_LENGTH) {
      issues.push(issue(field, msg('validation.utm.valueTooLong', { label: LABELS[field], n: value.length, max: UTM_VALUE_MAX_LENGTH })));
    } else if (CONTROL.test(value)) {
      issues.push(issue(field, msg('validation.utm.valueControl', { label: LABELS[field] })));
    }
  }
  if (options.requireSource && normal.source === undefined && hasUtm(normal)) {
    issues.push(issue('source', msg('validation.utm.sourceNeeded')));
  }
  return issues;
}

/** Whether `text` is an absolute http(s) URL with a host. */
function isWebUrl(text: string): boolean {
  if (!/^https?:\/\//i.test(text)) return false;
  try {
    const u = new URL(text);
    return (u.protocol === 'http:' || u.protocol === 'https:') && u.hostname !== '';
  } catch {
    return false;
  }
}

/** A query parameter's name as the server reads it: `+` is a space, then percent-decoding. */
function decodedName(pair: string): string {
  const eq = pair.indexOf('=');
  const raw = (eq < 0 ? pair : pair.slice(0, eq)).replace(/\+/g, ' ');
  try {
    return decodeURIComponent(raw).toLowerCase();
  } catch {
    return raw.toLowerCase();
  }
}

/**
 * `url` with the given UTM parameters set. Issues when the URL is not an absolute http(s) URL or
 * a parameter is invalid; with no parameter set, the URL is returned unchanged.
 */
export function applyUtm(url: string, params: UtmParams, options: UtmOptions = {}): UtmResult {
  const issues = validateUtm(params, options);
  const text = typeof url === 'string' ? url.trim() : '';
  if (!isWebUrl(text)) {
    issues.unshift(issue('url', msg('validation.utm.webAddress')));
  }
  if (issues.length > 0) return { ok: false, issues };
  const normal = normalizeUtm(params);
  const fields = UTM_FIELDS.filter((f) => normal[f] !== undefined);
  if (fields.length === 0) return { ok: true, url: text };

  const hashAt = text.indexOf('#');
  const beforeHash = hashAt < 0 ? text : text.slice(0, hashAt);
  const hash = hashAt < 0 ? '' : text.slice(hashAt);
  const queryAt = beforeHash.indexOf('?');
  const base = queryAt < 0 ? beforeHash : beforeHash.slice(0, queryAt);
  const query = queryAt < 0 ? '' : beforeHash.slice(queryAt + 1);

  const wanted = new Map(fields.map((f) => [`utm_${f}`, `utm_${f}=${encodeURIComponent(normal[f] as string)}`]));
  const placed = new Set<string>();
  const pairs: string[] = [];
  for (const pair of query === '' ? [] : query.split('&')) {
    const name = decodedName(pair);
    const replacement = wanted.get(name);
    if (replacement === undefined) pairs.push(pair);
    else if (!placed.has(name)) {
      pairs.push(replacement);
      placed.add(name);
    }
  }
  for (const [name, pair] of wanted) if (!placed.has(name)) pairs.push(pair);
  return { ok: true, url: `${base}?${pairs.join('&')}${hash}` };
}

/** The UTM parameters a URL carries (the first of each), for a form to start from. */
export function readUtm(url: string): UtmParams {
  const out: UtmParams = {};
  const text = typeof url === 'string' ? url.trim() : '';
  const hashAt = text.indexOf('#');
  const beforeHash = hashAt < 0 ? text : text.slice(0, hashAt);
  const queryAt = beforeHash.indexOf('?');
  if (queryAt < 0) return out;
  for (const pair of beforeHash.slice(queryAt + 1).split('&')) {
    const name = decodedName(pair);
    if (!name.startsWith('utm_')) continue;
    const field = name.slice(4) as UtmField;
    if (!(UTM_FIELDS as readonly string[]).includes(field) || out[field] !== undefined) continue;
    const eq = pair.indexOf('=');
    const raw = eq < 0 ? '' : pair.slice(eq + 1).replace(/\+/g, ' ');
    let value: string;
    try {
      value = decodeURIComponent(raw);
    } catch {
      value = raw;
    }
    out[field] = value;
  }
  return out;
}
