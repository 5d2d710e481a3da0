/**
 * Reads every link of an account on another shortener through its API (Kutt, Shlink, Dub, YOURLS) and
 * turns them into the table the bulk mapping step reads, as if the person had given an export
 * file. The address is the person's, so every request goes through the outbound rules (no
 * private or loopback address unless they said the service is on their own network; the address
 * is pinned, no redirect is followed, so the key reaches that host and nothing else).
 *
 * Politely: one request at a time, a pause between pages, a time limit and a size limit per
 * answer, a page limit, a stop at the total the service gives (or at the bulk job's size), and
 * a 429's Retry-After waited out (a few times, never longer than a minute).
 *
 * The key lives in this call's arguments only: it is not stored, not logged, and it is cut out
 * of any words of the service's that are shown (a service could echo it back).
 */
import { setTimeout as delay } from 'node:timers/promises';
import { BULK_MAX_ROWS } from '../../shared/bulk.js';
import type { CsvRecord } from '../../shared/csv.js';
import { type LiveFetchProgress, type LiveFetchRequest, type LiveFetchResult, type LiveSource } from '../../shared/live-import.js';
import { AppError } from '../app-error.js';
import { classifyNetworkFailure, networkFailureMessage } from '../net/network-failure.js';
import { englishText, msg, type MessageRef } from '../../shared/message-ref.js';
import { refusalWhereRef } from '../net/outbound-address-policy.js';
import { OutboundRefused, type Outbound, type OutboundResponse } from '../net/outbound-request.js';
import { dubSource } from './dub-source.js';
import { kuttSource } from './kutt-source.js';
import { shlinkSource } from './shlink-source.js';
import type { LiveSourceAdapter } from './source-adapter.js';
import { yourlsSource } from './yourls-source.js';

const ADAPTERS: Record<LiveSource, LiveSourceAdapter> = { kutt: kuttSource, shlink: shlinkSource, dub: dubSource, yourls: yourlsSource };

export interface LiveFetchOptions {
  outbound: Outbound;
  signal?: AbortSignal;
  onProgress?: (progress: LiveFetchProgress) => void;
  /** Pause between two pages, ms. */
  pauseMs?: number;
  /** Pages read at most. */
  maxPages?: number;
  /** Links read at most (a bulk job's size by default). */
  maxLinks?: number;
  /** Time limit of one request, ms. */
  timeoutMs?: number;
  /** Bytes of one answer read at most. */
  maxBodyBytes?: number;
  /** 429 answers waited out per page before giving up. */
  maxRetries?: number;
  /** A Retry-After longer than this is not waited for: the person is told to come back. */
  maxRetryWaitMs?: number;
  /** The clock of time-limited signatures (YOURLS), Unix ms. */
  now?: () => number;
  /** How a pause is waited (tests record the waits instead of spending them). */
  wait?: (ms: number, signal?: AbortSignal) => Promise<void>;
}

const DEFAULTS = {
  pauseMs: 250,
  maxPages: 1000,
  maxLinks: BULK_MAX_ROWS,
  timeoutMs: 30_000,
  maxBodyBytes: 8 * 1024 * 1024,
  maxRetries: 3,
  maxRetryWaitMs: 60_000,
};

const realWait = async (ms: number, signal?: AbortSignal) => {
  await delay(ms, undefined, signal ? { signal } : {});
};

