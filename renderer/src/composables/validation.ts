/**
 * Checks run while the user fills in a form, before anything is sent. Each answers the message to
 * show next to the field, or null. The service checks again: these only spare a round trip.
 */
import { englishText, type MessageRef } from '../../../electron/shared/message-ref.js';
import { apiKeyIssue, baseUrlIssue, profileNameIssue } from '../../../electron/shared/profile-validation.js';
import { messageText } from './error-text.js';
import { t } from '../i18n/index.js';

export const PASSWORD_MIN = 8;

/** The same loose rule as the local service: one @, something on both sides, a dot in the domain. */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@.]+$/;

export function validateEmail(text: string): string | null {
  const email = text.trim();
  if (!email) return t('links.validation.emailMissing');
  if (!EMAIL.test(email)) return t('links.validation.emailInvalid');
  return null;
}

export function validatePassword(text: string): string | null {
  if (!text) return t('links.validation.passwordMissing');
  if ([...text].length < PASSWORD_MIN) return t('links.validation.passwordShort', { n: PASSWORD_MIN });
  return null;
}

export function validateConfirmation(password: string, confirmation: string): string | null {
  if (!confirmation) return t('links.validation.confirmMissing');
  return password === confirmation ? null : t('links.validation.confirmDiffers');
}

export interface ConnectFields {
  name: string;
  baseUrl: string;
  apiKey: string;
}

export type FieldErrors<K extends string> = Partial<Record<K, string>>;

export function validateConnect(fields: ConnectFields): FieldErrors<keyof ConnectFields> {
  const errors: FieldErrors<keyof ConnectFields> = {};
  const name = issueText(profileNameIssue(fields.name));
  const baseUrl = issueText(baseUrlIssue(fields.baseUrl));
  const apiKey = issueText(apiKeyIssue(fields.apiKey));
  if (name) errors.name = name;
  if (baseUrl) errors.baseUrl = baseUrl;
  if (apiKey) errors.apiKey = apiKey;
  return errors;
}

/** A shared validator's keyed issue in the person's language (issue 44), or null when there is none. */
export const issueText = (ref: MessageRef | null): string | null => (ref ? (messageText(ref) ?? englishText(ref)) : null);

/** The profile form fields' messages, in the person's language (for SetKeyDialog and ProfileList). */
export const profileNameError = (text: string): string | null => issueText(profileNameIssue(text));
export const apiKeyError = (text: string): string | null => issueText(apiKeyIssue(text));

export const hasErrors = (errors: object): boolean => Object.values(errors).some(Boolean);

/** The long URL of a new short link: a whole http(s) address. */
export function validateLongUrl(text: string): string | null {
  const value = text.trim();
  if (!value) return t('links.validation.urlMissing');
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return t('links.validation.urlWhole');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return t('links.validation.urlScheme');
  if (!url.hostname) return t('links.validation.urlHost');
  return null;
}

/** An optional custom alias: letters, digits, dashes and underscores, as short URLs allow. */
export function validateAlias(text: string): string | null {
  const value = text.trim();
  if (!value) return null;
  if (!/^[A-Za-z0-9_-]+$/.test(value)) return t('links.validation.aliasCharacters');
  if (value.length > 100) return t('links.validation.aliasLong', { n: 100 });
  return null;
}
