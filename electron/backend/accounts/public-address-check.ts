/**
 * Checks that the local workspace's public address reaches this very workspace: the service
 * issues a one-time token (over loopback, with the workspace's key), and the token must come
 * back through the address. Says in words what failed: the name, TLS, a refused or silent
 * connection, or another server answering.
 */
import type { PublicAddressCheck } from '../../shared/local-reach.js';
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
    return { verified: false, problem: `The workspace's own service did not hand out a check token (${messageOf(error)}); is it running?` };
  }
  try {
    const response = await outbound.request(`${address}${VERIFY_PATH}/${token}`, { method: 'GET', timeoutMs, maxBodyBytes: 512 });
    if (response.status === 200 && response.body.toString('utf8').trim() === token) return { verified: true, problem: null };
    if (PROXY_FAILED.has(response.status)) return { verified: false, problem: proxyCannotReach(address, response.status, options.workspacePort) };
    return { verified: false, problem: answeredByOther(address, response.status) };
  } catch (error) {
    return { verified: false, problem: checkProblem(error, address, timeoutMs) };
  }
}

export function answeredByOther(address: string, status: number): string {
  return `${address} answered (HTTP ${status}), but not as this workspace: another server answers at that address. Point it (DNS, port forwarding or a reverse proxy) at this computer's workspace.`;
}

/** A gateway's own failures: the proxy answered, the workspace behind it did not. */
const PROXY_FAILED = new Set([502, 503, 504]);

/**
 * A 502/503/504 through the address: the person's own reverse proxy (nginx, Caddy, a tunnel)
 * answered but could not get an answer from the workspace, typically because it points at
 * another port, or Linkdeck was not running when it tried.
 */
export function proxyCannotReach(address: string, status: number, port: number | undefined): string {
  const where = port ? `at 127.0.0.1:${port}` : 'on this computer';
  const why = status === 504 ? 'it waited for an answer in vain' : status === 503 ? 'it found the workspace unavailable' : 'its connection to the workspace failed';
  return (
    `${address} answered HTTP ${status} from your proxy: your proxy cannot reach the workspace ${where} (${why}). ` +
    `Point the proxy ${port ? `at 127.0.0.1:${port}` : 'at the port in the workspace\'s address'}; the workspace answers only while Linkdeck runs on this computer.`
  );
}

/**
 * The TLS failures that say something specific. Node's codes (the OpenSSL verify names, and
 * EPROTO with "wrong version number" / "packet length too long" when the far end answers a
 * TLS hello in plain HTTP) from node's docs and lib/_tls_wrap.js.
 */
function tlsProblem(code: string, host: string, message: string): string {
  if (code === 'DEPTH_ZERO_SELF_SIGNED_CERT' || code === 'SELF_SIGNED_CERT_IN_CHAIN') {
    return `${host} presents a self-signed certificate (TLS: ${code}): browsers and phones refuse it as this check does. Give the address a certificate from a public authority (Let's Encrypt, or your proxy's automatic HTTPS).`;
  }
  if (code === 'UNABLE_TO_VERIFY_LEAF_SIGNATURE' || code === 'UNABLE_TO_GET_ISSUER_CERT_LOCALLY' || code === 'UNABLE_TO_GET_ISSUER_CERT') {
    return `${host}'s certificate is not signed by an authority this computer trusts, or the server leaves out its intermediate certificate (TLS: ${code}). Serve the full chain.`;
  }
  if (code === 'CERT_HAS_EXPIRED') return `${host}'s certificate has expired (TLS: ${code}): renew it.`;
  if (code === 'CERT_NOT_YET_VALID') return `${host}'s certificate is not valid yet (TLS: ${code}): check the clock of the server, or wait.`;
  if (code === 'ERR_TLS_CERT_ALTNAME_INVALID' || /HOSTNAME_MISMATCH/.test(code)) {
    return `${host}'s certificate is made for another name (TLS: ${code}): it must name ${host.replace(/:\d+$/, '')}.`;
  }
  if (code === 'ERR_SSL_WRONG_VERSION_NUMBER' || code === 'ERR_SSL_PACKET_LENGTH_TOO_LONG' || (code === 'EPROTO' && /wrong version number|packet length too long|http request/i.test(message))) {
    return `${host} answered the secure (https) request in plain http (TLS: ${code}): that port speaks http. Use http:// in the address, or put the https (TLS) proxy on that port.`;
  }
  return `The secure connection to ${host} failed (TLS: ${code}): ${message}`;
}

const TLS_CODE = /^(ERR_TLS_|ERR_SSL_|CERT_|UNABLE_TO_|DEPTH_ZERO_|SELF_SIGNED_|ERR_OSSL_)|^EPROTO$|HOSTNAME_MISMATCH/;

/** The words for a failed request through the address. */
export function checkProblem(error: unknown, address: string, timeoutMs: number): string {
  const host = hostOf(address);
  if (error instanceof OutboundRefused) return `${error.message} The check was not sent.`;
  const code = codeOf(error);
  const name = (error as { name?: unknown } | null)?.name;
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN' || code === 'ENODATA' || code === 'EAI_NONAME') {
    return `The name ${host} was not found (DNS): it has no address yet, or it is misspelled.`;
  }
  if (TLS_CODE.test(code)) {
    return tlsProblem(code, host, deepMessage(error));
  }
  if (code === 'ECONNREFUSED') return `${host} refused the connection: nothing listens there on that port, or a firewall turns it away.`;
  if (code === 'ETIMEDOUT' || code === 'ABORT_ERR' || name === 'TimeoutError' || name === 'AbortError') {
    return `${host} did not answer within ${Math.round(timeoutMs / 1000)} s: a firewall may drop the connection, or the address points nowhere.`;
  }
  if (code === 'ECONNRESET' || code === 'EPIPE') return `${host} closed the connection before answering.`;
  if (code === 'EHOSTUNREACH' || code === 'ENETUNREACH') return `${host} cannot be reached from this network.`;
  return `The check through ${address} failed: ${messageOf(error)}`;
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
