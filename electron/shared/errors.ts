import { englishText, isMessageRef, type MessageParams, type MessageRef } from './message-ref.js';

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

/**
 * An error as it crosses the boundary: a code the UI can act on and words for a person. The words
 * are a message key with its arguments (`key`, `params`: the renderer shows them in the person's
 * language) and `message`, their English rendering for logs and the command line's `--json`. An
 * error without a key (a remote service's own words, an old backend) is shown by its `message`.
 */
export interface AppErrorInfo {
  code: ErrorCode;
  /** English, always present: what a reader that knows no keys shows. */
  message: string;
  /** A key of the shared `errors` (or `validation`, `importNotes`) area, written out in full. */
  key?: string;
  params?: MessageParams;
  /** Extra facts for the UI (such as `retryAfterMs` or validation issues); never secrets. */
  details?: { [key: string]: JsonValue };
}

export const isErrorCode = (value: unknown): value is ErrorCode =>
  typeof value === 'string' && (ERROR_CODES as readonly string[]).includes(value);

export function isAppErrorInfo(value: unknown): value is AppErrorInfo {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as { code?: unknown; message?: unknown; details?: unknown; key?: unknown; params?: unknown };
  return (
    isErrorCode(v.code) &&
    typeof v.message === 'string' &&
    (v.key === undefined || isMessageRef({ key: v.key, params: v.params })) &&
    (v.details === undefined ||
      (typeof v.details === 'object' && v.details !== null && !Array.isArray(v.details)))
  );
}

/** An error's words as a ref, when it has a key. */
export const errorMessageRef = (info: Pick<AppErrorInfo, 'key' | 'params'>): MessageRef | undefined =>
  info.key === undefined ? undefined : info.params === undefined ? { key: info.key } : { key: info.key, params: info.params };

/** The error for a keyed sentence: the key and arguments, and their English as `message`. */
export function keyedErrorInfo(
  code: ErrorCode,
  ref: MessageRef,
  details?: { [key: string]: JsonValue },
): AppErrorInfo {
  return {
    code,
    message: englishText(ref),
    key: ref.key,
    ...(ref.params ? { params: ref.params } : {}),
    ...(details ? { details } : {}),
  };
}

/**
 * A validation issue as `details.issues[]` carries it: the field's path, the English `message`,
 * and the key and arguments the renderer shows next to the field in the person's language.
 */
export type ValidationIssue = {
  path: string[];
  message: string;
  key?: string;
  params?: MessageParams;
};

export function keyedIssue(path: readonly string[], ref: MessageRef): ValidationIssue {
  return { path: [...path], message: englishText(ref), key: ref.key, ...(ref.params ? { params: ref.params } : {}) };
}
