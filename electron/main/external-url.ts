import { msg, type MessageRef } from '../shared/message-ref.js';

/**
 * Why a URL may not be handed to the OS browser, as a message (issue 44), or null when it may.
 * Only absolute http(s) URLs: file:, javascript:, data: or a custom scheme could start a local
 * program or read local files.
 */
export function externalUrlRefusal(url: unknown): MessageRef | null {
  if (typeof url !== 'string' || url.length > 8192) return msg('errors.openExternal.notALink');
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return msg('errors.openExternal.notALink');
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return msg('errors.openExternal.onlyHttp');
  if (parsed.hostname === '') return msg('errors.openExternal.notALink');
  // Credentials in a URL are a classic phishing disguise (https://bank.com@evil.example).
  if (parsed.username !== '' || parsed.password !== '') return msg('errors.openExternal.withCredentials');
  return null;
}

/** Whether a URL may be handed to the OS browser (see externalUrlRefusal). */
export function isSafeExternalUrl(url: unknown): boolean {
  return externalUrlRefusal(url) === null;
}
