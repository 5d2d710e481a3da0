import { isBridgeError } from '../bridge.js';
import { getLocale } from '../i18n/format.js';
import { t } from '../i18n/index.js';
import { isMessageRef, renderMessage, type MessageRef } from '../../../electron/shared/message-ref.js';

/** What the user was doing when the error happened: some codes mean something specific there. */
export type ErrorContext = 'connect' | 'account' | 'general';

/** Words for an error that brought none of its own (full keys: the catalogue check finds them). */
const BY_CODE = {
  offline: 'errors.byCode.offline',
  unauthorized: 'errors.byCode.unauthorized',
  'rate-limited': 'errors.byCode.rateLimited',
  'invalid-input': 'errors.byCode.invalidInput',
  'not-found': 'errors.byCode.notFound',
  'remote-error': 'errors.byCode.remoteError',
  internal: 'errors.byCode.internal',
} as const;

/**
 * A keyed sentence from the backend or a shared validator in the person's language; undefined
 * when this window has no such key (a newer backend), so the caller shows the English `message`.
 */
export function messageText(ref: MessageRef): string | undefined {
  let missing = false;
  const text = renderMessage(ref, (key, values) => {
    const out = t(key, values);
    if (out === key) missing = true;
    return out;
  }, getLocale());
  return missing ? undefined : text;
}

/** An error in words for the user, whatever was thrown. */
export function errorText(error: unknown, context: ErrorContext = 'general'): string {
  if (isBridgeError(error)) {
    if (context === 'connect' && error.code === 'unauthorized') return t('errors.byCode.keyRefusedOnConnect');
    const keyed = error.ref ? messageText(error.ref) : undefined;
    // No key: a remote service's own words or an older backend's English, shown as they came.
    return keyed ?? (error.message.trim() || t(BY_CODE[error.code]));
  }
  if (error instanceof Error && error.message) return t('errors.insideLinkdeck', { reason: error.message });
  return t(BY_CODE.internal);
}

/**
 * One validation issue (`{ path, message, key?, params? }`, as `details.issues[]` and the shared
 * validators give it) in the person's language; its English `message` when it has no key.
 */
export function issueMessage(issue: { message: string; key?: unknown; params?: unknown }): string {
  const ref = { key: issue.key, ...(issue.params === undefined ? {} : { params: issue.params }) };
  return (isMessageRef(ref) ? messageText(ref) : undefined) ?? issue.message;
}

/** Per-field messages from an `invalid-input` error's validation issues (`details.issues[].path`). */
export function fieldErrors(error: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (!isBridgeError(error) || error.code !== 'invalid-input') return out;
  const issues = error.details?.['issues'];
  if (!Array.isArray(issues)) return out;
  for (const issue of issues) {
    if (typeof issue !== 'object' || issue === null || Array.isArray(issue)) continue;
    const path = issue['path'];
    const message = issue['message'];
    const field = Array.isArray(path) && typeof path[0] === 'string' ? path[0] : null;
    if (!field || field in out || typeof message !== 'string') continue;
    out[field] = issueMessage({ message, key: issue['key'], params: issue['params'] });
  }
  return out;
}
