import { msg } from '../../shared/message-ref.js';
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

/** Words of a JSON answer that speak of the route, not of an object ("Endpoint not found"). */
const NO_ROUTE_WORDS =
  /\b(no such|unknown|invalid|missing|unsupported)\s+(api\s+)?(endpoint|route|method|action)\b|\b(endpoint|route|action)\b[^.;]*\b(not found|does not exist|doesn't exist|not supported|not available|not allowed)\b|\bmethod not allowed\b/i;

/**
 * Whether the answer to a list request means the service has no such collection (an older
 * version) rather than trouble of the moment. Read as "not offered":
 * - HTTP 405 or 501 (the route exists for no method we can use);
 * - HTTP 404 with a page, text or nothing in place of JSON (the site's "Page not found");
 * - HTTP 404 with JSON whose words do not name the collection's object, or name the route;
 * - HTTP 2xx with a web page or text in place of JSON (a PHP site's catch-all page);
 * - HTTP 200, 400 or 404 with JSON words such as "Endpoint not found", "Unknown action".
 * Never a 5xx (but 501), a timeout, a refused connection, a 401/403 or a rate limit: those
 * pass, or are the key's, and take their usual ways. The caller must have seen the API answer
 * (the account) before it trusts this: a wrong base URL answers every path the same way.
 */
export function isCollectionMissing(error: unknown, noun: string): boolean {
  if (!isApiClientError(error) || error.status === undefined) return false;
  const { status, answerKind } = error;
  if (isMissingRoute(error, noun)) return true;
  if (status >= 200 && status < 300 && (answerKind === 'html' || answerKind === 'text'))
    return true;
  if (answerKind === 'json' && (status === 200 || status === 400 || status === 404))
    return NO_ROUTE_WORDS.test(error.message.replace(/\S*\/\S*/g, ' '));
  return false;
}

/**
 * What the service answered, as arguments of errors.notOffered.collection: "HTTP 404 with a web
 * page", "HTTP 200 with text" (status 0: no status, "an error").
 */
export function answerParams(error: ApiClientError): { status: number; shape: string } {
  const kind = error.answerKind;
  return { status: error.status ?? 0, shape: kind === 'html' || kind === 'text' || kind === 'empty' ? kind : 'other' };
}

/**
 * Runs `call`; a missing route becomes an 'invalid-input' refusal (kept as failed by the outbox,
 * never retried nor taken for a deleted object) that says what the service does not offer.
 * `offering` says what ("pixelUpdate": "This service does not offer editing pixels …").
 */
export async function unlessNotOffered<T>(
  call: () => Promise<T>,
  route: { method: string; path: string; noun: string; offering: 'pixelUpdate' | 'pixelDelete' | 'qrUpdate' | 'qrDelete' },
): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (!isMissingRoute(error, route.noun)) throw error;
    const status = (error as ApiClientError).status as number;
    throw new ApiClientError(
      'invalid-input',
      msg('errors.outbox.notOfferedTo', { offering: route.offering, answer: 'status', status, request: `${route.method} ${route.path}` }),
      { status, details: { notOffered: true }, cause: error },
    );
  }
}
