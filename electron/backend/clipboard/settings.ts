import {
  CLIPBOARD_MAX_RULES,
  CLIPBOARD_NOTE_MAX_LENGTH,
  CLIPBOARD_POLL_MAX_MS,
  CLIPBOARD_POLL_MIN_MS,
  DEFAULT_CLIPBOARD_SETTINGS,
  type ClipboardRule,
  type ClipboardRuleDefaults,
  type ClipboardSettings,
  type ClipboardSettingsIssue,
} from '../../shared/clipboard-rules.js';
import { hasUtm, normalizeUtm, UTM_FIELDS, validateUtm, type UtmParams } from '../../shared/utm.js';
import { compileMatcher } from './rule-match.js';

export type ClipboardSettingsResult =
  { ok: true; settings: ClipboardSettings } | { ok: false; issues: ClipboardSettingsIssue[] };

type Issues = ClipboardSettingsIssue[];

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Checks settings from the settings form or a settings file and returns them normalised
 * (trimmed, blank fields dropped, missing fields at their defaults), or every problem found, each
 * with the path of its field and words for the form. Unknown fields are ignored.
 */
export function validateClipboardSettings(input: unknown): ClipboardSettingsResult {
  const issues: Issues = [];
  if (!isRecord(input)) {
    return {
      ok: false,
      issues: [{ path: [], message: 'Clipboard watch settings must be an object.' }],
    };
  }
  const d = DEFAULT_CLIPBOARD_SETTINGS;
  const settings: ClipboardSettings = {
    enabled: boolField(input, 'enabled', d.enabled, issues),
    paused: boolField(input, 'paused', d.paused, issues),
    pollIntervalMs: d.pollIntervalMs,
    offline: d.offline,
    defaults: {},
    rules: [],
  };
  const poll = input['pollIntervalMs'];
  if (poll !== undefined) {
    if (
      typeof poll !== 'number' ||
      !Number.isInteger(poll) ||
      poll < CLIPBOARD_POLL_MIN_MS ||
      poll > CLIPBOARD_POLL_MAX_MS
    ) {
      issues.push({
        path: ['pollIntervalMs'],
        message: `The clipboard is read every ${CLIPBOARD_POLL_MIN_MS} to ${CLIPBOARD_POLL_MAX_MS} ms; enter a whole number in that range.`,
      });
    } else settings.pollIntervalMs = poll;
  }
  const offline = input['offline'];
  if (offline !== undefined) {
    if (offline !== 'queue' && offline !== 'skip') {
      issues.push({
        path: ['offline'],
        message: 'When offline, links are either queued ("queue") or left alone ("skip").',
      });
    } else settings.offline = offline;
  }
  if (input['defaults'] !== undefined)
    settings.defaults = validateDefaults(input['defaults'], ['defaults'], issues);

  const rules = input['rules'];
  if (rules !== undefined) {
    if (!Array.isArray(rules)) issues.push({ path: ['rules'], message: 'Rules must be a list.' });
    else if (rules.length > CLIPBOARD_MAX_RULES) {
      issues.push({
        path: ['rules'],
        message: `There are ${rules.length} rules; keep it to ${CLIPBOARD_MAX_RULES}.`,
      });
    } else {
      rules.forEach((rule, i) => {
        const valid = validateRule(rule, ['rules', String(i)], issues);
        if (valid) settings.rules.push(valid);
      });
    }
  }
  return issues.length > 0 ? { ok: false, issues } : { ok: true, settings };
}

function boolField(
  input: Record<string, unknown>,
  key: string,
  fallback: boolean,
  issues: Issues,
): boolean {
  const value = input[key];
  if (value === undefined) return fallback;
  if (typeof value !== 'boolean') {
    issues.push({ path: [key], message: `"${key}" must be true or false.` });
    return fallback;
  }
  return value;
}

