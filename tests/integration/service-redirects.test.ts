import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashApiKey } from '../../electron/service/api-keys.js';
import { MISS_TTL_MS } from '../../electron/service/redirect/link-resolver.js';
import { startTestService, type TestService } from '../support/service.js';
import { createLink, UA, visit } from './service-redirect-support.js';

/*
 * The redirect side of the local service over real HTTP: redirect types, password, expiry,
 * targeting and its precedence, parameters, and the redirect cache seeing every change.
 * Links are made through the API (POST /api/url/add), as a client would.
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
const all = <R = Record<string, unknown>>(statement: string, ...params: unknown[]) => s.sql<R>(statement, ...params);
const clicksOf = async (linkId: number) => ((await one('SELECT clicks FROM link_counts WHERE link_id = ?', linkId)) as { clicks: number }).clicks;

describe('the service host', () => {
  it('answers / with a small page saying what it is, and nothing secret', async () => {
    const r = await visit(s, '/');
    expect(r.status).toBe(200);
    expect(r.headers['content-type']).toMatch(/^text\/html/);
    expect(r.body).toContain('Linkdeck local link service');
    expect(r.body).not.toContain(s.key);
    expect(r.body).not.toContain(s.dataDir);
  });

  it('answers an unknown alias with an HTML 404 page, and /api with the JSON 404', async () => {
    const r = await visit(s, '/no-such-alias');
    expect(r.status).toBe(404);
    expect(r.headers['content-type']).toMatch(/^text\/html/);
    expect(r.body).toContain('does not exist');
    const api = await visit(s, '/api');
    expect(api.status).toBe(404);
    expect(JSON.parse(api.body)).toMatchObject({ error: 1 });
  });
});

describe('redirect types', () => {
  it('direct: 302 to the long URL, not cacheable', async () => {
    const link = await createLink(s, { url: 'https://example.com/direct?x=1' });
    const r = await visit(s, link.path);
    expect(r.status).toBe(302);
    expect(r.location).toBe('https://example.com/direct?x=1');
    expect(r.headers['cache-control']).toBe('no-store');
  });

  it('frame: a page framing the target, with a bar naming it and a CSP allowing only its origin', async () => {
    const link = await createLink(s, { url: 'https://framed.example.com:8443/page', type: 'frame', metatitle: 'Framed page' });
    const r = await visit(s, link.path);
    expect(r.status).toBe(200);
    expect(r.body).toContain('<iframe src="https://framed.example.com:8443/page"');
    expect(r.body).toContain('Framed page');
    expect(r.body).toContain('Open without this bar');
    const csp = r.headers['content-security-policy'] as string;
    expect(csp).toContain('frame-src https://framed.example.com:8443;');
    expect(csp).toContain("script-src 'none'");
    expect(csp).toContain("default-src 'none'");
  });

  it('splash: an interstitial with the destination, a Continue link and a timed refresh', async () => {
    const link = await createLink(s, { url: 'https://splash.example.com/next', type: 'splash' });
    const r = await visit(s, link.path);
    expect(r.status).toBe(200);
    expect(r.body).toContain('splash.example.com');
    expect(r.body).toMatch(/<a class="button" href="https:\/\/splash\.example\.com\/next"[^>]*>Continue<\/a>/);
    expect(r.body).toMatch(/<meta http-equiv="refresh" content="\d+;url=https:\/\/splash\.example\.com\/next">/);
    expect(r.headers['content-security-policy']).toContain("script-src 'none'");
  });

  it("splash page: the user's splash page (its title and message), then Continue", async () => {
    const splash = await s.api<{ data: { splash: { id: number; name: string }[] } }>('GET', '/api/splash');
    const launch = splash.json.data.splash.find((p) => p.name === 'Product launch') as { id: number };
    const link = await createLink(s, { url: 'https://launch.example.com/', type: launch.id });
    const r = await visit(s, link.path);
    expect(r.status).toBe(200);
    expect(r.body).toContain('Something new is here');
    expect(r.body).toContain('You are on your way to our launch page.');
    expect(r.body).toMatch(/href="https:\/\/launch\.example\.com\/"[^>]*>Continue/);
  });

  it('overlay: a call-to-action (message and button) over the framed target', async () => {
    const overlays = await s.api<{ data: { cta: { id: number; name: string }[] } }>('GET', '/api/overlay');
    const newsletter = overlays.json.data.cta.find((o) => o.name === 'Newsletter sign-up') as { id: number };
    const link = await createLink(s, { url: 'https://overlay.example.com/article', type: `overlay-${newsletter.id}` });
    const r = await visit(s, link.path);
    expect(r.status).toBe(200);
    expect(r.body).toContain('Like this? Get our weekly newsletter.');
    expect(r.body).toMatch(/href="https:\/\/overlay\.example\.com\/article"[^>]*>Subscribe<\/a>/);
    expect(r.body).toContain('<iframe src="https://overlay.example.com/article"');
    expect(r.headers['content-security-policy']).toContain('frame-src https://overlay.example.com;');
  });

  it('counts a click for every redirect and interstitial served, not for HEAD', async () => {
    const direct = await createLink(s, { url: 'https://example.com/counted' });
    const splash = await createLink(s, { url: 'https://example.com/counted-splash', type: 'splash' });
    await visit(s, direct.path);
    await visit(s, direct.path);
    await visit(s, splash.path);
    expect((await visit(s, direct.path, { method: 'HEAD' })).status).toBe(302);
    await s.service.flushClicks();
    expect([await clicksOf(direct.id), await clicksOf(splash.id)]).toEqual([2, 1]);
  });
});

describe('password-protected links', () => {
  it('shows a form, refuses a wrong password, and redirects (counting the click) on the right one', async () => {
    const link = await createLink(s, { url: 'https://secret.example.com/doc', password: 'open sesame' });
    const form = await visit(s, link.path);
    expect(form.status).toBe(200);
    expect(form.location).toBeUndefined();
    expect(form.body).toContain('<form method="post">');
    expect(form.body).toContain('name="password"');
    expect(form.body).not.toContain('secret.example.com');
    expect(form.headers['content-security-policy']).toContain("frame-ancestors 'none'");

    const wrong = await visit(s, link.path, { form: { password: 'open barley' } });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toContain('That password is not right');
    expect(wrong.body).toContain('name="password"');
    expect(wrong.location).toBeUndefined();

    const right = await visit(s, link.path, { form: { password: 'open sesame' } });
    expect(right.status).toBe(302);
    expect(right.location).toBe('https://secret.example.com/doc');
    await s.service.flushClicks();
    expect(await clicksOf(link.id)).toBe(1);
  });

  it('serves the redirect type (a splash) once the password is accepted', async () => {
    const link = await createLink(s, { url: 'https://secret.example.com/splash', password: 'pw', type: 'splash' });
    const right = await visit(s, link.path, { form: { password: 'pw' } });
    expect(right.status).toBe(200);
    expect(right.body).toContain('href="https://secret.example.com/splash"');
  });
});

describe('expiry', () => {
  it('answers an expired link with a 410 page, also when it was cached before it expired', async () => {
    const link = await createLink(s, { url: 'https://example.com/soon-gone', expiry: '2099-01-01 00:00:00' });
    expect((await visit(s, link.path)).status).toBe(302);
    const upd = await s.api('PUT', `/api/url/${link.id}/update`, { url: 'https://example.com/soon-gone', expiry: '2020-01-01 00:00:00' });
    expect(upd.status).toBe(200);
    const r = await visit(s, link.path);
    expect(r.status).toBe(410);
    expect(r.headers['content-type']).toMatch(/^text\/html/);
    expect(r.body).toContain('expired');
    expect(r.location).toBeUndefined();
  });
});

describe('the redirect cache', () => {
  it('follows updates and deletes made through the API', async () => {
    const link = await createLink(s, { url: 'https://example.com/v1' });
    expect((await visit(s, link.path)).location).toBe('https://example.com/v1');
    await s.api('PUT', `/api/url/${link.id}/update`, { url: 'https://example.com/v2' });
    expect((await visit(s, link.path)).location).toBe('https://example.com/v2');
    await s.api('DELETE', `/api/url/${link.id}/delete`);
    expect((await visit(s, link.path)).status).toBe(404);
  });

  it('finds a link created through the API right after its alias was a miss', async () => {
    expect((await visit(s, '/later-alias')).status).toBe(404);
    await createLink(s, { url: 'https://example.com/later', custom: 'later-alias' });
    expect((await visit(s, '/later-alias')).location).toBe('https://example.com/later');
  });

  it('does not remember a miss for long: a row written by another connection is found', async () => {
    expect((await visit(s, '/from-sql')).status).toBe(404);
    const now = Date.now();
    (await all('INSERT INTO links (user_id, alias, long_url, created_at, updated_at) VALUES (1, ?, ?, ?, ?)', 'from-sql', 'https://example.com/sql', now, now));
    // The miss is remembered for MISS_TTL_MS of the service's clock: move the clock past it.
    ahead += MISS_TTL_MS;
    expect((await visit(s, '/from-sql')).location).toBe('https://example.com/sql');
  });
});

describe('targeting', () => {
  const T = {
    de: 'https://example.de/',
    iphone: 'https://example.com/iphone',
    fr: 'https://example.fr/',
    ptbr: 'https://example.com.br/',
    apple: 'https://apps.apple.com/app/id1',
    google: 'https://play.google.com/store/apps/details?id=x',
  };

  it('geo: the country from the trusted header picks the target', async () => {
    const link = await createLink(s, { url: 'https://example.com/geo', geotarget: [{ location: 'Germany', link: T.de }] });
    expect((await visit(s, link.path, { headers: { 'cf-ipcountry': 'DE' } })).location).toBe(T.de);
    expect((await visit(s, link.path, { headers: { 'cf-ipcountry': 'de' } })).location).toBe(T.de);
    expect((await visit(s, link.path, { headers: { 'cf-ipcountry': 'US' } })).location).toBe('https://example.com/geo');
    expect((await visit(s, link.path)).location).toBe('https://example.com/geo');
    // A header other than the configured one is not trusted.
    expect((await visit(s, link.path, { headers: { 'x-country': 'DE' } })).location).toBe('https://example.com/geo');
  });

  it('device: the User-Agent picks the target', async () => {
    const link = await createLink(s, {
      url: 'https://example.com/device',
      devicetarget: [
        { device: 'iphone', link: T.iphone },
        { device: 'android', link: 'https://example.com/android' },
        { device: 'windows', link: 'https://example.com/windows' },
      ],
    });
    expect((await visit(s, link.path, { headers: { 'user-agent': UA.iphone } })).location).toBe(T.iphone);
    expect((await visit(s, link.path, { headers: { 'user-agent': UA.android } })).location).toBe('https://example.com/android');
    expect((await visit(s, link.path, { headers: { 'user-agent': UA.windowsFirefox } })).location).toBe('https://example.com/windows');
    expect((await visit(s, link.path, { headers: { 'user-agent': UA.macSafari } })).location).toBe('https://example.com/device');
    expect((await visit(s, link.path, { headers: { 'user-agent': UA.ipad } })).location).toBe('https://example.com/device');
  });

  it('language: Accept-Language by q-value, full tag then primary subtag', async () => {
    const link = await createLink(s, {
      url: 'https://example.com/lang',
      languagetarget: [
        { language: 'fr', link: T.fr },
        { language: 'pt-BR', link: T.ptbr },
      ],
    });
    const go = async (al: string) => (await visit(s, link.path, { headers: { 'accept-language': al } })).location;
    expect(await go('fr-CH, fr;q=0.9, en;q=0.8')).toBe(T.fr);
    expect(await go('pt-BR')).toBe(T.ptbr);
    expect(await go('en;q=0.9, pt-br;q=0.95, fr;q=0.1')).toBe(T.ptbr);
    expect(await go('en-US, en;q=0.9')).toBe('https://example.com/lang');
    expect(await go('fr;q=0, en')).toBe('https://example.com/lang');
    expect(await go('pt-PT')).toBe('https://example.com/lang');
  });

  it('deep links by device: iOS to the apple link, Android to the google link, always a 302', async () => {
    const link = await createLink(s, {
      url: 'https://example.com/app',
      type: 'frame',
      deeplink: { apple: T.apple, google: T.google },
      devicetarget: [{ device: 'iphone', link: T.iphone }],
    });
    const iphone = await visit(s, link.path, { headers: { 'user-agent': UA.iphone } });
    expect([iphone.status, iphone.location]).toEqual([302, T.apple]);
    expect((await visit(s, link.path, { headers: { 'user-agent': UA.ipad } })).location).toBe(T.apple);
    expect((await visit(s, link.path, { headers: { 'user-agent': UA.android } })).location).toBe(T.google);
    const desktop = await visit(s, link.path, { headers: { 'user-agent': UA.windowsChrome } });
    expect(desktop.status).toBe(200);
    expect(desktop.body).toContain('<iframe src="https://example.com/app"');
  });

  it('precedence: deep link > device > geo > language > long URL', async () => {
    const link = await createLink(s, {
      url: 'https://example.com/all',
      deeplink: { google: T.google },
      devicetarget: [
        { device: 'iphone', link: T.iphone },
        { device: 'android', link: 'https://example.com/android' },
      ],
      geotarget: [{ location: 'DE', link: T.de }],
      languagetarget: [{ language: 'fr', link: T.fr }],
    });
    const go = async (headers: Record<string, string>) => (await visit(s, link.path, { headers })).location;
    const everything = { 'cf-ipcountry': 'DE', 'accept-language': 'fr' };
    expect(await go({ ...everything, 'user-agent': UA.android })).toBe(T.google);
    expect(await go({ ...everything, 'user-agent': UA.iphone })).toBe(T.iphone);
    expect(await go({ ...everything, 'user-agent': UA.windowsChrome })).toBe(T.de);
    expect(await go({ 'cf-ipcountry': 'US', 'accept-language': 'fr', 'user-agent': UA.windowsChrome })).toBe(T.fr);
    expect(await go({ 'cf-ipcountry': 'US', 'accept-language': 'en', 'user-agent': UA.windowsChrome })).toBe('https://example.com/all');
  });

  it("appends the link's parameters to whichever target is chosen, keeping its query and fragment", async () => {
    const link = await createLink(s, {
      url: 'https://example.com/p?a=1#top',
      geotarget: [{ location: 'DE', link: 'https://example.de/p' }],
      parameters: [
        { name: 'utm_source', value: 'news letter' },
        { name: 'utm_medium', value: 'e&mail' },
      ],
    });
    expect((await visit(s, link.path)).location).toBe('https://example.com/p?a=1&utm_source=news+letter&utm_medium=e%26mail#top');
    expect((await visit(s, link.path, { headers: { 'cf-ipcountry': 'DE' } })).location).toBe(
      'https://example.de/p?utm_source=news+letter&utm_medium=e%26mail',
    );
  });
});

describe('hostile input on pages', () => {
  const hostileTitle = '"><script>alert(1)</script><img src=x onerror=alert(2)>';
  const hostileUrl = 'https://evil.example.com/?q="><script>alert(3)</script>\'';

  it.each(['splash', 'frame'])('escapes titles and targets on the %s page', async (type) => {
    const link = await createLink(s, { url: hostileUrl, type, metatitle: hostileTitle });
    const r = await visit(s, link.path);
    expect(r.status).toBe(200);
    expect(r.body).not.toMatch(/<script/i);
    expect(r.body).not.toMatch(/<img/i);
    expect(r.body).not.toContain('?q="');
    expect(r.body).toContain('&#60;script&#62;alert(1)&#60;/script&#62;');
    expect(r.headers['content-security-policy']).toMatch(/script-src 'none'/);
    expect(r.headers['x-content-type-options']).toBe('nosniff');
  });

  it("escapes a splash page's and an overlay's own texts", async () => {
    const user = (await one('SELECT id FROM users WHERE api_key_hash = ?', hashApiKey(s.key))) as { id: number };
    const splashId = (
      (await one<{ id: number }>('INSERT INTO splash_pages (user_id, name, config, created_at) VALUES (?, ?, ?, ?) RETURNING id', user.id, 'Hostile', JSON.stringify({ title: '<h1>t</h1>', message: '<script>m</script>' }), Date.now())) as { id: number }
    ).id;
    const overlayId = (
      (await one<{ id: number }>('INSERT INTO overlays (user_id, type, name, config, created_at) VALUES (?, ?, ?, ?, ?) RETURNING id', user.id, 'message', 'Hostile', JSON.stringify({ message: '<script>m</script>', button: '<b>b</b>' }), Date.now())) as { id: number }
    ).id;
    const splash = await visit(s, (await createLink(s, { url: 'https://example.com/s', type: splashId })).path);
    expect(splash.body).toContain('&#60;h1&#62;t&#60;/h1&#62;');
    expect(splash.body).not.toMatch(/<script/i);
    const overlay = await visit(s, (await createLink(s, { url: 'https://example.com/o', type: `overlay-${overlayId}` })).path);
    expect(overlay.body).toContain('&#60;b&#62;b&#60;/b&#62;');
    expect(overlay.body).not.toMatch(/<script|<b>/i);
  });
});
