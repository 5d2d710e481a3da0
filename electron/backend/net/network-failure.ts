/*
 * What a failed fetch means, from either network stack: Node's fetch (the web shell, tests)
 * reports a `TypeError('fetch failed')` whose `cause.code` is an OpenSSL or libuv code
 * (`SELF_SIGNED_CERT_IN_CHAIN`, `ECONNREFUSED` …); Electron's net.fetch (the desktop app) rejects
 * with `Error('net::ERR_…')`, Chromium's net error. Both become one kind with words for a person,
 * so a proxy or a company's certificate is named as such rather than as "could not reach".
 * Plain TypeScript: no Electron, no Node modules.
 */
import { englishText, msg, type MessageParam, type MessageRef } from '../../shared/message-ref.js';

export type NetworkFailureKind =
  /** The proxy itself could not be reached or refused us. */
  | 'proxy-refused'
  /** The proxy would not open a connection to the service (CONNECT refused: a blocked address). */
  | 'proxy-tunnel'
  /** The proxy wants a user name and password (HTTP 407) that Linkdeck cannot give. */
  | 'proxy-auth'
  /** The PAC file or the mandatory proxy configuration could not be used. */
  | 'proxy-config'
  /** Any other failure of the proxy. */
  | 'proxy'
  /** The certificate chain ends in a root this computer does not trust (self-signed, a company's). */
  | 'certificate-untrusted'
  /** Expired or not yet valid (or this computer's clock is wrong). */
  | 'certificate-expired'
  /** Made out for another name than the service's host. */
  | 'certificate-name'
  /** Revoked, weak, malformed … */
  | 'certificate'
  /** The TLS handshake failed (often an https:// base URL on a plain-HTTP port). */
  | 'tls'
  | 'name-not-found'
  | 'refused'
  /** This computer has no network connection at all. */
  | 'disconnected'
  | 'timed-out'
  /** The connection was reset or closed before the answer was complete. */
  | 'closed'
  | 'unreachable'
  /** A firewall or security software on this computer blocked the connection. */
  | 'blocked'
  /** Chromium refuses ports it deems unsafe (ERR_UNSAFE_PORT). */
  | 'unsafe-port'
  /**
   * Chromium's fetch with `redirect: 'manual'` does not return the 3xx answer: it fails with
   * "Redirect was cancelled" (electron/electron#43715). The service did answer: a redirect.
   */
  | 'redirect'
  /** A network error with a code this module does not know (the code is still shown). */
  | 'other';

export interface NetworkFailure {
  kind: NetworkFailureKind;
  /** As the network stack gave it: `net::ERR_CERT_AUTHORITY_INVALID`, `ECONNREFUSED`. */
  code: string;
  /**
   * Will not pass in a few seconds by itself: proxy settings, certificates or the base URL must
   * change. Not worth an immediate retry.
   */
  lasting: boolean;
  /** Happened before any byte of the request could reach the service (safe to send again). */
  neverSent: boolean;
}

interface Rule {
  kind: NetworkFailureKind;
  lasting: boolean;
  neverSent: boolean;
}

const rule = (kind: NetworkFailureKind, lasting: boolean, neverSent: boolean): Rule => ({
  kind,
  lasting,
  neverSent,
});
const PROXY_REFUSED = rule('proxy-refused', true, true);
const PROXY_TUNNEL = rule('proxy-tunnel', true, true);
const PROXY_AUTH = rule('proxy-auth', true, true);
const PROXY_CONFIG = rule('proxy-config', true, true);
const PROXY = rule('proxy', true, true);
const UNTRUSTED = rule('certificate-untrusted', true, true);
const EXPIRED = rule('certificate-expired', true, true);
const NAME_MISMATCH = rule('certificate-name', true, true);
const CERTIFICATE = rule('certificate', true, true);
const TLS = rule('tls', true, true);
const NAME = rule('name-not-found', false, true);
const REFUSED = rule('refused', false, true);
const DISCONNECTED = rule('disconnected', false, true);
const CONNECT_TIMEOUT = rule('timed-out', false, true);
const TIMEOUT = rule('timed-out', false, false);
const CLOSED = rule('closed', false, false);
const UNREACHABLE = rule('unreachable', false, true);
const BLOCKED = rule('blocked', true, true);

