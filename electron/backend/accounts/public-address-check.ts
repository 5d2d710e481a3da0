/**
 * Checks that the local workspace's public address reaches this very workspace: the service
 * issues a one-time token (over loopback, with the workspace's key), and the token must come
 * back through the address. Says in words what failed: the name, TLS, a refused or silent
 * connection, or another server answering.
 */
import { errorRefOf } from '../../shared/keyed-error.js';
import type { PublicAddressCheck } from '../../shared/local-reach.js';
import { englishText, msg, type MessageRef } from '../../shared/message-ref.js';
import { OutboundRefused, type Outbound } from '../net/outbound-request.js';

export const VERIFY_PATH = '/.well-known/linkdeck-verify';
export const DEFAULT_CHECK_TIMEOUT_MS = 10_000;

export interface PublicAddressCheckOptions {
  /** The parsed address (parsePublicAddress), without a trailing slash. */
  address: string;
  /** A fresh one-time token from the workspace's own service. */
  issueToken: () => Promise<string>;
  outbound: Outbound;
  timeoutMs?: number;
  /** The port the workspace listens on (127.0.0.1), named when a proxy in front cannot reach it. */
  workspacePort?: number;
}

export async function checkPublicAddress(options: PublicAddressCheckOptions): Promise<PublicAddressCheck> {
  const { address, outbound } = options;
  const timeoutMs = options.timeoutMs ?? DEFAULT_CHECK_TIMEOUT_MS;
  let token: string;
  try {
    token = await options.issueToken();
  } catch (error) {
    // A keyed failure (no key, the service's status) is said as a whole in the same language.
    return failed(msg('validation.addressCheck.noToken', { error: errorRefOf(error) ?? messageOf(error) }));
  }
  try {
    const response = await outbound.request(`${address}${VERIFY_PATH}/${token}`, { method: 'GET', timeoutMs, maxBodyBytes: 512 });
    if (response.status === 200 && response.body.toString('utf8').trim() === token) return { verified: true, problem: null };
    if (PROXY_FAILED.has(response.status)) return failed(proxyCannotReachRef(address, response.status, options.workspacePort));
    return failed(answeredByOtherRef(address, response.status));
  } catch (error) {
    return failed(checkProblemRef(error, address, timeoutMs));
  }
}

/** A failed check: English for logs and the command line, the ref for the person's language (issue 44). */
const failed = (ref: MessageRef): PublicAddressCheck => ({ verified: false, problem: englishText(ref), problemRef: ref });

export const answeredByOther = (address: string, status: number): string => englishText(answeredByOtherRef(address, status));
export const proxyCannotReach = (address: string, status: number, port: number | undefined): string => englishText(proxyCannotReachRef(address, status, port));
export const checkProblem = (error: unknown, address: string, timeoutMs: number): string => englishText(checkProblemRef(error, address, timeoutMs));

export function answeredByOtherRef(address: string, status: number): MessageRef {
  return msg('validation.addressCheck.otherServer', { address, status: String(status) });
}

/** A gateway's own failures: the proxy answered, the workspace behind it did not. */
const PROXY_FAILED = new Set([502, 503, 504]);

/**
 * A 502/503/504 through the address: the person's own reverse proxy (nginx, Caddy, a tunnel)
 * answered but could not get an answer from the workspace, typically because it points at
 * another port, or Linkdeck was not running when it tried.
 */
export function proxyCannotReachRef(address: string, status: number, port: number | undefined): MessageRef {
  const why = status === 504 ? msg('validation.addressCheck.proxyTimedOut') : status === 503 ? msg('validation.addressCheck.proxyUnavailable') : msg('validation.addressCheck.proxyConnectFailed');
  return port
    ? msg('validation.addressCheck.proxyCannotReachPort', { address, status: String(status), port: String(port), why })
    : msg('validation.addressCheck.proxyCannotReach', { address, status: String(status), why });
}