/** Reads all links of the account the key belongs to. Rejects with an AppError in words. */
export async function fetchLiveSource(request: LiveFetchRequest, options: LiveFetchOptions): Promise<LiveFetchResult> {
  const adapter = ADAPTERS[request.source];
  const settings = { ...DEFAULTS, ...definedOnly(options) };
  const wait = options.wait ?? realWait;
  const base = parseBase(request.baseUrl, adapter);
  const context: RequestContext = {
    adapter,
    key: request.apiKey.trim(),
    username: request.username?.trim() ?? '',
    host: base.host,
    options: settings,
    outbound: options.outbound,
    signal: options.signal,
    wait,
    now: options.now ?? Date.now,
  };

  const records: CsvRecord[] = [];
  // Each note as its English words (the command line, logs) and as its key for the app.
  const notes = new Map<string, MessageRef>();
  const note = (ref: MessageRef) => notes.set(englishText(ref), ref);
  let total: number | null = null;
  let pages = 0;
  let passwordsLeft = 0;
  let firstOfPage: string | null = null;
  try {
    for (let index = 0; ; index++) {
      if (index >= settings.maxPages) {
        note(msg('importNotes.liveStoppedPages', { pages: settings.maxPages }));
        break;
      }
      if (index > 0 && settings.pauseMs > 0) await wait(settings.pauseMs, options.signal);
      const body = await getJson(adapter.pageUrl(base, index), context);
      const page = adapter.readPage(body);
      if (!page) throw notThisService(context, { what: 'otherShape', path: '', status: 0 });
      pages++;
      total = page.total ?? total;
      // A source that does not page (a YOURLS before 1.6 ignores `start`) answers the same links again.
      const first = page.links.length > 0 ? JSON.stringify(page.links[0]) : null;
      if (index > 0 && first !== null && first === firstOfPage) {
        note(msg('importNotes.liveSamePages', { source: adapter.name, n: records.length }));
        break;
      }
      firstOfPage = first;
      let full = false;
      for (const link of page.links) {
        if (records.length >= settings.maxLinks) {
          full = true;
          break;
        }
        const row = adapter.toRow(link);
        if (row.passwordLeftOut) passwordsLeft++;
        records.push({ line: records.length + 1, fields: row.fields });
      }
      options.onProgress?.({ source: request.source, fetched: records.length, total, pages });
      if (full || (records.length >= settings.maxLinks && !page.last)) {
        note(msg('importNotes.liveJobLimit', { max: settings.maxLinks }));
        break;
      }
      // An empty page ends the reading even when the total says otherwise (links deleted meanwhile).
      if (page.last || page.links.length === 0 || (total !== null && records.length >= total)) break;
    }
  } catch (error) {
    throw translate(error, context);
  }
  if (passwordsLeft > 0) {
    note(msg('importNotes.livePasswords', { n: passwordsLeft, source: adapter.name }));
  }
  const label = msg('importNotes.liveLabel', { source: adapter.name, host: base.host });
  return {
    source: request.source,
    label: englishText(label),
    labelRef: label,
    table: { headers: [...adapter.headers], records, hasHeader: true, problems: [] },
    total,
    pages,
    notes: [...notes.keys()],
    noteRefs: [...notes.values()],
  };
}

interface RequestContext {
  adapter: LiveSourceAdapter;
  key: string;
  username: string;
  now: () => number;
  host: string;
  options: typeof DEFAULTS;
  outbound: Outbound;
  signal: AbortSignal | undefined;
  wait: (ms: number, signal?: AbortSignal) => Promise<void>;
}

function definedOnly(options: LiveFetchOptions): Partial<typeof DEFAULTS> {
  const picked: Partial<typeof DEFAULTS> = {};
  for (const name of Object.keys(DEFAULTS) as (keyof typeof DEFAULTS)[]) {
    const value = options[name];
    if (typeof value === 'number') picked[name] = value;
  }
  return picked;
}

/** The service's root: the address without a trailing slash or the API path people often paste too. */
function parseBase(text: string, adapter: LiveSourceAdapter): URL {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    throw AppError.keyed('invalid-input', msg('errors.live.notAddress', { text: text.slice(0, 100), source: adapter.name }));
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw AppError.keyed('invalid-input', msg('errors.live.httpOnly'));
  if (url.username || url.password) throw AppError.keyed('invalid-input', msg('errors.live.noUserInAddress'));
  url.search = '';
  url.hash = '';
  let path = url.pathname.replace(/\/+$/, '');
  for (const suffix of adapter.pastedApiPaths) {
    if (path.toLowerCase().endsWith(suffix)) {
      path = path.slice(0, -suffix.length);
      break;
    }
  }
  url.pathname = path === '' ? '/' : path;
  return url;
}

async function getJson(url: URL, context: RequestContext): Promise<unknown> {
  const { adapter, options } = context;
  for (let attempt = 0; ; attempt++) {
    // Signed anew for each attempt (a YOURLS signature is time-limited); the URL with credentials is never shown.
    const query = adapter.authQuery?.({ key: context.key, username: context.username }, context.now()) ?? {};
    const signed = new URL(url.href);
    for (const [name, value] of Object.entries(query)) signed.searchParams.set(name, value);
    const response = await context.outbound.request(signed, {
      method: 'GET',
      headers: { Accept: 'application/json', ...adapter.authHeaders(context.key) },
      timeoutMs: options.timeoutMs,
      maxBodyBytes: options.maxBodyBytes,
      ...(context.signal ? { signal: context.signal } : {}),
    });
    if (response.status === 429) {
      const ms = retryAfterMs(response.headers['retry-after']) ?? 2 ** attempt * 1000;
      if (attempt >= options.maxRetries || ms > options.maxRetryWaitMs) {
        const slowDown = ms > options.maxRetryWaitMs
          ? msg('errors.live.slowDownFor', { source: adapter.name, seconds: Math.ceil(ms / 1000) })
          : msg('errors.live.slowDown', { source: adapter.name });
        throw AppError.keyed('rate-limited', slowDown, { retryAfterMs: ms });
      }
      await context.wait(ms, context.signal);
      continue;
    }
    return readAnswer(response, url, context);
  }
}

