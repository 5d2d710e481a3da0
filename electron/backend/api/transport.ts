import { randomUUID } from 'node:crypto';
import type { JsonValue } from '../../shared/errors.js';
import { mapMessageStrings, msg, type MessageParam } from '../../shared/message-ref.js';
import {
  classifyNetworkFailure,
  networkFailureMessage,
  type NetworkFailure,
} from '../net/network-failure.js';
import { interpretAnswer } from './answer.js';
import { abortReason, ApiClientError, isAbortError } from './errors.js';
import { bodyRetryAfter, readRateInfo, type RateInfo } from './rate-info.js';

export type AuthScheme = 'Bearer' | 'Token';
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface Timers {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export interface TransportOptions {
  /** The service's address, e.g. `https://s.example.com` (a trailing `/api` is tolerated). */
  baseUrl: string;
  /** Read at call time (the key lives in the keychain); never stored by the client. */
  apiKey: () => Promise<string> | string;
  fetch?: typeof fetch;
  /** Per HTTP attempt, body included, of every call but a create. Default 15 s. */
  timeoutMs?: number;
  /**
   * Per HTTP attempt of a create (`POST …/add`). Default 60 s: real servers fetch the target
   * page's title while creating a link, which can take 30 s, and a create given up too early
   * is looked up (and sent again) while the service is still making it.
   */
  createTimeoutMs?: number;
  /** The scheme learned for this profile earlier; default Bearer. */
  authScheme?: AuthScheme;
  /** Called when the other scheme worked after the remembered one was refused. */
  onAuthSchemeLearned?: (scheme: AuthScheme) => void;
  /** Called with the rate facts of every answer that has any. */
  onRateInfo?: (info: RateInfo) => void;
  now?: () => number;
  timers?: Timers;
  /** GET attempts in all (network errors, timeouts, 5xx). Default 3. */
  getAttempts?: number;
  /**
   * POST attempts in all. Default 2. A POST is tried again only after a failure that happens
   * before anything is sent (connection refused, host not found): after a timeout or a reset the
   * service may have acted, and the spec promises nothing about Idempotency-Key, so the caller
   * (the outbox) looks the result up before sending again.
   */
  postAttempts?: number;
  /** First retry delay; each further one triples. Default 250 ms. */
  retryDelayMs?: number;
  random?: () => number;
  newIdempotencyKey?: () => string;
}

/** Per-call options every client method takes last. */
export interface CallOptions {
  /** Cancels the call (the fetch in flight and any wait between retries). */
  signal?: AbortSignal;
  /** Idempotency-Key of a POST; reuse it when repeating the same logical call. A new uuid otherwise. */
  idempotencyKey?: string;
  /** Awaited before every extra HTTP attempt (a retry), so a scheduler can charge it to its budget. */
  beforeRetry?: () => Promise<void>;
}

export interface RequestSpec {
  method: HttpMethod;
  /** Path from the base URL, starting with /api. */
  path: string;
  query?: Record<string, string | number | undefined>;
  body?: unknown;
  /** What the call does, for messages: "listing links" (a message `errors.doing.*`, issue 44). */
  what: MessageParam;
}

export interface Transport {
  request(spec: RequestSpec, options?: CallOptions): Promise<unknown>;
  /** Adds a listener for rate facts; returns the remover. */
  addRateInfoListener(listener: (info: RateInfo) => void): () => void;
  readonly authScheme: AuthScheme;
  readonly baseUrl: string;
}

const DEFAULT_TIMEOUT_MS = 15_000;
const DEFAULT_CREATE_TIMEOUT_MS = 60_000;
/**
 * A web page in an HTTP 200 answer is taken for a route the service lacks (its site's page
 * served for an unknown address) when the same service answered JSON this recently; without
 * such an answer it may as well be a captive portal or a proxy in the way.
 */
const JSON_EVIDENCE_MS = 10 * 60_000;

/** A create: its own, longer timeout. */
export const isCreateRequest = (spec: Pick<RequestSpec, 'method' | 'path'>): boolean =>
  spec.method === 'POST' && /\/add$/.test(spec.path);
const otherScheme = (scheme: AuthScheme): AuthScheme => (scheme === 'Bearer' ? 'Token' : 'Bearer');

/** `https://host/x/` and `https://host/x/api` both mean `https://host/x`. */
export function normaliseBaseUrl(raw: string): string {
  const text = raw.trim();
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new ApiClientError('invalid-input', msg('errors.baseUrl.notWeb'));
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new ApiClientError('invalid-input', msg('errors.baseUrl.httpOnly'));
  }
  if (url.username || url.password)
    throw new ApiClientError('invalid-input', msg('errors.baseUrl.noUser'));
  const path = url.pathname.replace(/\/+$/, '').replace(/\/api$/i, '');
  return `${url.origin}${path}`;
}

