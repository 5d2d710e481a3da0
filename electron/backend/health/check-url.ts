import type { LinkHealthState, RedirectHop } from '../../shared/health.js';
import { createOutboundPolicy, refusalText } from '../net/outbound-address-policy.js';
import { createOutbound, OutboundRefused, type Outbound } from '../net/outbound-request.js';

/** What one check of a target found (the stored LinkHealth without its link and date). */
export interface UrlCheck {
  state: LinkHealthState;
  status: number | null;
  chain: RedirectHop[];
  timeMs: number;
  problem: string | null;
}

export interface CheckOptions {
  /** The whole check's limit (every hop together), ms. */
  timeoutMs: number;
  /** Redirects followed before the link is called broken. */
  maxRedirects: number;
  /** Cancels the check (the job was cancelled). */
  signal?: AbortSignal;
  /**
   * Where requests go, under which outbound rules (electron/backend/net). By default the strict
   * rules: nothing on the user's own computer or network is requested.
   */
  outbound?: Outbound;
  /** A monotonic clock, ms. */
  now?: () => number;
}

export const DEFAULT_TIMEOUT_MS = 10_000;
export const MAX_REDIRECTS = 10;

/** Some sites refuse scripts without a browser-like agent; this one says who is asking and why. */
const USER_AGENT = 'Mozilla/5.0 (compatible; Linkdeck link check)';

const REASONS: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  408: 'Request Timeout',
  410: 'Gone',
  429: 'Too Many Requests',
  451: 'Unavailable For Legal Reasons',
  500: 'Internal Server Error',
  501: 'Not Implemented',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

const statusText = (status: number) => `${status}${REASONS[status] ? ` ${REASONS[status]}` : ''}`;

/** Whether Linkdeck checks this address at all (only web pages are). */
export function isWebUrl(url: string): boolean {
  try {
    const u = new URL(url);
    return u.protocol === 'http:' || u.protocol === 'https:';
  } catch {
    return false;
  }
}

/** The strict rules (the setting off): created once, they hold no state. */
let strictOutbound: Outbound | null = null;
const defaultOutbound = () => (strictOutbound ??= createOutbound({ policy: createOutboundPolicy() }));

/** Cancelled by the job, not timed out: the check's result is thrown away. */
export class CheckCancelled extends Error {
  constructor() {
    super('The check was cancelled.');
    this.name = 'CheckCancelled';
  }
}

/**
 * Checks that a link's target answers: HEAD (GET when a server refuses HEAD with 405 or 501),
 * following redirects by hand so that every hop and its status is recorded, within one time
 * limit for the whole chain. Never throws for what the target does (no answer, bad TLS, a loop):
 * that is a broken link with a reason in words. Throws CheckCancelled when `signal` aborts.
 *
 * The host of every hop is resolved and checked against the outbound rules before anything is
 * sent, and the request connects to the checked address: a link (or a redirect) into the user's
 * own network is "not checked", with the rule that stopped it in words, and nothing is requested.
 */
