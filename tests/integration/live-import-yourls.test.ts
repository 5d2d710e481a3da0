/**
 * Import from a live YOURLS (issue 30): the fetch module against a scripted yourls-api.php at
 * the HTTP level (tests/support/yourls-double.ts). As for the other live sources, the double
 * listens on loopback and is reached as the person does after ticking "The service is on my own
 * network"; the refusal test leaves the switch off.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { SHARED_MESSAGES } from '../../electron/shared/i18n/shared-messages.js';
import { createTranslator } from '../../electron/shared/i18n/translate.js';
import { renderMessage } from '../../electron/shared/message-ref.js';
import { createHash } from 'node:crypto';
import { guessMapping, previewRows } from '../../electron/shared/bulk-import.js';
import { recogniseFormat } from '../../electron/shared/import-formats.js';
import type { LiveFetchRequest } from '../../electron/shared/live-import.js';
import { AppError } from '../../electron/backend/app-error.js';
import type { BackendContext } from '../../electron/backend/backend-context.js';
import { EventHub } from '../../electron/backend/event-hub.js';
import { importHandlers } from '../../electron/backend/handlers/import-handlers.js';
import { createRouter, type Handlers } from '../../electron/backend/router.js';
import { fetchLiveSource } from '../../electron/backend/import/live-source.js';
import { createOutboundPolicy } from '../../electron/backend/net/outbound-address-policy.js';
import { createOutbound } from '../../electron/backend/net/outbound-request.js';
import type { SourceDouble } from '../support/live-source-double.js';
import { startYourlsDouble, yourlsLinks, type YourlsCredentials } from '../support/yourls-double.js';

const AUTH: YourlsCredentials = { token: 'a1b2c3d4e5', username: 'admin', password: 'pa55-Word' };
const NOW = Date.UTC(2026, 0, 1, 12);
const doubles: SourceDouble[] = [];
const track = async (started: Promise<SourceDouble>) => {
  const double = await started;
  doubles.push(double);
  return double;
};

afterEach(async () => {
  await Promise.all(doubles.splice(0).map((d) => d.close()));
});

const ownNetwork = () => createOutbound({ policy: createOutboundPolicy({ allowOwnNetwork: true }) });
const request = (baseUrl: string, apiKey = AUTH.token, username?: string): LiveFetchRequest => ({ source: 'yourls', baseUrl, apiKey, ownNetwork: true, ...(username ? { username } : {}) });
const options = { wait: async () => undefined, now: () => NOW };

async function failure(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe('import from a live YOURLS', () => {
  it('pages through action=stats with a time-limited signature, never the token itself, and the table is recognised as YOURLS', async () => {
    const yourls = await track(startYourlsDouble({ auth: AUTH, links: yourlsLinks(230), now: () => NOW }));

    // The API file pasted with the address is tolerated.
    const result = await fetchLiveSource(request(`${yourls.url}/yourls-api.php`), { ...options, outbound: ownNetwork() });

    expect(result.table.records).toHaveLength(230);
    expect(result.total).toBe(230);
    expect(yourls.requests.map((r) => [r.path, r.query.get('action'), r.query.get('filter'), r.query.get('format'), r.query.get('limit'), r.query.get('start')])).toEqual([
      ['/yourls-api.php', 'stats', 'last', 'json', '100', '0'],
      ['/yourls-api.php', 'stats', 'last', 'json', '100', '100'],
      ['/yourls-api.php', 'stats', 'last', 'json', '100', '200'],
    ]);
    const timestamp = String(NOW / 1000);
    for (const r of yourls.requests) {
      expect(r.query.get('timestamp')).toBe(timestamp);
      expect(r.query.get('signature')).toBe(createHash('md5').update(timestamp + AUTH.token).digest('hex'));
      expect([...r.query.values()]).not.toContain(AUTH.token);
    }
    expect(recogniseFormat(result.table.headers)?.format).toBe('yourls');
    const preview = previewRows(result.table, guessMapping(result.table), { channels: [], campaigns: [], domains: [] }, NOW);
    expect(preview.valid).toBe(230);
    expect(preview.rows[5]).toMatchObject({ input: { custom: 'yl-5', url: 'https://example.com/yourls/5?q=5#part', metaTitle: 'Link 5, “quoted” — é 東京 🚀' }, formerClicks: 5000, created: Date.UTC(2024, 6, 6, 12) });
    expect(JSON.stringify(result)).not.toContain(AUTH.token);
  });

  it('reads an empty YOURLS (its answer has no links key at all) as no links, not as another service', async () => {
    const yourls = await track(startYourlsDouble({ auth: AUTH, links: [], now: () => NOW }));

    const result = await fetchLiveSource(request(yourls.url), { ...options, outbound: ownNetwork() });

    expect(result.table.records).toEqual([]);
    expect(result.total).toBe(0);
  });

  it('signs in with user name and password when they are given', async () => {
    const yourls = await track(startYourlsDouble({ auth: AUTH, links: yourlsLinks(3) }));

    const result = await fetchLiveSource(request(yourls.url, AUTH.password, AUTH.username), { ...options, outbound: ownNetwork() });

    expect(result.table.records).toHaveLength(3);
    expect(yourls.requests[0]?.query.get('username')).toBe('admin');
    expect(yourls.requests[0]?.query.has('signature')).toBe(false);
  });

  it('says YOURLS refused the credentials on its 403, in its words, without repeating the password', async () => {
    const yourls = await track(startYourlsDouble({ auth: AUTH, links: yourlsLinks(3) }));

    const error = await failure(fetchLiveSource(request(yourls.url, 'wrong-pass', 'admin'), { ...options, outbound: ownNetwork() }));

    expect(error.info.code).toBe('unauthorized');
    expect(error.message).toMatch(/^YOURLS refused the key \(HTTP 403: Invalid username or password\)\. .*signature token is under Tools/);
    expect(error.message).not.toContain('wrong-pass');
  });

  it('stops when an old YOURLS answers the same links for every page, and says so', async () => {
    const yourls = await track(startYourlsDouble({ auth: AUTH, links: yourlsLinks(150), ignoresStart: true, now: () => NOW }));

    const result = await fetchLiveSource(request(yourls.url), { ...options, outbound: ownNetwork() });

    expect(yourls.requests).toHaveLength(2);
    expect(result.table.records).toHaveLength(100);
    expect(result.notes.join(' ')).toMatch(/YOURLS answered the same links for every page .* only the first 100 were read/);
    // Issue 44: in German too, the count in its number format.
    expect(result.noteRefs?.map((ref) => renderMessage(ref, createTranslator('de', SHARED_MESSAGES)))).toEqual([
      'YOURLS hat auf jeder Seite dieselben Links geliefert (vielleicht ist es zu alt, um seine Links seitenweise auszugeben): Nur die ersten 100 wurden gelesen.',
    ]);
  });

  it('says an HTML page is not a YOURLS answer', async () => {
    const site = await track(startYourlsDouble({ auth: AUTH, links: [], faults: { html: 200 } }));

    const error = await failure(fetchLiveSource(request(site.url), { ...options, outbound: ownNetwork() }));

    expect(error.message).toMatch(/^The answer from 127\.0\.0\.1:\d+ is not a YOURLS answer \(an HTML page, HTTP 200\)/);
  });

  it('refuses a loopback address unless the service is said to be on the own network, before any request', async () => {
    const yourls = await track(startYourlsDouble({ auth: AUTH, links: yourlsLinks(3) }));

    const error = await failure(fetchLiveSource({ ...request(yourls.url), ownNetwork: false }, { outbound: createOutbound({ policy: createOutboundPolicy() }) }));

    expect(error.message).toBe('127.0.0.1 is loopback. Linkdeck reads from addresses on your own network only when you tick “The service is on my own network”.');
    expect(yourls.requests).toHaveLength(0);
  });

  it('gives up after its time limit on a YOURLS that never answers', async () => {
    const yourls = await track(startYourlsDouble({ auth: AUTH, links: yourlsLinks(3), faults: { hangAt: { request: 0 } } }));

    const error = await failure(fetchLiveSource(request(yourls.url), { ...options, outbound: ownNetwork(), timeoutMs: 1000 }));

    expect(error.info.code).toBe('offline');
    expect(error.message).toMatch(/^YOURLS at 127\.0\.0\.1:\d+ did not answer within 1 s \(while reading links\)\. Try again later\.$/);
  });

  it('through the backend’s router: the user name passes the contract, the password is in neither the answer, the pushes nor the log', async () => {
    const yourls = await track(startYourlsDouble({ auth: AUTH, links: yourlsLinks(120) }));
    const events = new EventHub();
    const pushed: unknown[] = [];
    events.subscribe((_event, payload) => pushed.push(payload));
    const logged: string[] = [];
    const context = { events, onClose: () => {}, log: (m: string) => logged.push(m) } as unknown as BackendContext;
    const router = createRouter(importHandlers(context, { fetch: { pauseMs: 0 } }) as unknown as Handlers, (m) => logged.push(m));

    const answer = await router.dispatch('import:fetch-source', { source: 'yourls', baseUrl: yourls.url, apiKey: AUTH.password, username: AUTH.username, ownNetwork: true });
    const tooLong = await router.dispatch('import:fetch-source', { source: 'yourls', baseUrl: yourls.url, apiKey: 'x', username: 'u'.repeat(201), ownNetwork: true });

    expect(answer.ok).toBe(true);
    expect(tooLong.ok).toBe(false);
    expect(JSON.stringify([answer, pushed, logged])).not.toContain(AUTH.password);
  });
});
