import { ApiClientError, isApiClientError } from './errors.js';

/*
 * Endpoints that exist only from some version of the service on (pixel update and delete from
 * 6.2). An older service has no such route: it answers its site's HTML 404 page, or a JSON 404
 * or 405 that names no object. Sent through the outbox, such an answer would otherwise be
 * retried for ever (a page is a 'remote-error') or, for a delete, taken for "already gone"
 * (a JSON 404 is 'not-found'), and the object would vanish from the mirror while the service
 * keeps it. So it becomes a refusal that says, in words, what the service does not offer.
 */

/**
 * Whether a failure means the service has no route for the call (rather than no such object).
 * `noun` is the object's name as the service's messages use it ("pixel"): a JSON 404 whose
 * words name it is about the object.
 */
export function isMissingRoute(error: unknown, noun: string): boolean {
  if (!isApiClientError(error)) return false;
  const { status } = error;
  if (status === 405 || status === 501) return true;
  if (status !== 404) return false;
  if (error.answerKind !== 'json') return true;
  // Addresses in the words ("no endpoint PUT /api/pixel/3/update") name no object.
  const words = error.message.replace(/\S*\/\S*/g, ' ');
  if (/\b(endpoint|route|method)\b/i.test(words)) return true;
  return !new RegExp(`\\b${noun}s?\\b`, 'i').test(words);
}

/**
 * Runs `call`; a missing route becomes an 'invalid-input' refusal (kept as failed by the outbox,
 * never retried nor taken for a deleted object) that says what the service does not offer.
 * `offering` completes "This service does not offer …" ("editing pixels").
 */
export async function unlessNotOffered<T>(
  call: () => Promise<T>,
  route: { method: string; path: string; noun: string; offering: string },
): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (!isMissingRoute(error, route.noun)) throw error;
    const status = (error as ApiClientError).status as number;
    throw new ApiClientError(
      'invalid-input',
      `This service does not offer ${route.offering} (it answered ${status} to ${route.method} ${route.path}). It may be an older version.`,
      { status, details: { notOffered: true }, cause: error },
    );
  }
}