/** A cheap fingerprint so that "the other scheme failed for this key" is not kept as the key itself. */
function fingerprint(key: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) h = Math.imul(h ^ key.charCodeAt(i), 0x01000193);
  return `${key.length}:${(h >>> 0).toString(36)}`;
}

export function createTransport(options: TransportOptions): Transport {
  const baseUrl = normaliseBaseUrl(options.baseUrl);
  const doFetch = options.fetch ?? globalThis.fetch;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const createTimeoutMs = options.createTimeoutMs ?? DEFAULT_CREATE_TIMEOUT_MS;
  const now = options.now ?? Date.now;
  const timers: Timers = options.timers ?? {
    setTimeout: (cb, ms) => setTimeout(cb, ms),
    clearTimeout: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
  };
  const random = options.random ?? Math.random;
  const newKey = options.newIdempotencyKey ?? randomUUID;
  const retryDelayMs = options.retryDelayMs ?? 250;
  const attemptsFor = (method: HttpMethod) =>
    method === 'GET'
      ? Math.max(1, options.getAttempts ?? 3)
      : method === 'POST'
        ? Math.max(1, options.postAttempts ?? 2)
        : 1;

  let scheme: AuthScheme = options.authScheme ?? 'Bearer';
  /** When this service last answered with JSON (any answer, even a refusal). */
  let jsonSeenAt: number | undefined;
  // The key whose other-scheme attempt already failed: do not spend a request on it each call.
  let fallbackFailedFor: string | undefined;
  const rateListeners = new Set<(info: RateInfo) => void>();
  if (options.onRateInfo) rateListeners.add(options.onRateInfo);

  function report(info: RateInfo) {
    for (const listener of rateListeners) {
      try {
        listener(info);
      } catch {
        // A listener's fault must not turn a good answer into a failed call.
      }
    }
  }

  async function readKey(): Promise<string> {
    let key: string;
    try {
      key = (await options.apiKey()).trim();
    } catch (error) {
      // A refusal in words of its own (the local workspace is not running) stands as it is.
      if (error instanceof ApiClientError && error.code === 'offline') throw error;
      throw new ApiClientError('unauthorized', msg('errors.apiKey.unreadable'));
    }
    if (key === '')
      throw new ApiClientError('unauthorized', msg('errors.apiKey.missing'));
    // A key with spaces or control characters cannot be a header value (and would let a header be forged).
    if (!/^[\x21-\x7e]+$/.test(key)) {
      throw new ApiClientError('unauthorized', msg('errors.apiKey.badCharacters'));
    }
    return key;
  }

  function buildUrl(spec: RequestSpec): string {
    const query = new URLSearchParams();
    for (const [name, value] of Object.entries(spec.query ?? {}))
      if (value !== undefined) query.set(name, String(value));
    const qs = query.toString();
    return `${baseUrl}${spec.path}${qs ? `?${qs}` : ''}`;
  }

  /** One HTTP exchange: the answer's body, or an ApiClientError (or the caller's abort). */
  async function exchange(
    spec: RequestSpec,
    authScheme: AuthScheme,
    key: string,
    idempotencyKey: string | undefined,
    signal?: AbortSignal,
  ): Promise<unknown> {
    if (signal?.aborted) throw abortReason(signal);
    const headers: Record<string, string> = {
      Accept: 'application/json',
      Authorization: `${authScheme} ${key}`,
    };
    if (spec.body !== undefined) headers['Content-Type'] = 'application/json';
    if (idempotencyKey !== undefined) headers['Idempotency-Key'] = idempotencyKey;

    const controller = new AbortController();
    let timedOut = false;
    const limitMs = isCreateRequest(spec) ? createTimeoutMs : timeoutMs;
    const startedAt = now();
    // Every failure says how long ago the request left and what it was: the outbox waits for
    // a create the service may still be making, and names a route the service does not have.
    const facts = () => ({ request: `${spec.method} ${spec.path}`, elapsedMs: now() - startedAt });
    const timer = timers.setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, limitMs);
    const onAbort = () => controller.abort();
    signal?.addEventListener('abort', onAbort, { once: true });
    try {
      const response = await doFetch(buildUrl(spec), {
        method: spec.method,
        headers,
        ...(spec.body !== undefined ? { body: JSON.stringify(spec.body) } : {}),
        // Never follow: a redirect would carry the key to wherever it points.
        redirect: 'manual',
        signal: controller.signal,
      });
      if (response.status === 407) {
        // The proxy, not the service, answered: the service was never reached.
        await response.body?.cancel().catch(() => undefined);
        const failure = PROXY_SIGN_IN;
        throw new ApiClientError(
          'offline',
          networkFailureMessage(failure, new URL(baseUrl).host, spec.what),
          { status: 407, details: { ...facts(), network: networkDetails(failure) } },
        );
      }
      const text = await response.text();
      const head = {
        status: response.status,
        statusText: response.statusText,
        headers: response.headers,
      };
      const rateLimitedFlag = peekRateLimited(text);
      const rateInfo = readRateInfo(
        response.headers,
        now(),
        response.status === 429 || rateLimitedFlag.limited,
        rateLimitedFlag.retry,
      );
      if (rateInfo) report(rateInfo);
      const json = /^\s*[[{]/.test(text);
      const jsonSeenBefore = jsonSeenAt;
      if (json) jsonSeenAt = now();
      try {
        return interpretAnswer(head, text, rateInfo, spec.what);
      } catch (error) {
        if (!(error instanceof ApiClientError)) throw error;
        const missing = routeMissing(response.status, json, text, jsonSeenBefore, now());
        throw error.with({ details: { ...facts(), ...(missing ? { routeMissing: true } : {}) } });
      }
    } catch (error) {
      if (error instanceof ApiClientError) throw withoutKey(error, key);
      if (signal?.aborted) throw abortReason(signal);
      if (timedOut) {
        throw new ApiClientError(
          'offline',
          msg('errors.network.noAnswerWithin', { seconds: Math.round(limitMs / 100) / 10, what: spec.what }),
          { details: { timeout: true, ...facts() } },
        );
      }
      // A proxy, a certificate, a name …: said in its own words, with the same codes as before.
      const failure = isAbortError(error) ? undefined : classifyNetworkFailure(error);
      if (failure && failure.kind !== 'other') {
        const words = networkFailureMessage(failure, new URL(baseUrl).host, spec.what);
        const details = { ...facts(), network: networkDetails(failure) };
        // Chromium's fetch fails on a redirect it may not follow; Node's returns the 3xx, which
        // interpretAnswer reports as a remote-error: the same code for the same answer.
        if (failure.kind === 'redirect')
          throw new ApiClientError('remote-error', words, { cause: error, details });
        throw new ApiClientError('offline', words, { cause: error, details });
      }
      const cause = (error as { cause?: { code?: unknown } }).cause?.code;
      const why = typeof cause === 'string' && /^[A-Z_]+$/.test(cause) ? cause : failure ? failure.code : '';
      const host = new URL(baseUrl).host;
      throw new ApiClientError(
        'offline',
        why
          ? msg('errors.network.unreachableCode', { host, code: why, what: spec.what })
          : msg('errors.network.unreachableService', { host, what: spec.what }),
        {
          cause: isAbortError(error) ? undefined : error,
          details: facts(),
        },
      );
    } finally {
      timers.clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
    }
  }

  /** Tries the other auth scheme once after a refusal, and remembers the one that works. */
  async function withAuth(
    spec: RequestSpec,
    idempotencyKey: string | undefined,
    call: CallOptions,
  ): Promise<unknown> {
    const key = await readKey();
    const used = scheme;
    try {
      return await exchange(spec, used, key, idempotencyKey, call.signal);
    } catch (error) {
      if (
        !(error instanceof ApiClientError) ||
        error.code !== 'unauthorized' ||
        fallbackFailedFor === fingerprint(key)
      )
        throw error;
      await call.beforeRetry?.();
      try {
        const body = await exchange(spec, otherScheme(used), key, idempotencyKey, call.signal);
        if (scheme === used) {
          scheme = otherScheme(used);
          options.onAuthSchemeLearned?.(scheme);
        }
        return body;
      } catch (second) {
        if (second instanceof ApiClientError && second.code === 'unauthorized') {
          fallbackFailedFor = fingerprint(key);
          throw error;
        }
        throw second;
      }
    }
  }

  function isRetryable(error: unknown, method: HttpMethod): boolean {
    if (!(error instanceof ApiClientError)) return false;
    if (error.code === 'offline') {
      // A proxy or certificate failure will be the same in a second: no quick retry.
      if (isLasting(error)) return false;
      return method === 'GET' || (method === 'POST' && neverSent(error));
    }
    return (
      method === 'GET' &&
      error.code === 'remote-error' &&
      error.status !== undefined &&
      error.status >= 500
    );
  }

  function wait(ms: number, signal?: AbortSignal): Promise<void> {
    return new Promise((resolve, reject) => {
      if (signal?.aborted) return reject(abortReason(signal));
      const onAbort = () => {
        timers.clearTimeout(handle);
        reject(abortReason(signal as AbortSignal));
      };
      const handle = timers.setTimeout(() => {
        signal?.removeEventListener('abort', onAbort);
        resolve();
      }, ms);
      signal?.addEventListener('abort', onAbort, { once: true });
    });
  }

  return {
    get authScheme() {
      return scheme;
    },
    baseUrl,
    addRateInfoListener(listener) {
      rateListeners.add(listener);
      return () => rateListeners.delete(listener);
    },
    async request(spec, callOptions = {}) {
      const idempotencyKey =
        spec.method === 'POST' ? (callOptions.idempotencyKey ?? newKey()) : undefined;
      const attempts = attemptsFor(spec.method);
      for (let attempt = 1; ; attempt++) {
        try {
          return await withAuth(spec, idempotencyKey, callOptions);
        } catch (error) {
          if (attempt >= attempts || !isRetryable(error, spec.method)) throw error;
        }
        await wait(retryDelayMs * 3 ** (attempt - 1) * (1 + random() * 0.3), callOptions.signal);
        await callOptions.beforeRetry?.();
      }
    },
  };
}

/**
 * Network failures that happen before a connection exists, so before any byte of the request
 * left. Every other one (a reset, a closed socket, our own timeout, a broken answer) may come
 * after the service acted on the request.
 */
const NOT_SENT_CODES = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EADDRNOTAVAIL',
  'UND_ERR_CONNECT_TIMEOUT',
]);

