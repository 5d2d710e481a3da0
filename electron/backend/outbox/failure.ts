import { errorMessageRef } from '../../shared/errors.js';
import { englishText, isMessageRef, msg, type MessageRef } from '../../shared/message-ref.js';
import type { OutboxError, OutboxKind } from '../../shared/models.js';
import { AppError } from '../app-error.js';
import { isAbortError, isApiClientError } from '../api/errors.js';
import { neverSent } from '../api/transport.js';

/*
 * What a failed attempt means for the operation. Permanent: the service answered and refused
 * (invalid input, not found, any other 4xx, a route it does not offer …): kept as failed, with
 * the service's words, for the user to edit and retry or discard. Transient: the service could
 * not be reached or failed in a way that may pass (offline, 5xx, rate limited, a refused key the
 * user can fix): tried again with a growing delay; nothing is dropped. Either way only the
 * operations that depend on it wait (see queue-plan.ts, `plan`).
 */

export type FailureKind = 'offline' | 'transient' | 'permanent' | 'cancelled';

const codeOf = (error: unknown): string | undefined => {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
};

const statusOf = (error: unknown): number | undefined => {
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === 'number' ? status : undefined;
};

const detailOf = (error: unknown, name: string): unknown =>
  (error as { details?: Record<string, unknown> } | null)?.details?.[name];

/** The words a service uses for the object of each kind of operation. */
const NOUNS: Record<string, readonly string[]> = {
  link: ['link', 'url', 'short url', 'alias'],
  channel: ['channel'],
  campaign: ['campaign'],
  domain: ['domain'],
  pixel: ['pixel'],
  qr: ['qr', 'qr code'],
};

/**
 * Whether a failure means the service has no route for the call (an older version), rather
 * than no such object: the transport's verdict on the answer (405, 501, a 404 page, a page in
 * place of JSON), the API layer's (`notOffered`), or a JSON 404 whose words speak of the route
 * ("endpoint not found") and not of the object.
 */
export function isNotOffered(error: unknown, kind?: OutboxKind): boolean {
  if (!isApiClientError(error)) return false;
  if (detailOf(error, 'routeMissing') === true || detailOf(error, 'notOffered') === true)
    return true;
  if (error.code !== 'not-found' || error.status !== 404) return false;
  // Addresses in the words ("no route for POST /api/channel/add") are not the object.
  const words = error.message.replace(/\S*\/\S*/g, ' ');
  if (!/\b(endpoint|route|method|action|api)\b/i.test(words)) return false;
  const nouns = kind ? (NOUNS[kind.slice(0, kind.indexOf('.'))] ?? []) : [];
  return !nouns.some((n) => new RegExp(`\\b${n}s?\\b`, 'i').test(words));
}

export function classify(error: unknown, kind?: OutboxKind): FailureKind {
  if (isAbortError(error)) return 'cancelled';
  if (isNotOffered(error, kind)) return 'permanent';
  switch (codeOf(error)) {
    case 'offline':
      return 'offline';
    case 'rate-limited':
    case 'unauthorized':
      return 'transient';
    case 'remote-error': {
      // A 4xx the client has no code for (418, 451 …) is a refusal; 408 and 425 say "later".
      const status = statusOf(error);
      return status !== undefined &&
        status >= 400 &&
        status < 500 &&
        status !== 408 &&
        status !== 425
        ? 'permanent'
        : 'transient';
    }
    case 'invalid-input':
    case 'not-found':
      return 'permanent';
    default:
      // A fault of Linkdeck itself (a bug, a broken answer): do not hammer the service with it.
      return 'permanent';
  }
}

/**
 * Whether the request of a failed attempt may have reached the service (and a create may have
 * made its object): our own timeout, a reset, a call cancelled on the wire, a 5xx or an answer
 * we could not read. Not when it surely never left (connection refused) or the service refused
 * it before acting (rate limit, key). Asked only of a request that left the profile's queue: one
 * cancelled while it waited there never reached anything (attempt.ts, `onSend`).
 */
export function mayHaveReached(error: unknown, failure: FailureKind): boolean {
  if (failure === 'cancelled') return true;
  if (failure === 'offline') return !(isApiClientError(error) && neverSent(error));
  return codeOf(error) === 'remote-error';
}

/**
 * Whether a refusal says the object already exists ("You already have a campaign with that
 * name", "That alias is taken"): after a create whose answer was lost, it may be ours.
 */
export function saysAlreadyExists(error: unknown): boolean {
  if (!isApiClientError(error)) return false;
  if (error.status === 409) return true;
  if (error.code !== 'invalid-input' && error.code !== 'remote-error') return false;
  return /\balready\b|\b(is|been) taken\b|\bin use\b|\bduplicate\b|\bnot available\b/i.test(
    error.message,
  );
}

/** What an operation asks the service for: the `offering` choice of errors.outbox.notOffered ('linkCreate'). */
const offering = (kind: OutboxKind): string => kind.replace(/\.(\w)/, (_, c: string) => c.toUpperCase());

/** The error as the outbox keeps it: a code and words for a person (never a stack). */
export function errorInfo(error: unknown, kind?: OutboxKind): OutboxError {
  const code = codeOf(error) ?? 'internal';
  if (kind && detailOf(error, 'notOffered') !== true && isNotOffered(error, kind)) {
    const request = detailOf(error, 'request');
    const status = statusOf(error);
    // "404", or "a web page with HTTP 200": what the service answered.
    const answer = status === undefined ? 'error' : status >= 200 && status < 300 ? 'page' : 'status';
    const params = { offering: offering(kind), answer, status: status ?? 0 };
    return keyed(
      'invalid-input',
      typeof request === 'string'
        ? msg('errors.outbox.notOfferedTo', { ...params, request })
        : msg('errors.outbox.notOffered', params),
    );
  }
  const own =
    typeof (error as { message?: unknown } | null)?.message === 'string' &&
    (code !== 'internal' || (error as Error).name === 'AppError');
  if (!own) return keyed(code, msg('errors.outbox.couldNotSend'));
  // Linkdeck's own sentences keep their key; a service's own words (no key) are kept as they came.
  const ref = isApiClientError(error) ? error.ref : error instanceof AppError ? errorMessageRef(error.info) : undefined;
  const message = (error as Error).message;
  return ref ? { ...keyed(code, ref), message } : { code, message };
}

/** A kept error whose words are a message: its English, and the key and arguments. */
export function keyed(code: string, ref: MessageRef): OutboxError {
  return { code, message: englishText(ref), key: ref.key, ...(ref.params ? { params: ref.params } : {}) };
}

/** A kept error's words as a message, when it has one (rows of older versions have none). */
export function outboxErrorRef(error: OutboxError | null): MessageRef | undefined {
  if (!error || error.key === undefined) return undefined;
  const ref = error.params === undefined ? { key: error.key } : { key: error.key, params: error.params };
  return isMessageRef(ref) ? ref : undefined;
}

/** A kept refusal thrown again to whoever waits for the change, its key (if any) kept. */
export function refusalError(code: 'invalid-input' | 'not-found', error: OutboxError | null): AppError {
  if (!error) return AppError.keyed(code, msg('errors.outbox.refused'));
  const ref = outboxErrorRef(error);
  return new AppError({ code, message: error.message, ...(ref ? { key: ref.key, ...(ref.params ? { params: ref.params } : {}) } : {}) });
}

/** Delay before attempt `attempts + 1` after a transient failure: 2 s, 4 s … at most 2 min. */
export function backoffMs(attempts: number, min = 2_000, max = 120_000): number {
  return Math.min(max, min * 2 ** Math.max(0, attempts - 1));
}
