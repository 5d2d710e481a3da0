/**
 * The error codes every layer shares, and the serialisable error that crosses the boundary.
 * Pure TypeScript: the renderer, the backend and the shells all import it.
 */

export const ERROR_CODES = [
  /** The service could not be reached (network failure, timeout). */
  'offline',
  /** The key was refused (HTTP 401/403). */
  'unauthorized',
  /** The service asked us to slow down (HTTP 429 or `"error": 429`). */
  'rate-limited',
  /** The service (or our own validation) rejected what was sent; the message says why. */
  'invalid-input',
  /** The object does not exist (or belongs to someone else). */
  'not-found',
  /** The service failed or answered something we cannot read (5xx, HTML, garbage). */
  'remote-error',
  /** A fault of Linkdeck itself. */
  'internal',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

/** A value that survives JSON and structured clone unchanged. */
export type JsonValue =
  string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

/** An error as it crosses the boundary: a code the UI can act on and words for a person. */
export interface AppErrorInfo {
  code: ErrorCode;
  message: string;
  /** Extra facts for the UI (such as `retryAfterMs` or validation issues); never secrets. */
  details?: { [key: string]: JsonValue };
}

export const isErrorCode = (value: unknown): value is ErrorCode =>
  typeof value === 'string' && (ERROR_CODES as readonly string[]).includes(value);

export function isAppErrorInfo(value: unknown): value is AppErrorInfo {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as { code?: unknown; message?: unknown; details?: unknown };
  return (
    isErrorCode(v.code) &&
    typeof v.message === 'string' &&
    (v.details === undefined ||
      (typeof v.details === 'object' && v.details !== null && !Array.isArray(v.details)))
  );
}