function readAnswer(response: OutboundResponse, url: URL, context: RequestContext): unknown {
  const { adapter, host, options } = context;
  const { status } = response;
  if (status >= 300 && status < 400) {
    const location = String(response.headers.location ?? '');
    throw AppError.keyed(
      'remote-error',
      location
        ? msg('errors.live.redirectedTo', { host, location: safeLocation(location), source: adapter.name })
        : msg('errors.live.redirected', { host, source: adapter.name }),
    );
  }
  if (response.truncated) {
    throw AppError.keyed('remote-error', msg('errors.live.tooLarge', { host, mb: Math.round(options.maxBodyBytes / 1024 / 1024) }));
  }
  const text = response.body.toString('utf8');
  const json = parseJson(text);
  const words = json === undefined ? null : serviceWords(json, context.key);
  if (status === 401 || status === 403) {
    throw AppError.keyed(
      'unauthorized',
      msg('importNotes.liveKeyRefused', { source: adapter.name, status, hasWords: words ? 'yes' : 'no', words: words ?? '', hasHint: adapter.keyHint ? 'yes' : 'no', hint: adapter.keyHint ?? '' }),
    );
  }
  if (status === 404) throw notThisService(context, { what: 'notFound', path: url.pathname, status });
  if (status < 400 && json === undefined) throw notThisService(context, { what: describeBody(text), path: url.pathname, status });
  if (status >= 400) {
    throw AppError.keyed('remote-error', words ? msg('errors.live.failedSaying', { source: adapter.name, host, status, words }) : msg('errors.live.failed', { source: adapter.name, host, status }));
  }
  return json;
}

/** What came instead; `status` and `path` are said only where the sentence names them. */
type NotThisService = { what: 'notFound' | 'html' | 'empty' | 'notJson' | 'otherShape'; path: string; status: number };

function notThisService(context: RequestContext, answer: NotThisService): AppError {
  const { adapter, host } = context;
  const example = adapter.addressExample ?? '';
  return AppError.keyed(
    'remote-error',
    msg('importNotes.liveNotThisService', { host, source: adapter.name, ...answer, hasExample: example ? 'yes' : 'no', example }),
  );
}

function describeBody(text: string): 'html' | 'empty' | 'notJson' {
  const start = text.trimStart().slice(0, 200).toLowerCase();
  if (start.startsWith('<')) return 'html';
  if (start === '') return 'empty';
  return 'notJson';
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The service's own words for an error: Shlink's problem details (`detail`, `title`), Dub's
 * `{ error: { message } }`, Kutt's `{ error }`; the key cut out and the length bounded.
 */
function serviceWords(json: unknown, key: string): string | null {
  if (!isRecord(json)) return null;
  const error = json['error'];
  const candidates = [json['detail'], isRecord(error) ? error['message'] : error, json['message'], json['title']];
  const found = candidates.find((c): c is string => typeof c === 'string' && c.trim() !== '');
  if (!found) return null;
  const clean = (key ? found.split(key).join('•••') : found).replace(/\s+/g, ' ').trim();
  return clean.length > 200 ? `${clean.slice(0, 200)}…` : clean;
}

/** A redirect's target named without its query (which could carry anything). */
function safeLocation(location: string): string {
  try {
    const url = new URL(location, 'http://relative.invalid');
    return url.host === 'relative.invalid' ? url.pathname.slice(0, 100) : `${url.protocol}//${url.host}${url.pathname.slice(0, 100)}`;
  } catch {
    return 'another address';
  }
}

/** Retry-After in seconds or as an HTTP date (RFC 9110 §10.2.3), in ms; undefined when unreadable. */
export function retryAfterMs(value: string | string[] | undefined, now = Date.now()): number | undefined {
  const text = (Array.isArray(value) ? value[0] : value)?.trim();
  if (!text) return undefined;
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  const at = Date.parse(text);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

function translate(error: unknown, context: RequestContext): unknown {
  const { adapter, host } = context;
  if (context.signal?.aborted) return AppError.keyed('invalid-input', msg('errors.live.cancelled'), { cancelled: true });
  if (error instanceof AppError) return error;
  if (error instanceof OutboundRefused) {
    const where = refusalWhereRef(error.refusal, error.host);
    return AppError.keyed(
      'invalid-input',
      error.refusal.rule === 'own-network'
        ? msg('errors.live.refusedOwnNetwork', { where })
        : msg('errors.live.refusedNever', { where }),
    );
  }
  if (isRecord(error) && (error['name'] === 'TimeoutError' || error['name'] === 'AbortError')) {
    return AppError.keyed('offline', msg('errors.live.timeout', { source: adapter.name, host, seconds: Math.round(context.options.timeoutMs / 1000) }));
  }
  const failure = classifyNetworkFailure(error);
  if (failure) return AppError.keyed('offline', networkFailureMessage(failure, host, msg('errors.doing.readLinksFrom', { source: adapter.name })));
  return error;
}