/**
 * Whether an 'offline' failure surely never reached the service. Resending a POST after any
 * other failure would be a blind resend: on a deployment that ignores Idempotency-Key (the spec
 * does not mention it) a create whose answer was lost would be made twice.
 */
export function neverSent(error: ApiClientError): boolean {
  if (error.details?.['timeout'] === true) return false;
  const code = (error.cause as { cause?: { code?: unknown } } | undefined)?.cause?.code;
  if (typeof code === 'string' && NOT_SENT_CODES.has(code)) return true;
  // Chromium's net errors, and the TLS and proxy failures of either stack: the connection
  // (or the proxy's tunnel) failed before the request could leave.
  const network = networkOf(error);
  if (network) return network['neverSent'] === true;
  return error.code === 'offline' && classifyNetworkFailure(error.cause)?.neverSent === true;
}

/** An HTTP 407: the proxy wants a sign-in (Chromium's fetch may report it this way). */
const PROXY_SIGN_IN: NetworkFailure = {
  kind: 'proxy-auth',
  code: 'HTTP 407',
  lasting: true,
  neverSent: true,
};

/** What a network failure was, in the error's details (the UI and the outbox may read it). */
function networkDetails(failure: NetworkFailure): { [key: string]: JsonValue } {
  return {
    kind: failure.kind,
    code: failure.code,
    lasting: failure.lasting,
    neverSent: failure.neverSent,
  };
}