/** Chromium's net errors (net/base/net_error_list.h), without the `net::` prefix. */
const CHROMIUM: Record<string, Rule> = {
  ERR_PROXY_CONNECTION_FAILED: PROXY_REFUSED,
  ERR_SOCKS_CONNECTION_FAILED: PROXY_REFUSED,
  ERR_TUNNEL_CONNECTION_FAILED: PROXY_TUNNEL,
  ERR_SOCKS_CONNECTION_HOST_UNREACHABLE: PROXY_TUNNEL,
  ERR_PROXY_UNABLE_TO_CONNECT_TO_DESTINATION: PROXY_TUNNEL,
  ERR_PROXY_AUTH_REQUESTED: PROXY_AUTH,
  ERR_PROXY_AUTH_UNSUPPORTED: PROXY_AUTH,
  ERR_PROXY_AUTH_REQUESTED_WITH_NO_CONNECTION: PROXY_AUTH,
  ERR_UNEXPECTED_PROXY_AUTH: PROXY_AUTH,
  ERR_MANDATORY_PROXY_CONFIGURATION_FAILED: PROXY_CONFIG,
  ERR_PAC_SCRIPT_FAILED: PROXY_CONFIG,
  ERR_PAC_NOT_IN_DHCP: PROXY_CONFIG,
  ERR_PAC_STATUS_NOT_OK: PROXY_CONFIG,
  ERR_PROXY_CERTIFICATE_INVALID: PROXY,
  ERR_PROXY_HTTP_1_1_REQUIRED: PROXY,
  ERR_CERT_AUTHORITY_INVALID: UNTRUSTED,
  ERR_CERT_KNOWN_INTERCEPTION_BLOCKED: UNTRUSTED,
  ERR_CERT_SYMANTEC_LEGACY: UNTRUSTED,
  ERR_CERT_DATE_INVALID: EXPIRED,
  ERR_CERT_COMMON_NAME_INVALID: NAME_MISMATCH,
  ERR_CERT_NON_UNIQUE_NAME: NAME_MISMATCH,
  ERR_SSL_PROTOCOL_ERROR: TLS,
  ERR_SSL_VERSION_OR_CIPHER_MISMATCH: TLS,
  ERR_SSL_CLIENT_AUTH_CERT_NEEDED: TLS,
  ERR_NAME_NOT_RESOLVED: NAME,
  ERR_NAME_RESOLUTION_FAILED: NAME,
  ERR_CONNECTION_REFUSED: REFUSED,
  ERR_INTERNET_DISCONNECTED: DISCONNECTED,
  ERR_CONNECTION_TIMED_OUT: CONNECT_TIMEOUT,
  ERR_TIMED_OUT: TIMEOUT,
  ERR_CONNECTION_RESET: CLOSED,
  ERR_CONNECTION_CLOSED: CLOSED,
  ERR_CONNECTION_ABORTED: CLOSED,
  ERR_EMPTY_RESPONSE: CLOSED,
  ERR_NETWORK_CHANGED: CLOSED,
  ERR_ADDRESS_UNREACHABLE: UNREACHABLE,
  ERR_CONNECTION_FAILED: UNREACHABLE,
  ERR_NETWORK_ACCESS_DENIED: BLOCKED,
  ERR_UNSAFE_PORT: rule('unsafe-port', true, true),
};

/** Node's fetch (undici), libuv and OpenSSL codes, as found in `cause.code`. */
const NODE: Record<string, Rule> = {
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: UNTRUSTED,
  UNABLE_TO_GET_ISSUER_CERT: UNTRUSTED,
  UNABLE_TO_GET_ISSUER_CERT_LOCALLY: UNTRUSTED,
  SELF_SIGNED_CERT_IN_CHAIN: UNTRUSTED,
  DEPTH_ZERO_SELF_SIGNED_CERT: UNTRUSTED,
  CERT_UNTRUSTED: UNTRUSTED,
  CERT_REJECTED: UNTRUSTED,
  CERT_HAS_EXPIRED: EXPIRED,
  CERT_NOT_YET_VALID: EXPIRED,
  ERR_TLS_CERT_ALTNAME_INVALID: NAME_MISMATCH,
  HOSTNAME_MISMATCH: NAME_MISMATCH,
  EPROTO: TLS,
  ENOTFOUND: NAME,
  EAI_NONAME: NAME,
  EAI_AGAIN: NAME,
  EAI_FAIL: NAME,
  ECONNREFUSED: REFUSED,
  ETIMEDOUT: TIMEOUT,
  UND_ERR_CONNECT_TIMEOUT: CONNECT_TIMEOUT,
  UND_ERR_HEADERS_TIMEOUT: TIMEOUT,
  UND_ERR_BODY_TIMEOUT: TIMEOUT,
  ECONNRESET: CLOSED,
  ECONNABORTED: CLOSED,
  EPIPE: CLOSED,
  UND_ERR_SOCKET: CLOSED,
  UND_ERR_CLOSED: CLOSED,
  EHOSTUNREACH: UNREACHABLE,
  ENETUNREACH: UNREACHABLE,
  ENETDOWN: UNREACHABLE,
  EADDRNOTAVAIL: UNREACHABLE,
};

const CHROMIUM_CODE = /\bnet::(ERR_[A-Z0-9_]+)\b/;
/** ClientRequest's words for a redirect its 'redirect' listener did not follow. */
const REDIRECT_CANCELLED = 'Redirect was cancelled';

