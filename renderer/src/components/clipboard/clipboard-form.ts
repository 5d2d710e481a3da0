/**
 * The clipboard settings form: its editable model, the settings it sends, the checks made while
 * typing (the backend checks everything again, rules' meaning included, and its issues land on
 * the same fields), and the mapping of the backend's issue paths to the form's fields.
 */
import { formatNumber } from '../../i18n/format.js';
import { t } from '../../i18n/index.js';
import { issueMessage } from '../../composables/error-text.js';
import { isMessageRef } from '../../../../electron/shared/message-ref.js';
import {
  CLIPBOARD_NOTE_MAX_LENGTH,
  CLIPBOARD_POLL_MAX_MS,
  CLIPBOARD_POLL_MIN_MS,
  CLIPBOARD_RULE_MAX_LENGTH,
  type ClipboardOfflineBehaviour,
  type ClipboardRule,
  type ClipboardRuleDefaults,
  type ClipboardSettings,
  type ClipboardSettingsIssue,
} from '../../../../electron/shared/clipboard-rules.js';
import { normalizeUtm, UTM_FIELDS, validateUtm, type UtmField, type UtmParams } from '../../../../electron/shared/utm.js';

export type UtmValues = Record<UtmField, string>;

export interface DefaultsForm {
  channel: number | null;
  campaign: number | null;
  /** '' : the service's own domain. */
  domain: string;
  utm: UtmValues;
}

export interface RuleForm {
  /** Stable identity for the list (rules move). */
  key: string;
  match: string;
  action: 'allow' | 'deny';
  enabled: boolean;
  note: string;
  defaults: DefaultsForm;
}

export interface ClipboardForm {
  enabled: boolean;
  paused: boolean;
  /** null while the field is empty. */
  pollIntervalMs: number | null;
  offline: ClipboardOfflineBehaviour;
  defaults: DefaultsForm;
  rules: RuleForm[];
}

/** Messages by field: `pollIntervalMs`, `defaults.utm.source`, `rules.<key>.match`, `form`… */
export type FormErrors = Record<string, string>;

let keys = 0;
const newKey = () => `rule-${++keys}`;

export const emptyUtm = (): UtmValues => ({ source: '', medium: '', campaign: '', term: '', content: '' });
export const emptyDefaults = (): DefaultsForm => ({ channel: null, campaign: null, domain: '', utm: emptyUtm() });

export function newRule(action: 'allow' | 'deny' = 'allow'): RuleForm {
  return { key: newKey(), match: '', action, enabled: true, note: '', defaults: emptyDefaults() };
}

function defaultsForm(d: ClipboardRuleDefaults | undefined): DefaultsForm {
  const utm = emptyUtm();
  for (const f of UTM_FIELDS) utm[f] = d?.utm?.[f] ?? '';
  return { channel: d?.channel ?? null, campaign: d?.campaign ?? null, domain: d?.domain ?? '', utm };
}

export function formFromSettings(s: ClipboardSettings): ClipboardForm {
  return {
    enabled: s.enabled,
    paused: s.paused,
    pollIntervalMs: s.pollIntervalMs,
    offline: s.offline,
    defaults: defaultsForm(s.defaults),
    rules: s.rules.map((r) => ({
      key: newKey(),
      match: r.match,
      action: r.action,
      enabled: r.enabled !== false,
      note: r.note ?? '',
      defaults: defaultsForm(r.defaults),
    })),
  };
}

function defaultsOf(d: DefaultsForm): ClipboardRuleDefaults {
  const out: ClipboardRuleDefaults = {};
  if (d.channel !== null) out.channel = d.channel;
  if (d.campaign !== null) out.campaign = d.campaign;
  if (d.domain.trim() !== '') out.domain = d.domain.trim();
  const utm: UtmParams = normalizeUtm(d.utm);
  if (Object.keys(utm).length > 0) out.utm = utm;
  return out;
}

/** The settings the form stands for (blank fields left out; a deny rule has no defaults). */
export function settingsFromForm(form: ClipboardForm): ClipboardSettings {
  return {
    enabled: form.enabled,
    paused: form.paused,
    // An empty field is sent as 0, so the backend's message for the range shows next to it.
    pollIntervalMs: form.pollIntervalMs ?? 0,
    offline: form.offline,
    defaults: defaultsOf(form.defaults),
    rules: form.rules.map((r) => {
      const rule: ClipboardRule = { match: r.match.trim(), action: r.action };
      if (!r.enabled) rule.enabled = false;
      if (r.note.trim() !== '') rule.note = r.note.trim();
      if (r.action === 'allow') {
        const defaults = defaultsOf(r.defaults);
        if (Object.keys(defaults).length > 0) rule.defaults = defaults;
      }
      return rule;
    }),
  };
}