/**
 * The TLS failures that say something specific. Node's codes (the OpenSSL verify names, and
 * EPROTO with "wrong version number" / "packet length too long" when the far end answers a
 * TLS hello in plain HTTP) from node's docs and lib/_tls_wrap.js.
 */
function tlsProblem(code: string, host: string, message: string): MessageRef {
  if (code === 'DEPTH_ZERO_SELF_SIGNED_CERT' || code === 'SELF_SIGNED_CERT_IN_CHAIN') return msg('validation.addressCheck.tlsSelfSigned', { host, code });
  if (code === 'UNABLE_TO_VERIFY_LEAF_SIGNATURE' || code === 'UNABLE_TO_GET_ISSUER_CERT_LOCALLY' || code === 'UNABLE_TO_GET_ISSUER_CERT') {
    return msg('validation.addressCheck.tlsUntrusted', { host, code });
  }
  if (code === 'CERT_HAS_EXPIRED') return msg('validation.addressCheck.tlsExpired', { host, code });
  if (code === 'CERT_NOT_YET_VALID') return msg('validation.addressCheck.tlsNotYetValid', { host, code });
  if (code === 'ERR_TLS_CERT_ALTNAME_INVALID' || /HOSTNAME_MISMATCH/.test(code)) {
    return msg('validation.addressCheck.tlsOtherName', { host, code, name: host.replace(/:\d+$/, '') });
  }
  if (code === 'ERR_SSL_WRONG_VERSION_NUMBER' || code === 'ERR_SSL_PACKET_LENGTH_TOO_LONG' || (code === 'EPROTO' && /wrong version number|packet length too long|http request/i.test(message))) {
    return msg('validation.addressCheck.tlsPlainHttp', { host, code });
  }
  return msg('validation.addressCheck.tlsFailed', { host, code, error: message });
}

const TLS_CODE = /^(ERR_TLS_|ERR_SSL_|CERT_|UNABLE_TO_|DEPTH_ZERO_|SELF_SIGNED_|ERR_OSSL_)|^EPROTO$|HOSTNAME_MISMATCH/;

/** The words for a failed request through the address, as a message. */
export function checkProblemRef(error: unknown, address: string, timeoutMs: number): MessageRef {
  const host = hostOf(address);
  // The refusal as a message of its own inside the sentence: both in the person's language.
  if (error instanceof OutboundRefused) return msg('validation.addressCheck.refused', { error: error.ref });
  const code = codeOf(error);
  const name = (error as { name?: unknown } | null)?.name;
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN' || code === 'ENODATA' || code === 'EAI_NONAME') return msg('validation.addressCheck.nameNotFound', { host });
  if (TLS_CODE.test(code)) return tlsProblem(code, host, deepMessage(error));
  if (code === 'ECONNREFUSED') return msg('validation.addressCheck.connectionRefused', { host });
  if (code === 'ETIMEDOUT' || code === 'ABORT_ERR' || name === 'TimeoutError' || name === 'AbortError') {
    return msg('validation.addressCheck.noAnswer', { host, seconds: Math.round(timeoutMs / 1000) });
  }
  if (code === 'ECONNRESET' || code === 'EPIPE') return msg('validation.addressCheck.connectionClosed', { host });
  if (code === 'EHOSTUNREACH' || code === 'ENETUNREACH') return msg('validation.addressCheck.unreachable', { host });
  return msg('validation.addressCheck.failed', { address, error: messageOf(error) });
}

function codeOf(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string') return code;
  const cause = (error as { cause?: unknown } | null)?.cause;
  return cause && cause !== error ? codeOf(cause) : '';
}

/** The innermost error's message: fetch-style wrappers say only "fetch failed". */
function deepMessage(error: unknown): string {
  const cause = (error as { cause?: unknown } | null)?.cause;
  return cause && cause !== error ? deepMessage(cause) : messageOf(error);
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function hostOf(address: string): string {
  try {
    return new URL(address).host;
  } catch {
    return address;
  }
}
