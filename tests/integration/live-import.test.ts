/**
 * Import from a live API (issue 17): the fetch module against scripted Kutt, Shlink and Dub
 * servers at the HTTP level that answer as each source documents (paging, errors, 429).
 *
 * The doubles listen on loopback. Every test that should reach them fetches as the person does
 * after ticking "The service is on my own network" (allowOwnNetwork: true), the path the app
 * offers for a self-hosted service on their network; the refusal test leaves it off.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { SHARED_MESSAGES } from '../../electron/shared/i18n/shared-messages.js';
import { createTranslator } from '../../electron/shared/i18n/translate.js';
import { englishText, renderMessage } from '../../electron/shared/message-ref.js';
import { recogniseFormat } from '../../electron/shared/import-formats.js';
import type { LiveFetchProgress, LiveFetchRequest } from '../../electron/shared/live-import.js';
import { errorMessageRef } from '../../electron/shared/errors.js';
import { AppError } from '../../electron/backend/app-error.js';
import type { BackendContext } from '../../electron/backend/backend-context.js';
import { EventHub } from '../../electron/backend/event-hub.js';
import { importHandlers } from '../../electron/backend/handlers/import-handlers.js';
import { fetchLiveSource, type LiveFetchOptions } from '../../electron/backend/import/live-source.js';
import { createOutboundPolicy } from '../../electron/backend/net/outbound-address-policy.js';
import { createOutbound } from '../../electron/backend/net/outbound-request.js';
import { createRouter, type Handlers } from '../../electron/backend/router.js';
import { dubLinks, startDubDouble } from '../support/dub-double.js';
import { kuttLinks, startKuttDouble } from '../support/kutt-double.js';
import type { SourceDouble } from '../support/live-source-double.js';
import { shlinkShortUrls, startShlinkDouble } from '../support/shlink-double.js';

const KEY = 'k-Secret-123';
const doubles: SourceDouble[] = [];
const track = async (started: Promise<SourceDouble>) => {
  const double = await started;
  doubles.push(double);
  return double;
};

afterEach(async () => {
  await Promise.all(doubles.splice(0).map((d) => d.close()));
});

/** The person's "own network" switch on: the loopback doubles are reachable (see the file comment). */
const ownNetwork = () => createOutbound({ policy: createOutboundPolicy({ allowOwnNetwork: true }) });

function recorder() {
  const waits: number[] = [];
  const progress: LiveFetchProgress[] = [];
  const options: Omit<LiveFetchOptions, 'outbound'> = {
    // The waits are recorded, not spent: what is checked is that they are asked for.
    wait: async (ms) => void waits.push(ms),
    onProgress: (p) => progress.push(p),
  };
  return { waits, progress, options };
}