function validateRule(input: unknown, path: string[], issues: Issues): ClipboardRule | null {
  if (!isRecord(input)) {
    issues.push({ path, message: 'A rule must be an object with "match" and "action".' });
    return null;
  }
  const before = issues.length;
  const action = input['action'];
  if (action !== 'allow' && action !== 'deny') {
    issues.push({
      path: [...path, 'action'],
      message: 'A rule either allows ("allow") or denies ("deny") the URLs it matches.',
    });
  }
  const match = typeof input['match'] === 'string' ? input['match'].trim() : input['match'];
  const compiled = compileMatcher(match as string);
  if (!compiled.ok) issues.push({ path: [...path, 'match'], message: compiled.message });

  const rule: ClipboardRule = { match: match as string, action: action as ClipboardRule['action'] };
  if (input['enabled'] !== undefined) {
    if (typeof input['enabled'] !== 'boolean')
      issues.push({ path: [...path, 'enabled'], message: '"enabled" must be true or false.' });
    else rule.enabled = input['enabled'];
  }
  const note = input['note'];
  if (note !== undefined && note !== '') {
    if (typeof note !== 'string')
      issues.push({ path: [...path, 'note'], message: 'The note must be text.' });
    else if (note.length > CLIPBOARD_NOTE_MAX_LENGTH) {
      issues.push({
        path: [...path, 'note'],
        message: `The note is ${note.length} characters long; keep it to ${CLIPBOARD_NOTE_MAX_LENGTH}.`,
      });
    } else rule.note = note;
  }
  if (input['defaults'] !== undefined) {
    const defaults = validateDefaults(input['defaults'], [...path, 'defaults'], issues);
    if (Object.keys(defaults).length > 0) {
      if (action === 'deny') {
        issues.push({
          path: [...path, 'defaults'],
          message: 'A deny rule has no defaults: the links it matches are not shortened.',
        });
      } else rule.defaults = defaults;
    }
  }
  return issues.length > before ? null : rule;
}

/** Validates defaults and returns them without blank fields. */
export function validateDefaults(
  input: unknown,
  path: string[],
  issues: Issues,
): ClipboardRuleDefaults {
  const out: ClipboardRuleDefaults = {};
  if (!isRecord(input)) {
    issues.push({ path, message: 'Defaults must be an object (channel, campaign, domain, utm).' });
    return out;
  }
  for (const key of ['channel', 'campaign'] as const) {
    const value = input[key];
    if (value === undefined || value === null) continue;
    if (typeof value !== 'number' || !Number.isSafeInteger(value) || value <= 0) {
      issues.push({
        path: [...path, key],
        message: `Choose a ${key} from the list (a ${key} id is a positive whole number).`,
      });
    } else out[key] = value;
  }
  const domain = input['domain'];
  if (domain !== undefined && domain !== null && domain !== '') {
    const origin = typeof domain === 'string' ? brandedOrigin(domain) : null;
    if (origin === null) {
      issues.push({
        path: [...path, 'domain'],
        message: 'The domain is a branded domain with its scheme, like https://go.example.com.',
      });
    } else out.domain = origin;
  }
  const utm = input['utm'];
  if (utm !== undefined && utm !== null) {
    const utmIssues = isRecord(utm)
      ? validateUtm(utm as UtmParams)
      : [{ field: 'params', message: 'UTM parameters must be an object.' }];
    for (const issue of utmIssues) {
      issues.push({
        path: issue.field === 'params' ? [...path, 'utm'] : [...path, 'utm', issue.field],
        message: issue.message,
      });
    }
    if (utmIssues.length === 0 && hasUtm(utm as UtmParams))
      out.utm = normalizeUtm(utm as UtmParams);
  }
  return out;
}

/**
 * The branded domain as the service listed it (trimmed, without a trailing slash: it is sent back
 * in link input as is), or null when it is not a bare http(s) origin.
 */
function brandedOrigin(text: string): string | null {
  const trimmed = text.trim().replace(/\/$/, '');
  if (!/^https?:\/\/[^/?#\s]+$/i.test(trimmed)) return null;
  try {
    const url = new URL(trimmed);
    return url.username || url.password || !url.hostname ? null : trimmed;
  } catch {
    return null;
  }
}

/** The defaults of `over` on top of `base`; UTM parameters are merged one by one. */
export function mergeDefaults(
  base: ClipboardRuleDefaults,
  over: ClipboardRuleDefaults | undefined,
): ClipboardRuleDefaults {
  if (!over) return base;
  const merged: ClipboardRuleDefaults = { ...base, ...over };
  if (base.utm || over.utm) {
    const utm: UtmParams = {};
    for (const field of UTM_FIELDS) {
      const value = over.utm?.[field] ?? base.utm?.[field];
      if (value !== undefined) utm[field] = value;
    }
    merged.utm = utm;
  }
  return merged;
}
