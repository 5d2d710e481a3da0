import type { LinkHealthState, RedirectHop } from '../../shared/health.js';
import { englishText, msg, type MessageRef } from '../../shared/message-ref.js';
import { createOutboundPolicy, refusalRef } from '../net/outbound-address-policy.js';
import { createOutbound, OutboundRefused, type Outbound } from '../net/outbound-request.js';

/** What one check of a target found (the stored LinkHealth without its link and date). */
export interface UrlCheck {
  state: LinkHealthState;
  status: number | null;
  chain: RedirectHop[];
  timeMs: number;
  /** Why it is broken or not checked, in English (logs, older readers). */
  problem: string | null;
  /** The same as a message (issue 44), stored with the result and shown in the person's language. */
  problemRef: MessageRef | null;
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
  const done = (state: LinkHealthState, status: number | null, problem: MessageRef | null): UrlCheck => ({
    state,
    status,
    chain,
    timeMs: Math.max(0, Math.round(now() - started)),
    problem: problem && englishText(problem),
    problemRef: problem,
  });

  try {
    let current = url;
    for (let hop = 0; ; hop++) {
      if (!isWebUrl(current)) {
        chain.push({ url: current, status: null });
        return done('broken', null, hop === 0 ? msg('errors.linkCheck.notWeb') : redirectsTo(current));
      }
      let status: number;
      let location: string | null;
      try {
        ({ status, location } = await request(outbound, current, signal));
      } catch (error) {
        if (options.signal?.aborted) throw new CheckCancelled();
        chain.push({ url: current, status: null });
        if (error instanceof OutboundRefused) {
          const refusal = refusalRef(error.refusal, error.host, { redirect: hop > 0 });
          const hint = error.refusal.rule === 'own-network' && !outbound.policy.allowOwnNetwork ? 'yes' : 'no';
          return done('not-checked', null, msg('errors.linkCheck.notChecked', { refusal, hint }));
        }
        if (timeout.signal.aborted) return done('broken', null, msg('errors.linkCheck.noAnswerWithin', { seconds: Math.round(options.timeoutMs / 100) / 10 }));
        return done('broken', null, networkProblem(error));
      }
      chain.push({ url: current, status });
      if (status >= 300 && status < 400 && status !== 304) {
        if (!location) return done('broken', status, msg('errors.linkCheck.redirectNoLocation', { status: statusText(status) }));
        if (hop >= options.maxRedirects) return done('broken', status, msg('errors.linkCheck.tooManyRedirects', { n: options.maxRedirects }));
        let next: string;
        try {
          next = new URL(location, current).toString();
        } catch {
          return done('broken', status, msg('errors.linkCheck.redirectInvalid', { status: statusText(status) }));
        }
        current = next;
        continue;
      }
      if (status >= 200 && status < 300) return done('ok', status, null);
      return done('broken', status, msg('errors.linkCheck.status', { status: statusText(status) }));
    }
  } finally {
    clearTimeout(timer);
  }
}


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


/** A redirect to "mailto:…" or something unreadable, which is not checked. */
function redirectsTo(url: string): MessageRef {
  const match = /^([a-z][a-z0-9+.-]*):/i.exec(url);
  return match ? msg('errors.linkCheck.redirectsToScheme', { scheme: `${match[1]!.toLowerCase()}:` }) : msg('errors.linkCheck.redirectsToUnreadable');
}

/** A failed request in words (Node's errors carry a `code`; fetch's hide it in `cause`). */
function networkProblem(error: unknown): MessageRef {
  const own = error as { code?: unknown; message?: unknown; cause?: { code?: unknown; message?: unknown } } | null;
  const cause = typeof own?.code === 'string' ? own : own?.cause;
  const code = typeof cause?.code === 'string' ? cause.code : '';
  switch (code) {
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return msg('errors.linkCheck.hostNotFound');
    case 'ECONNREFUSED':
      return msg('errors.linkCheck.refused');
    case 'ECONNRESET':
    case 'EPIPE':
    case 'UND_ERR_SOCKET':
      return msg('errors.linkCheck.closed');
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return msg('errors.linkCheck.unreachable');
    case 'UND_ERR_HEADERS_OVERFLOW':
    case 'HPE_HEADER_OVERFLOW':
      return msg('errors.linkCheck.headersTooLarge');
    default:
      if (/CERT|SSL|TLS/i.test(code) || /certificate/i.test(String(cause?.message ?? ''))) {
        return code ? msg('errors.linkCheck.tlsFailed', { code }) : msg('errors.linkCheck.certificate');
      }
      // The runtime's own words (English) when there is no code: a fault we have no name for.
      return msg('errors.linkCheck.noAnswer', { reason: code || (error as Error)?.message || 'the request failed' });
  }
}
