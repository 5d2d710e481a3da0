import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOST_TTL_MS } from '../../electron/service/redirect/domain-resolver.js';
import { startTestService, type TestService } from '../support/service.js';
import { createLink, visit, type CreatedLink } from './service-redirect-support.js';

/*
 * Short links on branded domains (matched by Host), their root and 404 redirects, the
 * campaign rotator /r/<slug> and the public list page /c/<id>. Domains and campaigns are made
 * through the API.
 */

let s: TestService;
/** The service's clock runs this far ahead of the wall clock: a test moves it past a cache's time limit. */
let ahead = 0;
beforeAll(async () => {
  s = await startTestService({ now: () => Date.now() + ahead });
});
afterAll(async () => {
  await s.close();
});

/** A query beside the service (its database, either engine). */
const one = async <R = Record<string, unknown>>(statement: string, ...params: unknown[]) => (await s.sql<R>(statement, ...params))[0];
const clicksOf = async (linkId: number) => ((await one('SELECT clicks FROM link_counts WHERE link_id = ?', linkId)) as { clicks: number }).clicks;

async function addDomain(body: Record<string, unknown>): Promise<number> {
  const r = await s.api<{ error: number; id: number }>('POST', '/api/domain/add', body);
  expect(r.status, r.text).toBe(200);
  return r.json.id;
}

async function addCampaign(body: Record<string, unknown>): Promise<{ id: number; rotator: string | false; list: string }> {
  const r = await s.api<{ error: number; id: number; rotator: string | false; list: string }>('POST', '/api/campaign/add', body);
  expect(r.status, r.text).toBe(200);
  return r.json;
}

describe('branded domains', () => {
  let domainId: number;
  beforeAll(async () => {
    domainId = await addDomain({ domain: 'https://go.example.test', redirectroot: 'https://example.test/home', redirect404: 'https://example.test/missing' });
    await addDomain({ domain: 'https://plain.example.test' });
    await addDomain({ domain: 'https://ports.example.test:8443' });
  });

  it('serves a link of the domain for requests with that Host (any case, any port)', async () => {
    const link = await createLink(s, { url: 'https://example.com/branded', domain: 'https://go.example.test', custom: 'promo' });
    expect(link.shorturl).toBe('https://go.example.test/promo');
    expect((await visit(s, '/promo', { headers: { host: 'go.example.test' } })).location).toBe('https://example.com/branded');
    expect((await visit(s, '/promo', { headers: { host: 'GO.Example.TEST:8080' } })).location).toBe('https://example.com/branded');
    // The alias belongs to the branded domain, not to the service's own host.
    expect((await visit(s, '/promo')).status).toBe(404);
    await s.service.flushClicks();
    expect(await clicksOf(link.id)).toBe(2);
  });

  it('keeps the same alias apart on different hosts', async () => {
    await createLink(s, { url: 'https://example.com/own-host', custom: 'same' });
    await createLink(s, { url: 'https://example.com/on-go', domain: 'https://go.example.test', custom: 'same' });
    expect((await visit(s, '/same')).location).toBe('https://example.com/own-host');
    expect((await visit(s, '/same', { headers: { host: 'go.example.test' } })).location).toBe('https://example.com/on-go');
  });

  it('matches a domain stored with a port only on that port', async () => {
    await createLink(s, { url: 'https://example.com/ported', domain: 'https://ports.example.test:8443', custom: 'ported' });
    expect((await visit(s, '/ported', { headers: { host: 'ports.example.test:8443' } })).location).toBe('https://example.com/ported');
    expect((await visit(s, '/ported', { headers: { host: 'ports.example.test' } })).status).toBe(404);
  });

  it('sends the bare domain to redirectroot and unknown aliases to redirect404', async () => {
    const root = await visit(s, '/', { headers: { host: 'go.example.test' } });
    expect([root.status, root.location]).toEqual([302, 'https://example.test/home']);
    const missing = await visit(s, '/nothing-here', { headers: { host: 'go.example.test' } });
    expect([missing.status, missing.location]).toEqual([302, 'https://example.test/missing']);
  });

  it('shows HTML 404 pages on a domain without redirects', async () => {
    const root = await visit(s, '/', { headers: { host: 'plain.example.test' } });
    expect(root.status).toBe(404);
    expect(root.headers['content-type']).toMatch(/^text\/html/);
    expect(root.body).not.toContain('Linkdeck local link service');
    const missing = await visit(s, '/nothing-here', { headers: { host: 'plain.example.test' } });
    expect([missing.status, missing.location]).toEqual([404, undefined]);
  });

  it('follows a change of the redirects within a few seconds', async () => {
    const r = await s.api('PUT', `/api/domain/${domainId}/update`, { redirectroot: 'https://example.test/new-home' });
    expect(r.status).toBe(200);
    // A host is looked up again HOST_TTL_MS of the service's clock after it was cached.
    ahead += HOST_TTL_MS;
    expect((await visit(s, '/', { headers: { host: 'go.example.test' } })).location).toBe('https://example.test/new-home');
  });
});

