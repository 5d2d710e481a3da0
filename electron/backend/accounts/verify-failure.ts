import { englishText, isMessageRef, mapMessageStrings, msg } from '../../shared/message-ref.js';
import { describeError, redact } from '../secrets/secret-store.js';
import { AccountError } from './account-error.js';

/**
 * Turns whatever `verifyAccount` threw into a clear {@link AccountError}. It understands errors
 * that carry a `code` (the API client's typed errors) or an HTTP `status`, and raw `fetch`
 * failures, whose real reason (ECONNREFUSED, ENOTFOUND, …) hides in their `cause` chain.
 * The key is masked out of anything taken from the foreign error.
 */
export function verifyFailure(error: unknown, baseUrl: string, apiKey: string): AccountError {
  const code = stringProp(error, 'code');
  const status = numberProp(error, 'status');
  const details = { baseUrl, ...(status ? { status } : {}) };

  if (code === 'unauthorized' || status === 401 || status === 403) {
    return new AccountError(
      'unauthorized',
      msg('errors.accounts.keyRefused', { baseUrl }),
      details,
    );
  }
  if (code === 'rate-limited' || status === 429) {
    return new AccountError(
      'rate-limited',
      msg('errors.accounts.rateLimited', { baseUrl }),
      details,
    );
  }
  // The API client already put a proxy, certificate or name failure in words (its details say
  // which): those words are better than a generic "could not reach".
  const said = (error as { details?: { network?: unknown } } | null)?.details;
  if (code === 'offline' && said?.network && error instanceof Error) {
    const ref = (error as { ref?: unknown }).ref;
    const words = isMessageRef(ref) ? mapMessageStrings(ref, (text) => redact(text, apiKey)) : redact(error.message, apiKey);
    return new AccountError('offline', words, details);
  }
  const network = networkReasonKind(error);
  if (code === 'offline' || network) {
    return new AccountError(
      'offline',
      msg('errors.accounts.unreachable', { baseUrl, reason: msg('errors.accounts.networkReason', { kind: network ?? 'failed' }) }),
      details,
    );
  }
  if (code === 'not-found' || status === 404) {
    return new AccountError(
      'remote-error',
      msg('errors.accounts.notALinkService', { baseUrl }),
      details,
    );
  }
  return new AccountError(
    'remote-error',
    // The error's own words (a system's, in English) inside a translated sentence.
    msg('errors.accounts.checkFailed', { baseUrl, reason: redact(describeError(error), apiKey) }),
    details,
  );
}


/** Why a network request failed, as the `kind` select of `errors.accounts.networkReason`. */
type ReasonKind = 'timeout' | 'refused' | 'notFound' | 'closed' | 'unreachable' | 'tls' | 'certificate' | 'failed';

/** The first network-level reason found in the error and its causes, in English words. */
export function networkReason(error: unknown): string | null {
  const kind = networkReasonKind(error);
  if (kind === null) return null;
  return englishText(msg('errors.accounts.networkReason', { kind }));
}

/** The first network-level reason found in the error and its causes, in words. */
export function networkReasonKind(error: unknown): ReasonKind | null {
  const seen = new Set<unknown>();
  const queue: unknown[] = [error];
  while (queue.length > 0 && seen.size < 20) {
    const current = queue.shift();
    if (!current || typeof current !== 'object' || seen.has(current)) continue;
    seen.add(current);
    const reason = reasonFor(stringProp(current, 'code'), stringProp(current, 'name'));
    if (reason) return reason;
    // The API client marks its own request timeout this way.
    const details = (current as { details?: unknown }).details;
    if (
      details &&
      typeof details === 'object' &&
      (details as { timeout?: unknown }).timeout === true
    )
      return 'timeout';
    queue.push((current as { cause?: unknown }).cause);
    const inner = (current as { errors?: unknown }).errors;
    if (Array.isArray(inner)) queue.push(...inner);
  }
  // Node's fetch reports every network failure as this TypeError; its cause had no known code.
  if (error instanceof TypeError && error.message === 'fetch failed')
    return 'failed';
  return null;
}

function reasonFor(code: string | undefined, name: string | undefined): ReasonKind | null {
  if (name === 'TimeoutError' || name === 'AbortError') return 'timeout';
  switch (code) {
    case 'ECONNREFUSED':
      return 'refused';
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
    case 'EAI_NONAME':
      return 'notFound';
    case 'ETIMEDOUT':
    case 'UND_ERR_CONNECT_TIMEOUT':
    case 'UND_ERR_HEADERS_TIMEOUT':
    case 'UND_ERR_BODY_TIMEOUT':
      return 'timeout';
    case 'ECONNRESET':
    case 'EPIPE':
    case 'UND_ERR_SOCKET':
    case 'UND_ERR_CLOSED':
      return 'closed';
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
    case 'ENETDOWN':
      return 'unreachable';
    case 'EPROTO':
    case 'ERR_SSL_WRONG_VERSION_NUMBER':
      return 'tls';
    default:
      if (
        code &&
        (/CERT|SELF_SIGNED|UNABLE_TO_VERIFY/.test(code) || code === 'ERR_TLS_CERT_ALTNAME_INVALID')
      ) {
        return 'certificate';
      }
      return null;
  }
}

function stringProp(value: unknown, key: string): string | undefined {
  if (!value || typeof value !== 'object') return undefined;
  const v = (value as Record<string, unknown>)[key];
  return typeof v === 'string' ? v : undefined;
}

function numberProp(value: unknown, key: string): number | undefined {
  if (!value || typeof value !== 'object') return undefined;
  const v = (value as Record<string, unknown>)[key];
  return typeof v === 'number' && Number.isFinite(v) ? v : undefined;
}
