import { isAbortError } from '../api/errors.js';

/*
 * What a failed attempt means for the operation. Permanent: the service answered and refused
 * (invalid input, not found …): kept as failed, with the service's words, for the user to edit
 * and retry or discard. Transient: the service could not be reached or failed in a way that may
 * pass (offline, 5xx, rate limited, a refused key the user can fix): tried again, in order,
 * with a growing delay; nothing is dropped.
 */

export type FailureKind = 'offline' | 'transient' | 'permanent' | 'cancelled';

const codeOf = (error: unknown): string | undefined => {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
};

export function classify(error: unknown): FailureKind {
  if (isAbortError(error)) return 'cancelled';
  switch (codeOf(error)) {
    case 'offline':
      return 'offline';
    case 'rate-limited':
    case 'remote-error':
    case 'unauthorized':
      return 'transient';
    case 'invalid-input':
    case 'not-found':
      return 'permanent';
    default:
      // A fault of Linkdeck itself (a bug, a broken answer): do not hammer the service with it.
      return 'permanent';
  }
}

/** The error as the outbox keeps it: a code and words for a person (never a stack). */
export function errorInfo(error: unknown): { code: string; message: string } {
  const code = codeOf(error) ?? 'internal';
  const message =
    typeof (error as { message?: unknown } | null)?.message === 'string' &&
    (code !== 'internal' || (error as Error).name === 'AppError')
      ? (error as Error).message
      : 'Linkdeck could not send this change.';
  return { code, message };
}

/** Delay before attempt `attempts + 1` after a transient failure: 2 s, 4 s … at most 2 min. */
export function backoffMs(attempts: number, min = 2_000, max = 120_000): number {
  return Math.min(max, min * 2 ** Math.max(0, attempts - 1));
}
