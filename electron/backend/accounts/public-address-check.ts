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
  /** Where the workspace listens, e.g. 127.0.0.1:4100: named when a proxy in front cannot reach it. */
  localAddress?: string;
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
    return { verified: false, problem: answeredByOther(address, response.status, options.localAddress) };
  } catch (error) {
    return { verified: false, problem: checkProblem(error, address, timeoutMs) };
  }
}

export function answeredByOther(address: string, status: number, localAddress?: string): string {
  // 502, 503 and 504 are what a reverse proxy answers when its upstream is down or unreachable.
  if (status === 502 || status === 503 || status === 504) {
    const where = localAddress ?? "this computer's workspace";
    return `${address} answered HTTP ${status}: your proxy cannot reach the workspace at ${where}. Check that it forwards to ${where}, and that Linkdeck runs on this computer.`;
  }
  return `${address} answered (HTTP ${status}), but not as this workspace: another server answers at that address. Point it (DNS, port forwarding or a reverse proxy) at this computer's workspace.`;
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
  if (TLS_CODE.test(code)) return `The secure connection to ${host} failed (TLS: ${code}): ${tlsWords(code)}`;
  if (code === 'ECONNREFUSED') return `${host} refused the connection: nothing listens there on that port, or a firewall turns it away.`;
  if (code === 'ETIMEDOUT' || code === 'ABORT_ERR' || name === 'TimeoutError' || name === 'AbortError') {
    return `${host} did not answer within ${Math.round(timeoutMs / 1000)} s: a firewall may drop the connection, or the address points nowhere.`;
  }
  if (code === 'ECONNRESET' || code === 'EPIPE') return `${host} closed the connection before answering.`;
  if (code === 'EHOSTUNREACH' || code === 'ENETUNREACH') return `${host} cannot be reached from this network.`;
  return `The check through ${address} failed: ${messageOf(error)}`;
}

/** What a TLS failure's code means, for people (Node's and OpenSSL's codes). */
function tlsWords(code: string): string {
  if (code === 'EPROTO' || code === 'ERR_SSL_WRONG_VERSION_NUMBER' || code === 'ERR_SSL_PACKET_LENGTH_TOO_LONG') {
    return 'https was spoken to a port that answers plain http. Use an http:// address, or put TLS in front of it (a reverse proxy with a certificate).';
  }
  if (code === 'DEPTH_ZERO_SELF_SIGNED_CERT' || code === 'SELF_SIGNED_CERT_IN_CHAIN') {
    return 'its certificate is self-signed, which other computers do not trust. Use a certificate from a public authority (for example Let\'s Encrypt through your proxy).';
  }
  if (code === 'CERT_HAS_EXPIRED') return 'its certificate has expired. Renew it.';
  if (code === 'CERT_NOT_YET_VALID') return "its certificate is not valid yet (or this computer's clock is wrong).";
  if (code === 'ERR_TLS_CERT_ALTNAME_INVALID' || code.includes('HOSTNAME_MISMATCH')) return 'its certificate is made for another name.';
  if (code.startsWith('UNABLE_TO_')) return 'its certificate is issued by an authority this computer does not trust, or the chain is incomplete (the intermediate certificate is missing).';
  return 'its certificate is missing, expired or made for another name.';
}

function codeOf(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string') return code;
  const cause = (error as { cause?: unknown } | null)?.cause;
  return cause && cause !== error ? codeOf(cause) : '';
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