async function failure(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

const request = (source: LiveFetchRequest['source'], baseUrl: string, apiKey = KEY): LiveFetchRequest => ({ source, baseUrl, apiKey, ownNetwork: true });

describe('import from a live Kutt', () => {
  it('reads every page (limit/skip up to the total) with the key in X-API-KEY only, and the table is recognised as Kutt', async () => {
    const kutt = await track(startKuttDouble({ key: KEY, links: kuttLinks(120) }));
    const { waits, progress, options } = recorder();

    // The API path pasted with the address is tolerated.
    const result = await fetchLiveSource(request('kutt', `${kutt.url}/api/v2/`), { ...options, outbound: ownNetwork() });

    expect(result.table.records).toHaveLength(120);
    expect(result.total).toBe(120);
    expect(result.pages).toBe(3);
    expect(kutt.requests.map((r) => `${r.path}?${r.query.toString()}`)).toEqual([
      '/api/v2/links?limit=50&skip=0',
      '/api/v2/links?limit=50&skip=50',
      '/api/v2/links?limit=50&skip=100',
    ]);
    for (const r of kutt.requests) {
      expect(r.headers['x-api-key']).toBe(KEY);
      expect(r.headers.authorization).toBeUndefined();
    }
    expect(waits).toEqual([250, 250]);
    expect(progress.map((p) => p.fetched)).toEqual([50, 100, 120]);
    expect(new Set(result.table.records.map((r) => r.fields[0]))).toHaveLength(120);
    const recognised = recogniseFormat(result.table.headers);
    expect(recognised?.format).toBe('kutt');
    const row = result.table.records[1]!.fields;
    expect(row[result.table.headers.indexOf('target')]).toBe('https://example.com/kutt/1');
    expect(row[result.table.headers.indexOf('expire_in')]).toBe('2030-01-01 00:00:00');
    expect(result.notes.join(' ')).toMatch(/1 link has a password in Kutt, which its API does not reveal: it is made without one/);
    // Issue 44: the same notes keyed, in step with the English ones, said in the person's language.
    const german = createTranslator('de', SHARED_MESSAGES);
    expect(result.noteRefs?.map((ref) => renderMessage(ref, german))).toEqual([
      '1 Link hat in Kutt ein Passwort, das dessen API nicht preisgibt: Er wird ohne Passwort angelegt; fügen Sie es im Link-Editor hinzu.',
    ]);
    expect(result.noteRefs?.map(englishText)).toEqual(result.notes);
    expect(JSON.stringify(result)).not.toContain(KEY);
  });

  it('says Kutt refused the key on a 401, in words and without repeating the key the service echoed', async () => {
    const kutt = await track(startKuttDouble({ key: KEY, links: kuttLinks(3), echoKey: true }));

    const error = await failure(fetchLiveSource(request('kutt', kutt.url, 'wrong-key-42'), { outbound: ownNetwork() }));

    expect(error.info.code).toBe('unauthorized');
    expect(error.message).toMatch(/^Kutt refused the key \(HTTP 401: API key ••• is not correct\.\)\. Check that you copied the whole API key/);
    expect(error.message).not.toContain('wrong-key-42');
  });

  it('waits out one 429 for its Retry-After and then reads every link once', async () => {
    const kutt = await track(startKuttDouble({ key: KEY, links: kuttLinks(70), faults: { rateLimitAt: { request: 1, retryAfter: '3', body: { error: 'Too many requests.' } } } }));
    const { waits, options } = recorder();

    const result = await fetchLiveSource(request('kutt', kutt.url), { ...options, outbound: ownNetwork() });

    expect(waits).toEqual([250, 3000]);
    expect(kutt.requests.map((r) => r.query.get('skip'))).toEqual(['0', '50', '50']);
    expect(result.table.records.map((r) => r.fields[0])).toEqual(kuttLinks(70).map((l) => l.address));
  });

  it('gives up on a Retry-After longer than a minute and says to come back', async () => {
    const kutt = await track(startKuttDouble({ key: KEY, links: kuttLinks(3), faults: { rateLimitAt: { request: 0, retryAfter: '3600', body: { error: 'Slow down.' } } } }));

    const error = await failure(fetchLiveSource(request('kutt', kutt.url), { ...recorder().options, outbound: ownNetwork() }));

    expect(error.info.code).toBe('rate-limited');
    expect(error.message).toBe('Kutt asks Linkdeck to slow down (HTTP 429, for 3600 s). Nothing was imported; try again later.');
  });

  it('says an HTML page is not a Kutt answer', async () => {
    const site = await track(startKuttDouble({ key: KEY, links: [], faults: { html: 200 } }));

    const error = await failure(fetchLiveSource(request('kutt', site.url), { outbound: ownNetwork() }));

    expect(error.info.code).toBe('remote-error');
    expect(error.message).toMatch(/^The answer from 127\.0\.0\.1:\d+ is not a Kutt answer \(an HTML page, HTTP 200\)\. Check the address/);
  });

  it('refuses an answer larger than the size limit', async () => {
    const kutt = await track(startKuttDouble({ key: KEY, links: [], faults: { hugeBytes: 3 * 1024 * 1024 } }));

    const error = await failure(fetchLiveSource(request('kutt', kutt.url), { outbound: ownNetwork(), maxBodyBytes: 1024 * 1024 }));

    expect(error.info.code).toBe('remote-error');
    expect(error.message).toMatch(/larger than 1 MB for one page/);
  });

  it('does not follow a redirect: the key never reaches the other host', async () => {
    const elsewhere = await track(startKuttDouble({ key: KEY, links: kuttLinks(80) }));
    const kutt = await track(startKuttDouble({ key: KEY, links: kuttLinks(80), faults: { redirectAt: { request: 1, location: `${elsewhere.url}/api/v2/links?limit=50&skip=50` } } }));

    const error = await failure(fetchLiveSource(request('kutt', kutt.url), { ...recorder().options, outbound: ownNetwork() }));

    expect(error.info.code).toBe('remote-error');
    expect(error.message).toMatch(/redirected the request \(to http:\/\/127\.0\.0\.1:\d+\/api\/v2\/links\)\. Linkdeck does not follow redirects here/);
    expect(elsewhere.requests).toHaveLength(0);
  });

  it('refuses a loopback address unless the service is said to be on the own network, before any request', async () => {
    const kutt = await track(startKuttDouble({ key: KEY, links: kuttLinks(3) }));

    const error = await failure(fetchLiveSource({ ...request('kutt', kutt.url), ownNetwork: false }, { outbound: createOutbound({ policy: createOutboundPolicy() }) }));

    expect(error.info.code).toBe('invalid-input');
    expect(error.message).toBe('127.0.0.1 is loopback. Linkdeck reads from addresses on your own network only when you tick “The service is on my own network”.');
    // A message ref, so the person reads it in their language (issue 44).
    expect(renderMessage(errorMessageRef(error.info)!, createTranslator('de', SHARED_MESSAGES))).toBe(
      '127.0.0.1 ist eine Loopback-Adresse. Linkdeck liest von Adressen in Ihrem eigenen Netz nur, wenn Sie „Der Dienst ist in meinem eigenen Netz“ ankreuzen.',
    );
    expect(kutt.requests).toHaveLength(0);
  });

  it('stops at the size of a bulk job and says so', async () => {
    const kutt = await track(startKuttDouble({ key: KEY, links: kuttLinks(120) }));

    const result = await fetchLiveSource(request('kutt', kutt.url), { ...recorder().options, outbound: ownNetwork(), maxLinks: 60 });

    expect(result.table.records).toHaveLength(60);
    expect(kutt.requests).toHaveLength(2);
    expect(result.notes.join(' ')).toMatch(/at most 60 links: the first 60 were read/);
  });

  it('stops at the page limit', async () => {
    const kutt = await track(startKuttDouble({ key: KEY, links: kuttLinks(120) }));

    const result = await fetchLiveSource(request('kutt', kutt.url), { ...recorder().options, outbound: ownNetwork(), maxPages: 2 });

    expect(kutt.requests).toHaveLength(2);
    expect(result.table.records).toHaveLength(100);
    expect(result.notes.join(' ')).toMatch(/stopped after 2 pages/);
  });

  it('is cancelled between pages', async () => {
    const kutt = await track(startKuttDouble({ key: KEY, links: kuttLinks(120) }));
    const controller = new AbortController();

    const error = await failure(
      fetchLiveSource(request('kutt', kutt.url), {
        outbound: ownNetwork(),
        signal: controller.signal,
        wait: async (_ms, signal) => {
          controller.abort();
          signal?.throwIfAborted();
        },
      }),
    );

    expect(error.info.details).toEqual({ cancelled: true });
    expect(kutt.requests).toHaveLength(1);
  });
});

describe('import from a live Shlink', () => {
  it('reads every page up to pagesCount with the key in X-Api-Key, tags and expiry kept, recognised as Shlink', async () => {
    const shlink = await track(startShlinkDouble({ key: KEY, shortUrls: shlinkShortUrls(130) }));
    const { options } = recorder();

    const result = await fetchLiveSource(request('shlink', `${shlink.url}/`), { ...options, outbound: ownNetwork() });

    expect(result.table.records).toHaveLength(130);
    expect(result.total).toBe(130);
    expect(shlink.requests.map((r) => `${r.path}?${r.query.toString()}`)).toEqual([
      '/rest/v3/short-urls?page=1&itemsPerPage=50',
      '/rest/v3/short-urls?page=2&itemsPerPage=50',
      '/rest/v3/short-urls?page=3&itemsPerPage=50',
    ]);
    for (const r of shlink.requests) expect(r.headers['x-api-key']).toBe(KEY);
    const { headers } = result.table;
    const first = result.table.records[0]!.fields;
    expect(first[headers.indexOf('tags')]).toBe('spring, news');
    expect(first[headers.indexOf('validUntil')]).toBe('2031-02-03 04:05:06');
    expect(first[headers.indexOf('title')]).toBe('Title, "quoted" 0');
    expect(first[headers.indexOf('visits')]).toBe('5');
    expect(recogniseFormat(headers)?.format).toBe('shlink');
  });

  it('says Shlink refused the key, with the words of its problem details', async () => {
    const shlink = await track(startShlinkDouble({ key: KEY, shortUrls: shlinkShortUrls(3) }));

    const error = await failure(fetchLiveSource(request('shlink', shlink.url, 'nope'), { outbound: ownNetwork() }));

    expect(error.info.code).toBe('unauthorized');
    expect(error.message).toMatch(/^Shlink refused the key \(HTTP 401: Provided API key does not exist or is invalid\.\)/);
  });

  it('says an address that answers another JSON is not Shlink', async () => {
    // A Kutt at the address: JSON, but a 404 problem for Shlink's path.
    const kutt = await track(startKuttDouble({ key: KEY, links: kuttLinks(3) }));

    const error = await failure(fetchLiveSource(request('shlink', kutt.url), { outbound: ownNetwork() }));

    expect(error.info.code).toBe('remote-error');
    expect(error.message).toMatch(/^The answer from 127\.0\.0\.1:\d+ is not a Shlink answer \(nothing at \/rest\/v3\/short-urls, HTTP 404\)\. Check the address: it should be the address of your Shlink/);
  });
});

describe('import from a live Dub', () => {
  it('reads pages until a short one with the key as a Bearer token, passwords and tags kept, recognised as Dub', async () => {
    const dub = await track(startDubDouble({ key: KEY, links: dubLinks(250) }));
    const { progress, options } = recorder();

    const result = await fetchLiveSource(request('dub', dub.url), { ...options, outbound: ownNetwork() });

    expect(result.table.records).toHaveLength(250);
    expect(result.total).toBeNull();
    expect(dub.requests.map((r) => r.query.get('page'))).toEqual(['1', '2', '3']);
    for (const r of dub.requests) {
      expect(r.headers.authorization).toBe(`Bearer ${KEY}`);
      expect(r.headers['x-api-key']).toBeUndefined();
    }
    expect(progress.at(-1)).toEqual({ source: 'dub', fetched: 250, total: null, pages: 3 });
    const { headers } = result.table;
    expect(result.table.records[3]!.fields[headers.indexOf('password')]).toBe('open-sesame');
    expect(result.table.records[1]!.fields[headers.indexOf('tags')]).toBe('Launch');
    expect(recogniseFormat(headers)?.format).toBe('dub');
  });

  it('ends on an empty page when the links fill the last page exactly', async () => {
    const dub = await track(startDubDouble({ key: KEY, links: dubLinks(200) }));

    const result = await fetchLiveSource(request('dub', dub.url), { ...recorder().options, outbound: ownNetwork() });

    expect(result.table.records).toHaveLength(200);
    expect(dub.requests).toHaveLength(3);
  });

  it('says Dub refused a key without the right permissions (403)', async () => {
    const dub = await track(startDubDouble({ key: KEY, links: dubLinks(3), forbiddenKey: 'dub_readonly' }));

    const error = await failure(fetchLiveSource(request('dub', dub.url, 'dub_readonly'), { outbound: ownNetwork() }));

    expect(error.info.code).toBe('unauthorized');
    expect(error.message).toMatch(/^Dub refused the key \(HTTP 403: The provided API key does not have the required permissions\.\)/);
  });
});

describe('the import:fetch-source channel', () => {
  function router(options: Parameters<typeof importHandlers>[1]) {
    const events = new EventHub();
    const pushed: { event: string; payload: unknown }[] = [];
    events.subscribe((event, payload) => pushed.push({ event, payload }));
    const logged: string[] = [];
    // The import handlers use the events and onClose only.
    const context = { events, onClose: () => {}, log: (m: string) => logged.push(m) } as unknown as BackendContext;
    const handlers = importHandlers(context, options) as unknown as Handlers;
    return { router: createRouter(handlers, (m) => logged.push(m)), pushed, logged };
  }

  it('answers the table and pushes progress, the key in neither', async () => {
    const kutt = await track(startKuttDouble({ key: KEY, links: kuttLinks(60) }));
    const { router: r, pushed, logged } = router({ fetch: { pauseMs: 0 } });

    const answer = await r.dispatch('import:fetch-source', { source: 'kutt', baseUrl: kutt.url, apiKey: KEY, ownNetwork: true });

    expect(answer.ok).toBe(true);
    expect(JSON.stringify(answer)).not.toContain(KEY);
    expect(pushed.map((p) => (p.payload as LiveFetchProgress).fetched)).toEqual([50, 60]);
    expect(JSON.stringify(pushed)).not.toContain(KEY);
    expect(logged.join('\n')).not.toContain(KEY);
  });

  it('answers a refused private address in words when the switch is off', async () => {
    const kutt = await track(startKuttDouble({ key: KEY, links: kuttLinks(3) }));
    const { router: r } = router({});

    const answer = await r.dispatch('import:fetch-source', { source: 'kutt', baseUrl: kutt.url, apiKey: KEY, ownNetwork: false });

    expect(answer).toEqual({
      ok: false,
      error: {
        code: 'invalid-input',
        message: expect.stringMatching(/^127\.0\.0\.1 is loopback\./),
        // The key and its arguments, so the window says it in the person's language (issue 44).
        key: 'errors.live.refusedOwnNetwork',
        params: { where: { key: 'errors.net.addressIs', params: { address: '127.0.0.1', kind: 'loopback' } } },
      },
    });
    expect(kutt.requests).toHaveLength(0);
  });

  it('rejects an unknown source and an empty key before any request', async () => {
    const { router: r } = router({});

    const answer = await r.dispatch('import:fetch-source', { source: 'bitly', baseUrl: 'https://x.example', apiKey: '', ownNetwork: false });

    expect(answer.ok).toBe(false);
    if (!answer.ok) expect(answer.error.code).toBe('invalid-input');
  });
});
