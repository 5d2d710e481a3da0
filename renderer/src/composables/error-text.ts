import { isBridgeError } from '../bridge.js';

/** What the user was doing when the error happened: some codes mean something specific there. */
export type ErrorContext = 'connect' | 'account' | 'general';

const BY_CODE = {
  offline: 'The service could not be reached. Check your connection and the service address, then try again.',
  unauthorized: 'The service refused the API key of this profile. Connect the profile again with a current key.',
  'rate-limited': 'The service asked Linkdeck to slow down. It will try again when the rate limit resets.',
  'invalid-input': 'The service did not accept what was sent. Check the fields and try again.',
  'not-found': 'That item no longer exists on the service.',
  'remote-error': 'The service failed to answer properly. Try again in a moment.',
  internal: 'Something went wrong inside Linkdeck. Try again; if it keeps happening, restart Linkdeck.',
} as const;

/** An error in words for the user, whatever was thrown. */
export function errorText(error: unknown, context: ErrorContext = 'general'): string {
  if (isBridgeError(error)) {
    if (context === 'connect' && error.code === 'unauthorized') {
      return 'The service refused this API key. Check that you copied the whole key from your account settings on the service.';
    }
    return error.message.trim() || BY_CODE[error.code];
  }
  if (error instanceof Error && error.message) return `Something went wrong inside Linkdeck: ${error.message}`;
  return BY_CODE.internal;
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
    if (field && typeof message === 'string' && !(field in out)) out[field] = message;
  }
  return out;
}