function checkUtm(utm: UtmValues, prefix: string, errors: FormErrors): void {
  for (const issue of validateUtm(utm)) {
    errors[issue.field === 'params' ? `${prefix}.utm` : `${prefix}.utm.${issue.field}`] = issueMessage(issue);
  }
}

/**
 * What can be said before anything is sent. Whether a match is a well-formed domain, pattern or
 * regular expression is the backend's to say (it compiles it as the watch will): those messages
 * arrive with the refusal and are shown on the same field.
 */
export function validateForm(form: ClipboardForm): FormErrors {
  const errors: FormErrors = {};
  const poll = form.pollIntervalMs;
  if (poll === null || !Number.isInteger(poll) || poll < CLIPBOARD_POLL_MIN_MS || poll > CLIPBOARD_POLL_MAX_MS) {
    errors['pollIntervalMs'] = t('clipboard.form.pollRange', { min: formatNumber(CLIPBOARD_POLL_MIN_MS), max: formatNumber(CLIPBOARD_POLL_MAX_MS) });
  }
  checkUtm(form.defaults.utm, 'defaults', errors);
  for (const rule of form.rules) {
    const at = `rules.${rule.key}`;
    const match = rule.match.trim();
    if (match === '') errors[`${at}.match`] = t('clipboard.form.matchRequired');
    else if (match.length > CLIPBOARD_RULE_MAX_LENGTH) {
      errors[`${at}.match`] = t('clipboard.form.matchTooLong', { n: match.length, max: CLIPBOARD_RULE_MAX_LENGTH });
    }
    if (rule.note.trim().length > CLIPBOARD_NOTE_MAX_LENGTH) {
      errors[`${at}.note`] = t('clipboard.form.noteTooLong', { n: rule.note.trim().length, max: CLIPBOARD_NOTE_MAX_LENGTH });
    }
    if (rule.action === 'allow') checkUtm(rule.defaults.utm, `${at}.defaults`, errors);
  }
  return errors;
}

/**
 * The backend's issues (paths by rule position, as sent) on the form's fields (by rule key).
 * An issue about a field the form has no place for is kept under `form`.
 */
export function errorsFromIssues(issues: ClipboardSettingsIssue[], sentRules: readonly RuleForm[]): FormErrors {
  const errors: FormErrors = {};
  const put = (key: string, message: string) => {
    if (!(key in errors)) errors[key] = message;
  };
  for (const issue of issues) {
    const path = [...issue.path];
    if (path[0] === 'rules' && path.length > 1) {
      const rule = sentRules[Number(path[1])];
      if (rule) {
        put(['rules', rule.key, ...path.slice(2)].join('.'), issueMessage(issue));
        continue;
      }
    }
    put(path.length > 0 ? path.join('.') : 'form', issueMessage(issue));
  }
  return errors;
}

/** Whether any message is about a field under `prefix` (to open a collapsed section). */
export const hasErrorsUnder = (errors: FormErrors, prefix: string): boolean =>
  Object.keys(errors).some((k) => k === prefix || k.startsWith(`${prefix}.`));

/** Reads `details.issues` of a refusal (untrusted: only well-formed issues are kept). */
export function issuesOf(details: unknown): ClipboardSettingsIssue[] {
  if (typeof details !== 'object' || details === null) return [];
  const issues = (details as { issues?: unknown }).issues;
  if (!Array.isArray(issues)) return [];
  const out: ClipboardSettingsIssue[] = [];
  for (const issue of issues) {
    if (typeof issue !== 'object' || issue === null) continue;
    const { path, message, key, params } = issue as { path?: unknown; message?: unknown; key?: unknown; params?: unknown };
    if (typeof message !== 'string' || !Array.isArray(path)) continue;
    // The key and its arguments travel on, so the form words the backend's refusal (a rule's
    // regex …) in the person's language; `message` is the English for an issue without one.
    const ref = { key, params };
    out.push({
      path: path.map(String),
      message,
      ...(typeof key === 'string' ? { key } : {}),
      ...(isMessageRef(ref) && ref.params ? { params: ref.params } : {}),
    });
  }
  return out;
}

/** Moves a rule up (-1) or down (+1); the list order is the order rules are tried. */
export function moveRule(rules: RuleForm[], index: number, by: -1 | 1): RuleForm[] {
  const to = index + by;
  if (to < 0 || to >= rules.length) return rules;
  const next = [...rules];
  const [rule] = next.splice(index, 1);
  if (rule) next.splice(to, 0, rule);
  return next;
}