describe('campaign rotator', () => {
  it('rotates round-robin among the campaign links and counts each visit on the chosen link', async () => {
    const campaign = await addCampaign({ name: 'Spring', slug: 'spring', public: false });
    expect(campaign.rotator).toBe(`${s.url}/r/spring`);
    const links: CreatedLink[] = [];
    for (const n of [1, 2, 3]) links.push(await createLink(s, { url: `https://example.com/spring-${n}`, campaign: campaign.id }));

    const seen: (string | undefined)[] = [];
    for (let i = 0; i < 6; i++) seen.push((await visit(s, '/r/spring')).location);
    const targets = ['https://example.com/spring-1', 'https://example.com/spring-2', 'https://example.com/spring-3'];
    const first = targets.indexOf(seen[0] as string);
    expect(first).toBeGreaterThanOrEqual(0);
    expect(seen).toEqual([0, 1, 2, 3, 4, 5].map((i) => targets[(first + i) % 3]));
    await s.service.flushClicks();
    expect(await Promise.all(links.map((l) => clicksOf(l.id)))).toEqual([2, 2, 2]);
  });

  it('skips expired links', async () => {
    const campaign = await addCampaign({ name: 'Summer', slug: 'summer' });
    const live = await createLink(s, { url: 'https://example.com/live', campaign: campaign.id });
    const gone = await createLink(s, { url: 'https://example.com/gone', campaign: campaign.id });
    await s.api('PUT', `/api/url/${gone.id}/update`, { url: 'https://example.com/gone', expiry: '2020-01-01 00:00:00' });
    for (let i = 0; i < 3; i++) expect((await visit(s, '/r/summer')).location).toBe('https://example.com/live');
    expect(live.id).toBeGreaterThan(0);
  });

  it('answers 404 for an unknown slug and for a campaign without links', async () => {
    await addCampaign({ name: 'Empty', slug: 'empty' });
    for (const path of ['/r/empty', '/r/no-such-slug']) {
      const r = await visit(s, path);
      expect(r.status).toBe(404);
      expect(r.headers['content-type']).toMatch(/^text\/html/);
    }
  });
});

describe('campaign list page', () => {
  it('lists a public campaign: escaped titles and short URLs, not the destinations', async () => {
    const campaign = await addCampaign({ name: 'Deals <b>now</b>', public: true });
    expect(campaign.list).toBe(`${s.url}/c/${campaign.id}`);
    const a = await createLink(s, { url: 'https://example.com/secret-destination', campaign: campaign.id, metatitle: '<script>alert(1)</script>' });
    const b = await createLink(s, { url: 'https://example.com/b', campaign: campaign.id, metatitle: 'Second deal' });
    const r = await visit(s, `/c/${campaign.id}`);
    expect(r.status).toBe(200);
    expect(r.body).toContain('Deals &#60;b&#62;now&#60;/b&#62;');
    expect(r.body).toContain('&#60;script&#62;alert(1)&#60;/script&#62;');
    expect(r.body).not.toMatch(/<script|<b>/);
    expect(r.body).toContain(`href="${a.shorturl}"`);
    expect(r.body).toContain('Second deal');
    expect(r.body).toContain(b.shorturl);
    expect(r.body).not.toContain('secret-destination');
    expect(r.headers['content-security-policy']).toContain("script-src 'none'");
  });

  it('is not found for a private campaign or an unknown id', async () => {
    const campaign = await addCampaign({ name: 'Internal', public: false });
    await createLink(s, { url: 'https://example.com/internal', campaign: campaign.id, metatitle: 'Internal link' });
    for (const path of [`/c/${campaign.id}`, '/c/999999', '/c/abc']) {
      const r = await visit(s, path);
      expect(r.status, path).toBe(404);
      expect(r.body).not.toContain('Internal link');
    }
  });
});
