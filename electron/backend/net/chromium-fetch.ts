import { isAbortError } from '../api/errors.js';

/** Electron's `net.fetch` (or a session's `fetch`), as far as Linkdeck uses it. */
export type ChromiumFetch = (input: string | Request, init?: RequestInit) => Promise<Response>;

/**
 * A network failure of Chromium's stack in the shape Node's fetch gives one: a
 * `TypeError('fetch failed')` whose cause carries the code, so every caller that already
 * understands Node's failures (the API client, the account check) understands these too.
 */
export class ChromiumNetError extends Error {
  /** Chromium's code as it came, `net::ERR_CERT_AUTHORITY_INVALID`; or the whole words. */
  readonly code: string;

  constructor(original: string, cause?: unknown) {
    super(original, cause === undefined ? undefined : { cause });
    this.name = 'ChromiumNetError';
    this.code = /\bnet::ERR_[A-Z0-9_]+\b/.exec(original)?.[0] ?? original;
  }
}

/**
 * A `fetch` for the API client built on Chromium's: the same request as Node's fetch would
 * send, and failures in the same shape. Differences it takes away:
 * - cookies: Chromium's fetch would keep and send the default session's cookies for the
 *   service (`credentials` defaults to include without an origin); Node's keeps none. Omitted.
 * - cache: Chromium's HTTP cache could answer a GET from disk; the API client wants the
 *   service's answer. `no-store`.
 * - a URL object as input: net.fetch takes a string or a Request.
 * - its rejections (`Error('net::ERR_…')`, `Error('Redirect was cancelled')`) become
 *   `TypeError('fetch failed', { cause: ChromiumNetError })`; an abort stays the AbortError.
 */
export function chromiumFetch(netFetch: ChromiumFetch): typeof fetch {
  return async (input, init) => {
    const target = input instanceof URL ? input.href : input;
    try {
      return await netFetch(target, { ...init, credentials: 'omit', cache: 'no-store' });
    } catch (error) {
      if (isAbortError(error) || init?.signal?.aborted) throw error;
      throw nodeShaped(error);
    }
  };
}

/** `TypeError('fetch failed')` caused by the net error (itself caused by the original). */
function nodeShaped(error: unknown): TypeError {
  const words =
    error instanceof Error ? error.message : typeof error === 'string' ? error : String(error);
  return new TypeError('fetch failed', { cause: new ChromiumNetError(words, error) });
}
