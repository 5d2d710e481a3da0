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
import { keyedIssue } from '../../shared/errors.js';
import { msg } from '../../shared/message-ref.js';
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
      issues: [keyedIssue([], msg('validation.clipboard.notAnObject'))],
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
      issues.push(keyedIssue(['pollIntervalMs'], msg('validation.clipboard.pollInterval', { min: CLIPBOARD_POLL_MIN_MS, max: CLIPBOARD_POLL_MAX_MS })));
    } else settings.pollIntervalMs = poll;
  }
  const offline = input['offline'];
  if (offline !== undefined) {
    if (offline !== 'queue' && offline !== 'skip') {
      issues.push(keyedIssue(['offline'], msg('validation.clipboard.offline')));
    } else settings.offline = offline;
  }
  if (input['defaults'] !== undefined)
    settings.defaults = validateDefaults(input['defaults'], ['defaults'], issues);

  const rules = input['rules'];
  if (rules !== undefined) {
    if (!Array.isArray(rules)) issues.push(keyedIssue(['rules'], msg('validation.clipboard.rulesList')));
    else if (rules.length > CLIPBOARD_MAX_RULES) {
      issues.push(keyedIssue(['rules'], msg('validation.clipboard.tooManyRules', { n: rules.length, max: CLIPBOARD_MAX_RULES })));
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
    issues.push(keyedIssue([key], msg('validation.clipboard.trueOrFalse', { field: key })));
    return fallback;
  }
  return value;
}

function validateRule(input: unknown, path: string[], issues: Issues): ClipboardRule | null {
  if (!isRecord(input)) {
    issues.push(keyedIssue(path, msg('validation.clipboard.ruleObject')));
    return null;
  }
  const before = issues.length;
  const action = input['action'];
  if (action !== 'allow' && action !== 'deny') {
    issues.push(keyedIssue([...path, 'action'], msg('validation.clipboard.ruleAction')));
  }
  const match = typeof input['match'] === 'string' ? input['match'].trim() : input['match'];
  const compiled = compileMatcher(match as string);
  if (!compiled.ok) issues.push(keyedIssue([...path, 'match'], compiled.ref));

  const rule: ClipboardRule = { match: match as string, action: action as ClipboardRule['action'] };
  if (input['enabled'] !== undefined) {
    if (typeof input['enabled'] !== 'boolean')
      issues.push(keyedIssue([...path, 'enabled'], msg('validation.clipboard.trueOrFalse', { field: 'enabled' })));
    else rule.enabled = input['enabled'];
  }
  const note = input['note'];
  if (note !== undefined && note !== '') {
    if (typeof note !== 'string')
      issues.push(keyedIssue([...path, 'note'], msg('validation.clipboard.noteText')));
    else if (note.length > CLIPBOARD_NOTE_MAX_LENGTH) {
      issues.push(keyedIssue([...path, 'note'], msg('validation.clipboard.noteTooLong', { n: note.length, max: CLIPBOARD_NOTE_MAX_LENGTH })));
    } else rule.note = note;
  }
  if (input['defaults'] !== undefined) {
    const defaults = validateDefaults(input['defaults'], [...path, 'defaults'], issues);
    if (Object.keys(defaults).length > 0) {
      if (action === 'deny') {
        issues.push(keyedIssue([...path, 'defaults'], msg('validation.clipboard.denyDefaults')));
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
    issues.push(keyedIssue(path, msg('validation.clipboard.defaultsObject')));
    return out;
  }
  for (const key of ['channel', 'campaign'] as const) {
    const value = input[key];
    if (value === undefined || value === null) continue;
    if (typeof value !== 'number' || !Number.isSafeInteger(value) || value <= 0) {
      issues.push(keyedIssue([...path, key], key === 'channel' ? msg('validation.clipboard.chooseChannel') : msg('validation.clipboard.chooseCampaign')));
    } else out[key] = value;
  }
  const domain = input['domain'];
  if (domain !== undefined && domain !== null && domain !== '') {
    const origin = typeof domain === 'string' ? brandedOrigin(domain) : null;
    if (origin === null) {
      issues.push(keyedIssue([...path, 'domain'], msg('validation.clipboard.domain')));
    } else out.domain = origin;
  }
  const utm = input['utm'];
  if (utm !== undefined && utm !== null) {
    // validateUtm refuses a value that is not an object itself (validation.utm.paramsObject).
    const utmIssues = validateUtm(utm as UtmParams);
    for (const { field, ...said } of utmIssues) {
      // The key and arguments travel with the English, so the form words it in the person's language.
      issues.push({ path: field === 'params' ? [...path, 'utm'] : [...path, 'utm', field], ...said });
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