export async function checkUrl(url: string, options: CheckOptions): Promise<UrlCheck> {
  const outbound = options.outbound ?? defaultOutbound();
  const now = options.now ?? (() => performance.now());
  const started = now();
  const timeout = new AbortController();
  const timer = setTimeout(() => timeout.abort(), options.timeoutMs);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout.signal]) : timeout.signal;
  const chain: RedirectHop[] = [];
  const done = (state: LinkHealthState, status: number | null, problem: string | null): UrlCheck => ({
    state,
    status,
    chain,
    timeMs: Math.max(0, Math.round(now() - started)),
    problem,
  });

  try {
    let current = url;
    for (let hop = 0; ; hop++) {
      if (!isWebUrl(current)) {
        chain.push({ url: current, status: null });
        return done('broken', null, hop === 0 ? 'Not a web address: only http and https links are checked.' : `Redirects to ${schemeOf(current)} address, which cannot be checked.`);
      }
      let status: number;
      let location: string | null;
      try {
        ({ status, location } = await request(outbound, current, signal));
      } catch (error) {
        if (options.signal?.aborted) throw new CheckCancelled();
        chain.push({ url: current, status: null });
        if (error instanceof OutboundRefused) {
          const words = refusalText(error.refusal, error.host, { redirect: hop > 0 });
          const hint = error.refusal.rule === 'own-network' && !outbound.policy.allowOwnNetwork ? ` ${OWN_NETWORK_HINT}` : '';
          return done('not-checked', null, `${words}.${hint}`);
        }
        if (timeout.signal.aborted) return done('broken', null, `No answer within ${seconds(options.timeoutMs)}.`);
        return done('broken', null, networkProblem(error));
      }
      chain.push({ url: current, status });
      if (status >= 300 && status < 400 && status !== 304) {
        if (!location) return done('broken', status, `${statusText(status)}: a redirect without a Location to go to.`);
        if (hop >= options.maxRedirects) return done('broken', status, `More than ${options.maxRedirects} redirects.`);
        let next: string;
        try {
          next = new URL(location, current).toString();
        } catch {
          return done('broken', status, `${statusText(status)}: a redirect to an address that is not valid.`);
        }
        current = next;
        continue;
      }
      if (status >= 200 && status < 300) return done('ok', status, null);
      return done('broken', status, statusText(status));
    }
  } finally {
    clearTimeout(timer);
  }
}

/** Said after a refusal the setting would lift. */
export const OWN_NETWORK_HINT = 'Links into your own network are checked only with “Also check links to addresses on my own network” on, in Settings.';

/** One request: HEAD, or GET when HEAD is refused. The body is never read. */
async function request(
  outbound: Outbound,
  url: string,
  signal: AbortSignal,
): Promise<{ status: number; location: string | null }> {
  let method: 'HEAD' | 'GET' = 'HEAD';
  for (;;) {
    // Only the status matters: the body is not read (maxBodyBytes 0), not a page, not a video.
    const res = await outbound.request(url, {
      method,
      signal,
      headers: { 'User-Agent': USER_AGENT, Accept: '*/*' },
    });
    if (method === 'HEAD' && (res.status === 405 || res.status === 501)) {
      method = 'GET';
      continue;
    }
    const location = res.headers.location;
    return { status: res.status, location: typeof location === 'string' ? location : null };
  }
}

const seconds = (ms: number) => (ms % 1000 === 0 ? `${ms / 1000} s` : `${(ms / 1000).toFixed(1)} s`);

function schemeOf(url: string): string {
  const match = /^([a-z][a-z0-9+.-]*):/i.exec(url);
  return match ? `a ${match[1]!.toLowerCase()}:` : 'an unreadable';
}

/** A failed request in words (Node's errors carry a `code`; fetch's hide it in `cause`). */
function networkProblem(error: unknown): string {
  const own = error as { code?: unknown; message?: unknown; cause?: { code?: unknown; message?: unknown } } | null;
  const cause = typeof own?.code === 'string' ? own : own?.cause;
  const code = typeof cause?.code === 'string' ? cause.code : '';
  switch (code) {
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return 'Host not found: the domain does not resolve.';
    case 'ECONNREFUSED':
      return 'Connection refused: nothing answers at this address.';
    case 'ECONNRESET':
    case 'EPIPE':
    case 'UND_ERR_SOCKET':
      return 'The connection was closed before an answer came.';
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return 'The host cannot be reached from this computer.';
    case 'UND_ERR_HEADERS_OVERFLOW':
    case 'HPE_HEADER_OVERFLOW':
      return 'The server answered with headers too large to read.';
    default:
      if (/CERT|SSL|TLS/i.test(code) || /certificate/i.test(String(cause?.message ?? ''))) {
        return `The site's secure connection failed (${code || 'certificate problem'}).`;
      }
      return `No answer: ${code || (error as Error)?.message || 'the request failed'}.`;
  }
}