function chromiumRule(name: string): Rule {
  const known = CHROMIUM[name];
  if (known) return known;
  if (/^ERR_(CERT|CERTIFICATE)_/.test(name) || name === 'ERR_BAD_SSL_CLIENT_AUTH_CERT')
    return CERTIFICATE;
  if (/^ERR_SSL_/.test(name)) return TLS;
  if (/^ERR_(PROXY|SOCKS)_/.test(name)) return PROXY;
  return rule('other', false, false);
}

function nodeRule(code: string): Rule | undefined {
  const known = NODE[code];
  if (known) return known;
  if (/^ERR_SSL_/.test(code) || /^ERR_TLS_/.test(code)) return TLS;
  if (/CERT/.test(code)) return CERTIFICATE;
  return undefined;
}

const prop = (value: object, key: string): unknown => (value as Record<string, unknown>)[key];

/**
 * The network failure an error stands for, looked for in the error, its `cause` chain and an
 * AggregateError's `errors` (Node reports both addresses of a dual-stack host that way), or
 * undefined when it is no network failure (a bug, an abort: callers deal with aborts first).
 */
export function classifyNetworkFailure(error: unknown): NetworkFailure | undefined {
  const seen = new Set<unknown>();
  const queue: unknown[] = [error];
  let other: NetworkFailure | undefined;
  while (queue.length > 0 && seen.size < 20) {
    const current = queue.shift();
    if (!current || typeof current !== 'object' || seen.has(current)) continue;
    seen.add(current);
    const code = prop(current, 'code');
    const message = prop(current, 'message');
    const chromium = typeof message === 'string' ? CHROMIUM_CODE.exec(message)?.[1] : undefined;
    let found: NetworkFailure | undefined;
    if (chromium) found = { ...chromiumRule(chromium), code: `net::${chromium}` };
    else if (typeof code === 'string' && nodeRule(code))
      found = { ...(nodeRule(code) as Rule), code };
    // Node's fetch refuses the fetch standard's "bad ports" (the ones Chromium calls unsafe).
    else if (message === 'bad port')
      found = { kind: 'unsafe-port', code: 'bad port', lasting: true, neverSent: true };
    else if (message === REDIRECT_CANCELLED)
      found = { kind: 'redirect', code: REDIRECT_CANCELLED, lasting: true, neverSent: false };
    if (found && found.kind !== 'other') return found;
    other ??= found;
    queue.push(prop(current, 'cause'));
    const inner = prop(current, 'errors');
    if (Array.isArray(inner)) queue.push(...(inner as unknown[]));
  }
  return other;
}

/**
 * Words for a person: what went wrong, the code in brackets with what Linkdeck was doing, and
 * what to do about it, as a message key (issue 44) whose English is the error's `message`.
 * `host` is the service's host (`s.example.com:8443`); `what` a phrase such as "listing links"
 * (a message of its own, `errors.doing.*`, so each language says it whole).
 */
export function networkFailureMessage(
  failure: NetworkFailure,
  host: string,
  what: MessageParam,
): MessageRef {
  const params = { host, code: failure.code, what };
  switch (failure.kind) {
    case 'proxy-refused':
      return msg('errors.network.proxyRefused', params);
    case 'proxy-tunnel':
      return msg('errors.network.proxyTunnel', params);
    case 'proxy-auth':
      return msg('errors.network.proxyAuth', params);
    case 'proxy-config':
      return msg('errors.network.proxyConfig', params);
    case 'proxy':
      return msg('errors.network.proxy', params);
    case 'certificate-untrusted':
      return msg('errors.network.certificateUntrusted', params);
    case 'certificate-expired':
      return msg('errors.network.certificateExpired', params);
    case 'certificate-name':
      return msg('errors.network.certificateName', params);
    case 'certificate':
      return msg('errors.network.certificate', params);
    case 'tls':
      return msg('errors.network.tls', params);
    case 'name-not-found':
      return msg('errors.network.nameNotFound', params);
    case 'refused':
      return msg('errors.network.refused', params);
    case 'disconnected':
      return msg('errors.network.disconnected', params);
    case 'timed-out':
      return msg('errors.network.timedOut', params);
    case 'closed':
      return msg('errors.network.closed', params);
    case 'unreachable':
      return msg('errors.network.unreachable', params);
    case 'blocked':
      return msg('errors.network.blocked', params);
    case 'unsafe-port':
      return msg('errors.network.unsafePort', params);
    case 'redirect':
      return msg('errors.network.redirect', params);
    case 'other':
      return msg('errors.network.other', params);
  }
}

/** The same words in English (logs, the command line, tests). */
export const describeNetworkFailure = (failure: NetworkFailure, host: string, what: MessageParam): string =>
  englishText(networkFailureMessage(failure, host, what));
