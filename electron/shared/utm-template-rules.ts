/**
 * The rules of saved UTM templates, shared by the backend store (which enforces them) and the
 * renderer's save form (which says them next to the field before anything is sent). Pure.
 */
import {
  hasUtm,
  normalizeUtm,
  UTM_TEMPLATE_NAME_MAX_LENGTH,
  UTM_FIELDS,
  UTM_TEMPLATES_MAX,
  validateUtm,
  type UtmField,
  type UtmParams,
  type UtmTemplate,
} from './utm.js';
import { englishText, msg, type MessageParams, type MessageRef } from './message-ref.js';

/** A problem, in English (`message`) and, for the template rules' own, as a key (issue 44). */
export interface UtmTemplateIssue {
  field: 'name' | 'params' | UtmField;
  message: string;
  key?: string;
  params?: MessageParams;
}

const keyed = (field: UtmTemplateIssue['field'], ref: MessageRef): UtmTemplateIssue => ({
  field,
  message: englishText(ref),
  key: ref.key,
  ...(ref.params ? { params: ref.params } : {}),
});

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/;

/** The name as it is kept: trimmed, inner runs of spaces left alone (they are the person's). */
export const templateName = (name: string): string => name.trim();

/** Names are unique regardless of case: "Newsletter" and "newsletter" are the same template. */
export const templateKey = (name: string): string => templateName(name).normalize('NFC').toLowerCase();

export const sameTemplateName = (a: string, b: string): boolean => templateKey(a) === templateKey(b);

/** What is wrong with a template name as a message key, or null. */
export function templateNameRef(name: unknown): MessageRef | null {
  if (typeof name !== 'string' || templateName(name) === '') return msg('validation.utm.nameEmpty');
  const trimmed = templateName(name);
  if (trimmed.length > UTM_TEMPLATE_NAME_MAX_LENGTH) {
    return msg('validation.utm.nameTooLong', { n: trimmed.length, max: UTM_TEMPLATE_NAME_MAX_LENGTH });
  }
  if (CONTROL.test(trimmed)) return msg('validation.utm.nameControl');
  return null;
}

/** What is wrong with a template name, in English, or null. */
export function templateNameIssue(name: unknown): string | null {
  const ref = templateNameRef(name);
  return ref ? englishText(ref) : null;
}

/**
 * Every problem with saving `params` under `name` next to the `existing` templates. A name already
 * used is not a problem (the template is replaced); a new one beyond the limit is.
 */
export function validateTemplate(name: unknown, params: UtmParams, existing: readonly UtmTemplate[]): UtmTemplateIssue[] {
  const issues: UtmTemplateIssue[] = [];
  const nameIssue = templateNameRef(name);
  if (nameIssue) issues.push(keyed('name', nameIssue));
  const paramIssues = validateUtm(params);
  for (const issue of paramIssues) if (issue.field !== 'url') issues.push({ ...issue, field: issue.field });
  if (paramIssues.length === 0 && !hasUtm(params)) {
    issues.push(keyed('params', msg('validation.utm.noParameter')));
  }
  const replaces = typeof name === 'string' && existing.some((t) => sameTemplateName(t.name, name));
  if (!nameIssue && !replaces && existing.length >= UTM_TEMPLATES_MAX) {
    issues.push(keyed('name', msg('validation.utm.tooMany', { n: existing.length })));
  }
  return issues;
}

/** The template as it is kept: trimmed name, only the parameters that have a value. */
export function cleanTemplate(name: string, params: UtmParams): UtmTemplate {
  return { name: templateName(name), params: normalizeUtm(params) };
}

/** By name, as a person reads a list: case and accents aside, then exact text for a stable order. */
export function sortTemplates(templates: readonly UtmTemplate[]): UtmTemplate[] {
  return [...templates].sort((a, b) => a.name.localeCompare(b.name, undefined, { sensitivity: 'base' }) || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

/** Whether two parameter sets say the same thing (blank and missing are the same). */
export function sameUtm(a: UtmParams, b: UtmParams): boolean {
  const x = normalizeUtm(a);
  const y = normalizeUtm(b);
  return UTM_FIELDS.every((f) => x[f] === y[f]);
}
