import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openFixtures, type ServiceFixtures } from '../support/service-fixtures.js';
import { startTestService, type TestService } from '../support/service.js';

type Json = Record<string, unknown>;

describe('local service: branded domains', () => {
  let s: TestService;
  let f: ServiceFixtures;
  let other: { id: number; key: string };

  beforeAll(async () => {
    s = await startTestService();
    f = await openFixtures(s);
    other = await f.addUser('other@example.com');
  });
  afterAll(async () => {
    f.close();
    await s.close();
  });

  const listDomains = async (key?: string) =>
    (
      await s.api<{ data: Json & { domains: Json[] } }>(
        'GET',
        '/api/domains?limit=100',
        undefined,
        key ? { key } : {},
      )
    ).json.data;
  const addDomain = async (body: Json, key?: string) => {
    const r = await s.api('POST', '/api/domain/add', body, key ? { key } : {});
    expect(r.status).toBe(200);
    return r.json['id'] as number;
  };
  const hostOf = async (id: number) =>
    ((await f.one('SELECT host FROM domains WHERE id = ?', id)) as { host: string }).host;

  describe('POST /api/domain/add', () => {
    it('adds a domain, answers {error, id} and lists it with exactly the spec fields', async () => {
      const r = await s.api('POST', '/api/domain/add', {
        domain: 'https://go.example.com',
        redirectroot: 'https://example.com/',
        redirect404: 'https://example.com/404',
      });
      expect(r.status).toBe(200);
      expect(r.json).toEqual({ error: 0, id: expect.any(Number) });
      const id = r.json['id'] as number;
      const item = (await listDomains()).domains.find((d) => d['id'] === id);
      expect(item).toEqual({
        id,
        domain: 'https://go.example.com',
        redirectroot: 'https://example.com/',
        redirect404: 'https://example.com/404',
      });
      expect((await hostOf(id))).toBe('go.example.com');
    });

    it('normalises case, a trailing slash and default ports, keeps other ports, and stores names in other scripts as punycode', async () => {
      const a = await addDomain({ domain: 'HTTPS://Short.Example.COM:443/' });
      expect((await listDomains()).domains.find((d) => d['id'] === a)).toMatchObject({
        domain: 'https://short.example.com',
        redirectroot: '',
        redirect404: '',
      });
      expect((await hostOf(a))).toBe('short.example.com');
      const b = await addDomain({ domain: 'http://links.example.net:8080' });
      expect((await hostOf(b))).toBe('links.example.net:8080');
      const c = await addDomain({ domain: 'https://bücher.example' });
      expect((await hostOf(c))).toBe('xn--bcher-kva.example');
      expect((await listDomains()).domains.find((d) => d['id'] === c)?.['domain']).toBe(
        'https://xn--bcher-kva.example',
      );
    });

    it('stores a domain typed with trailing slashes without them, as real services do', async () => {
      const one = await addDomain({ domain: 'https://slash.example.com/' });
      const two = await addDomain({ domain: ' https://slashes.example.com// ' });
      const listed = (await listDomains()).domains;
      expect(listed.find((d) => d['id'] === one)?.['domain']).toBe('https://slash.example.com');
      expect(listed.find((d) => d['id'] === two)?.['domain']).toBe('https://slashes.example.com');
      expect((await hostOf(two))).toBe('slashes.example.com');
      // The same domain with and without the slash is one domain.
      const again = await s.api('POST', '/api/domain/add', { domain: 'https://slash.example.com' });
      expect(again.status).toBe(409);
      // A path is still a path, with or without a slash after it.
      const path = await s.api('POST', '/api/domain/add', {
        domain: 'https://slash.example.org/go/',
      });
      expect(path.status).toBe(400);
      expect(path.json['message']).toMatch(/without a path, query or fragment/);
    });

    it.each([
      ['no domain', {}, /"domain" is required/],
      ['a number', { domain: 42 }, /"domain" must be a string/],
      ['no scheme', { domain: 'go.example.org' }, /must start with http:\/\/ or https:\/\//],
      [
        'an ftp scheme',
        { domain: 'ftp://go.example.org' },
        /must start with http:\/\/ or https:\/\//,
      ],
      ['a path', { domain: 'https://go.example.org/links' }, /without a path, query or fragment/],
      ['a query', { domain: 'https://go.example.org/?a=1' }, /without a path, query or fragment/],
      ['a fragment', { domain: 'https://go.example.org#top' }, /without a path, query or fragment/],
      ['credentials', { domain: 'https://me:secret@go.example.org' }, /user name or password/],
      ['an IPv4 address', { domain: 'http://192.168.1.20' }, /not an IP address/],
      ['an IPv6 address', { domain: 'http://[::1]:8080' }, /not an IP address/],
      ['a single-label host', { domain: 'http://localhost' }, /not hold a valid domain name/],
      ['an underscore', { domain: 'https://my_links.example.org' }, /not hold a valid domain name/],
      [
        'a label starting with "-"',
        { domain: 'https://-go.example.org' },
        /not hold a valid domain name/,
      ],
      ['spaces inside', { domain: 'https://go example.org' }, /not a valid address/],
      [
        'a javascript: redirectroot',
        { domain: 'https://ok1.example.org', redirectroot: 'javascript:alert(1)' },
        /"redirectroot" must be a web address/,
      ],
      [
        'an ftp redirect404',
        { domain: 'https://ok2.example.org', redirect404: 'ftp://example.org/x' },
        /"redirect404" must be a web address/,
      ],
      [
        'a number as redirectroot',
        { domain: 'https://ok3.example.org', redirectroot: 1 },
        /"redirectroot" must be a string/,
      ],
    ])('refuses %s with a 400 naming the problem', async (_label, body, message) => {
      const r = await s.api('POST', '/api/domain/add', body);
      expect(r.status).toBe(400);
      expect(r.json).toEqual({ error: 1, message: expect.stringMatching(message) });
    });

    it('refuses a host already added, by the same or another user, whatever the scheme or case, with 409', async () => {
      await addDomain({ domain: 'https://dup.example.org' });
      const again = await s.api('POST', '/api/domain/add', { domain: 'http://DUP.example.org/' });
      expect(again.status).toBe(409);
      expect(again.json).toEqual({
        error: 1,
        message: 'You have already added the domain dup.example.org.',
      });
      const theirs = await s.api(
        'POST',
        '/api/domain/add',
        { domain: 'https://dup.example.org' },
        { key: other.key },
      );
      expect(theirs.status).toBe(409);
      expect(theirs.json['message']).toMatch(/already used by another account/);
      expect((await listDomains(other.key)).domains).toEqual([]);
    });

    it("refuses the service's own address", async () => {
      const pub = await startTestService({ publicUrl: 'https://links.example.org' });
      try {
        // Its URL is the public one, which does not resolve here: call the port directly.
        const res = await fetch(`http://127.0.0.1:${pub.service.port}/api/domain/add`, {
          method: 'POST',
          headers: { Authorization: `Bearer ${pub.key}`, 'Content-Type': 'application/json' },
          body: JSON.stringify({ domain: 'https://links.example.org' }),
        });
        expect(res.status).toBe(400);
        expect(((await res.json()) as Json)['message']).toMatch(/this service's own address/);
      } finally {
        await pub.close();
      }
    });
  });

  describe('GET /api/domains', () => {
    it('pages the newest first and shows only the caller’s domains', async () => {
      const s2 = await startTestService();
      try {
        for (let i = 1; i <= 3; i++)
          expect(
            (await s2.api('POST', '/api/domain/add', { domain: `https://d${i}.example.org` }))
              .status,
          ).toBe(200);
        const p1 = await s2.api<{ error: number; data: Json & { domains: Json[] } }>(
          'GET',
          '/api/domains?limit=2',
        );
        expect(p1.json.error).toBe(0);
        expect(p1.json.data).toMatchObject({
          result: 3,
          perpage: 2,
          currentpage: 1,
          nextpage: 2,
          maxpage: 2,
        });
        expect(p1.json.data.domains.map((d) => d['domain'])).toEqual([
          'https://d3.example.org',
          'https://d2.example.org',
        ]);
        const p2 = await s2.api<{ data: Json & { domains: Json[] } }>(
          'GET',
          '/api/domains?limit=2&page=2',
        );
        expect(p2.json.data.domains.map((d) => d['domain'])).toEqual(['https://d1.example.org']);
        expect(p2.json.data['nextpage']).toBe(0);
      } finally {
        await s2.close();
      }
    });
  });

  describe('PUT /api/domain/:id/update', () => {
    it('sets and clears the redirects, changing only what is sent', async () => {
      const id = await addDomain({
        domain: 'https://upd.example.org',
        redirectroot: 'https://example.org/root',
        redirect404: 'https://example.org/missing',
      });
      const r = await s.api('PUT', `/api/domain/${id}/update`, {
        redirectroot: 'https://example.org/new-root',
      });
      expect(r.status).toBe(200);
      expect(r.json).toEqual({ error: 0, message: expect.stringMatching(/updated/) });
      expect((await listDomains()).domains.find((d) => d['id'] === id)).toMatchObject({
        redirectroot: 'https://example.org/new-root',
        redirect404: 'https://example.org/missing',
      });
      await s.api('PUT', `/api/domain/${id}/update`, { redirect404: '' });
      expect((await listDomains()).domains.find((d) => d['id'] === id)).toMatchObject({
        redirectroot: 'https://example.org/new-root',
        redirect404: '',
      });
    });

    it("refuses bad addresses and unknown or another user's domains", async () => {
      const id = await addDomain({ domain: 'https://upd-bad.example.org' });
      const bad = await s.api('PUT', `/api/domain/${id}/update`, {
        redirectroot: 'data:text/html,hi',
      });
      expect(bad.status).toBe(400);
      expect(bad.json['message']).toMatch(/"redirectroot" must be a web address/);
      const theirs = await addDomain({ domain: 'https://their.example.org' }, other.key);
      expect(
        (
          await s.api('PUT', `/api/domain/${theirs}/update`, {
            redirectroot: 'https://evil.example',
          })
        ).json,
      ).toEqual({ error: 1, message: 'Domain was not found.' });
      expect(
        (await listDomains(other.key)).domains.find((d) => d['id'] === theirs)?.['redirectroot'],
      ).toBe('');
      expect((await s.api('PUT', '/api/domain/999999/update', {})).status).toBe(404);
      expect((await s.api('PUT', '/api/domain/x1/update', {})).status).toBe(400);
    });
  });

  describe('DELETE /api/domain/:id/delete', () => {
    it("deletes the domain and moves its links to the service's own address", async () => {
      const id = await addDomain({ domain: 'https://gone.example.org' });
      const l1 = await f.insertLink('moved-1', 'https://example.org/1', { domainId: id });
      const l2 = await f.insertLink('moved-2', 'https://example.org/2', { domainId: id });
      const r = await s.api('DELETE', `/api/domain/${id}/delete`);
      expect(r.status).toBe(200);
      expect(r.json).toEqual({
        error: 0,
        message: `Domain has been deleted successfully. Its 2 links now use ${s.url}.`,
      });
      const rows = (await f.all('SELECT domain_id FROM links WHERE id IN (?, ?)', l1, l2)) as Json[];
      expect(rows.map((row) => row['domain_id'])).toEqual([0, 0]);
      expect((await listDomains()).domains.map((d) => d['id'])).not.toContain(id);
      // The host is free again; the new row gets a new id.
      expect(await addDomain({ domain: 'https://gone.example.org' })).toBeGreaterThan(id);
    });

    it("refuses while a link's alias is already used on the service's own address, naming it", async () => {
      const id = await addDomain({ domain: 'https://clash.example.org' });
      await f.insertLink('same-alias', 'https://example.org/own');
      const branded = await f.insertLink('same-alias', 'https://example.org/branded', { domainId: id });
      const r = await s.api('DELETE', `/api/domain/${id}/delete`);
      expect(r.status).toBe(409);
      expect(r.json).toEqual({ error: 1, message: expect.stringContaining('"same-alias"') });
      expect((await listDomains()).domains.map((d) => d['id'])).toContain(id);
      expect(
        ((await f.one('SELECT domain_id FROM links WHERE id = ?', branded)) as Json)[
          'domain_id'
        ],
      ).toBe(id);
    });

    it("refuses unknown and another user's domains", async () => {
      const theirs = await addDomain({ domain: 'https://keep.example.org' }, other.key);
      expect((await s.api('DELETE', `/api/domain/${theirs}/delete`)).json).toEqual({
        error: 1,
        message: 'Domain was not found.',
      });
      expect((await listDomains(other.key)).domains.map((d) => d['id'])).toContain(theirs);
      expect((await s.api('DELETE', '/api/domain/31337/delete')).status).toBe(404);
    });
  });
});