/**
 * Whether a failure needs something to change (proxy settings, a certificate, the base URL)
 * before a new attempt can work: the connectivity probes' growing delay is enough.
 */
export function isLasting(error: ApiClientError): boolean {
  return networkOf(error)?.['lasting'] === true;
}

function networkOf(error: ApiClientError): { [key: string]: JsonValue } | undefined {
  const network = error.details?.['network'];
  return network && typeof network === 'object' && !Array.isArray(network) ? network : undefined;
}

/** A server may echo the key in its message ("key abc… is invalid"): it must not travel further. */
function withoutKey(error: ApiClientError, key: string): ApiClientError {
  if (!error.message.includes(key)) return error;
  const blank = (text: string) => text.split(key).join('[API key]');
  // The arguments of a keyed message cross to the renderer too: blanked the same way.
  return error.with({ message: error.ref ? mapMessageStrings(error.ref, blank) : blank(error.message) });
}

/**
 * Whether an answer says the service has no such route (rather than no such object): a 405 or
 * 501; a 404 that is not JSON (the site's HTML 404 page); a web page with HTTP 200 from a
 * service that answered JSON a moment ago. A JSON 404 may be about the object: the caller, who
 * knows what the call was about, decides (see outbox/failure.ts).
 */
function routeMissing(
  status: number,
  json: boolean,
  text: string,
  jsonSeenAt: number | undefined,
  at: number,
): boolean {
  if (status === 405 || status === 501) return true;
  if (json) return false;
  if (status === 404) return true;
  return (
    status >= 200 &&
    status < 300 &&
    /^\s*</.test(text) &&
    jsonSeenAt !== undefined &&
    at - jsonSeenAt < JSON_EVIDENCE_MS
  );
}

/** Whether a body says `"error": 429`, and the Retry-After it carries; cheap and never throws. */
function peekRateLimited(text: string): { limited: boolean; retry?: unknown } {
  if (!/"error"\s*:\s*"?429/.test(text)) return { limited: false };
  try {
    const body: unknown = JSON.parse(text);
    return { limited: true, retry: bodyRetryAfter(body) };
  } catch {
    return { limited: false };
  }
}
