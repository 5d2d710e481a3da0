import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALIAS_ALPHABET } from '../../electron/service/links/aliases.js';
import { verifyPassword } from '../../electron/service/links/password.js';
import { startTestService, type TestService } from '../support/service.js';
import { DATETIME, openLinkTestDb, type LinkTestDb } from './service-links-support.js';

type Json = Record<string, unknown>;

let s: TestService;
let t: LinkTestDb;

beforeAll(async () => {
  s = await startTestService();
  t = await openLinkTestDb(s);
});
afterAll(async () => {
  t.close();
  await s.close();
});

async function add(body: unknown, key?: string) {
  return s.api('POST', '/api/url/add', body, key ? { key } : {});
}

async function addOk(body: Json): Promise<{ id: number; shorturl: string }> {
  const r = await add(body);
  expect(r.status, r.text).toBe(200);
  return r.json as { id: number; shorturl: string };
}

async function details(id: number, key?: string): Promise<Json> {
  const r = await s.api('GET', `/api/url/${id}`, undefined, key ? { key } : {});
  expect(r.status, r.text).toBe(200);
  return r.json['details'] as Json;
}

async function row(id: number): Promise<Json> {
  return (await t.one('SELECT * FROM links WHERE id = ?', id)) as Json;
}

/** A 200 whose `dropped` list (and X-Linkdeck-Dropped header) names exactly these fields. */
async function expectDropped(
  r: Promise<{ status: number; json: Json; headers: Headers; text: string }>,
  dropped: [field: string, reason: RegExp][],
): Promise<Json> {
  const answer = await r;
  expect(answer.status, answer.text).toBe(200);
  expect(answer.json['error']).toBe(0);
  expect(answer.json['dropped']).toEqual(
    dropped.map(([field, reason]) => ({ field, reason: expect.stringMatching(reason) })),
  );
  expect(answer.headers.get('x-linkdeck-dropped')).toBe(
    [...new Set(dropped.map(([field]) => /^[a-z]+/.exec(field)?.[0]))].join(', '),
  );
  return answer.json;
}

async function expectError(
  r: Promise<{ status: number; json: Json }>,
  status: number,
  message: RegExp,
) {
  const answer = await r;
  expect(answer.status).toBe(status);
  expect(answer.json).toEqual({ error: 1, message: expect.stringMatching(message) });
}

describe('POST /api/url/add', () => {
  it('answers {error: 0, id, shorturl} with a random unambiguous alias on the service host', async () => {
    const r = await add({ url: 'https://example.com/a' });
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toMatch(/^application\/json/);
    expect(Object.keys(r.json).sort()).toEqual(['error', 'id', 'shorturl']);
    expect(r.json['error']).toBe(0);
    expect(Number.isInteger(r.json['id'])).toBe(true);
    const shorturl = r.json['shorturl'] as string;
    expect(shorturl.startsWith(`${s.url}/`)).toBe(true);
    const alias = shorturl.slice(s.url.length + 1);
    expect(alias).toHaveLength(6);
    for (const c of alias) expect(ALIAS_ALPHABET).toContain(c);
    expect((await row(r.json['id'] as number))).toMatchObject({
      alias,
      custom: 0,
      long_url: 'https://example.com/a',
      status: 'private',
      redirect_type: 'direct',
    });
  });

  it('gives every link its own random alias', async () => {
    const aliases = new Set<string>();
    for (let i = 0; i < 20; i++)
      aliases.add((await addOk({ url: `https://example.com/${i}` })).shorturl);
    expect(aliases.size).toBe(20);
  });

  it('stores every input field and returns it in the link', async () => {
    const domain = 'https://go.stored.example';
    const domainId = (await t.addDomain(t.userId, domain));
    const channel = (await t.addChannel(t.userId));
    const campaign = (await t.addCampaign(t.userId));
    const pixels = [(await t.addPixel(t.userId, 'a')), (await t.addPixel(t.userId, 'b'))];
    const [splash] = (await t.splashIds(t.userId));
    const before = Date.now();
    const { id, shorturl } = await addOk({
      url: 'https://shop.example.com/spring?ref=1',
      custom: 'spring-sale',
      type: splash,
      password: 'open sesame',
      domain,
      expiry: '2099-12-31 23:59:00',
      geotarget: [
        { location: 'United States', link: 'https://us.example.com/' },
        { location: 'de', link: 'https://de.example.com/' },
      ],
      devicetarget: [
        { device: 'iPhone', link: 'https://ios.example.com/' },
        { device: 'android', link: 'https://android.example.com/' },
      ],
      languagetarget: [
        { language: 'fr', link: 'https://fr.example.com/' },
        { language: 'pt-BR', link: 'https://br.example.com/' },
      ],
      metatitle: 'Spring sale',
      metadescription: 'Everything green, half price.',
      metaimage: 'https://img.example.com/spring.jpg',
      description: 'for the newsletter',
      pixels,
      channel,
      campaign,
      deeplink: {
        apple: 'https://apps.example.com/app/1',
        google: 'https://play.example.com/app/2',
        auto: true,
      },
      status: 'public',
      parameters: [{ name: 'utm_source', value: 'newsletter' }],
    });
    expect(shorturl).toBe('https://go.stored.example/spring-sale');

    const r = await s.api('GET', `/api/url/${id}`);
    expect(r.status).toBe(200);
    expect(Object.keys(r.json).sort()).toEqual(['data', 'details', 'error', 'id']);
    expect(r.json['error']).toBe(0);
    expect(r.json['id']).toBe(id);
    const d = r.json['details'] as Json;
    // The spec's fields, exactly.
    expect(d['id']).toBe(id);
    expect(d['shorturl']).toBe('https://go.stored.example/spring-sale');
    expect(d['longurl']).toBe('https://shop.example.com/spring?ref=1');
    expect(d['title']).toBe('Spring sale');
    expect(d['description']).toBe('for the newsletter');
    expect(d['location']).toEqual({
      'united states': 'https://us.example.com/',
      germany: 'https://de.example.com/',
    });
    expect(d['device']).toEqual({
      iphone: 'https://ios.example.com/',
      android: 'https://android.example.com/',
    });
    expect(d['expiry']).toBe('2099-12-31 23:59:00');
    expect(d['date']).toMatch(DATETIME);
    expect(Date.parse(`${d['date'] as string}Z`)).toBeGreaterThanOrEqual(
      Math.floor(before / 1000) * 1000,
    );
    // The link's other stored fields, so a client can mirror it.
    expect(d).toMatchObject({
      alias: 'spring-sale',
      custom: true,
      domain,
      type: String(splash),
      status: 'public',
      passwordProtected: true,
      metatitle: 'Spring sale',
      metadescription: 'Everything green, half price.',
      metaimage: 'https://img.example.com/spring.jpg',
      language: { fr: 'https://fr.example.com/', 'pt-br': 'https://br.example.com/' },
      deeplink: {
        apple: 'https://apps.example.com/app/1',
        google: 'https://play.example.com/app/2',
        auto: true,
      },
      pixels: [...pixels].sort((a, b) => a - b),
      channel,
      campaign,
      parameters: [{ name: 'utm_source', value: 'newsletter' }],
      clicks: 0,
    });
    expect(JSON.stringify(r.json)).not.toContain('scrypt');
    expect(JSON.stringify(r.json)).not.toContain('open sesame');

    const stored = (await row(id));
    expect(stored).toMatchObject({
      domain_id: domainId,
      redirect_type: 'splash-page',
      splash_id: splash,
      overlay_id: null,
      expires_at: Date.UTC(2099, 11, 31, 23, 59, 0),
      status: 'public',
      note: 'for the newsletter',
      channel_id: channel,
      campaign_id: campaign,
    });
    expect(JSON.parse(stored['geotarget'] as string)).toEqual([
      { location: 'US', link: 'https://us.example.com/' },
      { location: 'DE', link: 'https://de.example.com/' },
    ]);
    expect(JSON.parse(stored['devicetarget'] as string)).toEqual([
      { device: 'iphone', link: 'https://ios.example.com/' },
      { device: 'android', link: 'https://android.example.com/' },
    ]);
    expect(JSON.parse(stored['languagetarget'] as string)).toEqual([
      { language: 'fr', link: 'https://fr.example.com/' },
      { language: 'pt-br', link: 'https://br.example.com/' },
    ]);
    expect(stored['channel_added_at']).toEqual(expect.any(Number));
    const hash = stored['password_hash'] as string;
    expect(hash).toMatch(/^scrypt\$[0-9a-f]+\$[0-9a-f]+$/);
    expect(verifyPassword('open sesame', hash)).toBe(true);
    expect(verifyPassword('open', hash)).toBe(false);
    const linkPixels = (await t.all('SELECT pixel_id FROM link_pixels WHERE link_id = ? ORDER BY pixel_id', id))
      .map((p) => (p as Json)['pixel_id']);
    expect(linkPixels).toEqual([...pixels].sort((a, b) => a - b));
  });

  it('makes a readable title from the URL when no meta title is given', async () => {
    const { id } = await addOk({ url: 'https://www.example.org/docs/getting-started/?x=1' });
    expect((await details(id))['title']).toBe('example.org/docs/getting-started');
  });

  it('accepts the branded domain as a bare host, and the service own address', async () => {
    (await t.addDomain(t.userId, 'https://bare.example'));
    const bare = await addOk({ url: 'https://example.com/', domain: 'BARE.example' });
    expect(bare.shorturl.startsWith('https://bare.example/')).toBe(true);
    const own = await addOk({ url: 'https://example.com/', domain: s.url });
    expect(own.shorturl.startsWith(`${s.url}/`)).toBe(true);
  });

  it('reads overlay ids as overlay-<id> and the plain redirect types', async () => {
    const [overlay] = (await t.overlayIds(t.userId));
    const o = await addOk({ url: 'https://example.com/', type: `overlay-${overlay}` });
    expect((await row(o.id))).toMatchObject({
      redirect_type: 'overlay',
      overlay_id: overlay,
      splash_id: null,
    });
    expect((await details(o.id))['type']).toBe(`overlay-${overlay}`);
    for (const type of ['direct', 'frame', 'splash']) {
      const l = await addOk({ url: 'https://example.com/', type });
      expect((await row(l.id))['redirect_type']).toBe(type);
    }
  });

  it('requires the url', async () => {
    await expectError(add({}), 400, /"url" is required/);
    await expectError(add({ url: '' }), 400, /"url" is required/);
    await expectError(add(undefined), 400, /JSON object/);
    await expectError(add([{ url: 'https://a.example' }]), 400, /JSON object/);
  });

  it('refuses dangerous schemes, naming each, and leaves out a target or store link that has one', async () => {
    for (const [url, scheme] of [
      ['javascript:alert(document.cookie)', 'javascript'],
      ['data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==', 'data'],
      ['file:///etc/passwd', 'file'],
      ['vbscript:msgbox(1)', 'vbscript'],
      ['ftp://example.com/', 'ftp'],
    ]) {
      await expectError(add({ url }), 400, new RegExp(`"${scheme}:" scheme`));
    }
    // In an optional list the target with such an address is left out, the link made without it.
    const geo = await expectDropped(
      add({
        url: 'https://example.com/',
        geotarget: [{ location: 'US', link: 'javascript:alert(1)' }],
      }),
      [['geotarget[0]', /"geotarget\[0\]\.link" uses the "javascript:" scheme/]],
    );
    expect((await row(geo['id'] as number))['geotarget']).toBe('[]');
    const deep = await expectDropped(
      add({ url: 'https://example.com/', deeplink: { google: 'data:,x' } }),
      [['deeplink.google', /"deeplink\.google" uses the "data:" scheme/]],
    );
    expect((await row(deep['id'] as number))['deeplink']).toBe('{}');
    await expectError(
      add({ url: 'https://example.com/', metaimage: 'file:///x.png' }),
      400,
      /"metaimage" uses the "file:" scheme/,
    );
    await expectError(
      add({ url: 'https://example.com/', metaimage: 'https://img.example.com/x.gif' }),
      400,
      /\.jpg, \.jpeg or \.png/,
    );
  });

  it('checks custom aliases: characters, length, reserved words, and taken ones with 409', async () => {
    await expectError(
      add({ url: 'https://example.com/', custom: 'no spaces' }),
      400,
      /only letters/,
    );
    await expectError(
      add({ url: 'https://example.com/', custom: '<script>' }),
      400,
      /only letters/,
    );
    await expectError(
      add({ url: 'https://example.com/', custom: 'ab' }),
      400,
      /3 to 64 characters/,
    );
    await expectError(
      add({ url: 'https://example.com/', custom: 'a'.repeat(65) }),
      400,
      /3 to 64 characters/,
    );
    for (const word of ['api', 'Admin', 'static', 'assets', 'health']) {
      await expectError(add({ url: 'https://example.com/', custom: word }), 400, /reserved/);
    }
    await addOk({ url: 'https://example.com/', custom: 'taken-one' });
    await expectError(
      add({ url: 'https://example.com/', custom: 'taken-one' }),
      409,
      /"taken-one" is already taken/,
    );
    // Another user cannot take it on the shared service host either.
    const other = (await t.addUser('alias-rival@example.com'));
    await expectError(
      add({ url: 'https://example.com/', custom: 'taken-one' }, other.key),
      409,
      /already taken/,
    );
  });

  it('keeps aliases unique per domain: the same alias may live on another domain', async () => {
    (await t.addDomain(t.userId, 'https://second.example'));
    await addOk({ url: 'https://example.com/1', custom: 'twice' });
    const again = await addOk({
      url: 'https://example.com/2',
      custom: 'twice',
      domain: 'https://second.example',
    });
    expect(again.shorturl).toBe('https://second.example/twice');
  });

  it('refuses bad expiries, and makes a link already expired from a past one', async () => {
    await expectError(
      add({ url: 'https://example.com/', expiry: 'tomorrow' }),
      400,
      /YYYY-MM-DD HH:MM:SS/,
    );
    await expectError(
      add({ url: 'https://example.com/', expiry: '2030-13-01 00:00:00' }),
      400,
      /YYYY-MM-DD HH:MM:SS/,
    );
    // A past expiry makes a link that has already expired, as on real deployments (the API
    // documentation's own add-link example carries one): its short URL answers 410.
    const past = await addOk({ url: 'https://example.com/', expiry: '2001-01-01 00:00:00' });
    expect((await row(past.id))['expires_at']).toBe(Date.UTC(2001, 0, 1));
    expect((await fetch(past.shorturl, { redirect: 'manual' })).status).toBe(410);
  });

  it('refuses ids that are not the user’s own, naming them (pixels: leaves them out)', async () => {
    const other = (await t.addUser('not-mine@example.com'));
    const foreignPixel = (await t.addPixel(other.id));
    const myPixel = (await t.addPixel(t.userId));
    // A pixel is an item of an optional list: one that is not the user's is left out, named.
    const mixed = await expectDropped(
      add({ url: 'https://example.com/', pixels: [myPixel, 999999] }),
      [['pixels', /no pixel with the id 999999 among yours/]],
    );
    expect((await details(mixed['id'] as number))['pixels']).toEqual([myPixel]);
    const foreign = await expectDropped(
      add({ url: 'https://example.com/', pixels: [foreignPixel] }),
      [['pixels', new RegExp(`no pixel with the id ${foreignPixel} among yours`)]],
    );
    expect((await details(foreign['id'] as number))['pixels']).toEqual([]);
    await expectError(
      add({ url: 'https://example.com/', channel: 999999 }),
      400,
      /no channel with the id 999999/,
    );
    await expectError(
      add({ url: 'https://example.com/', channel: (await t.addChannel(other.id)) }),
      400,
      /no channel with the id/,
    );
    await expectError(
      add({ url: 'https://example.com/', campaign: 999999 }),
      400,
      /no campaign with the id 999999/,
    );
    await expectError(
      add({ url: 'https://example.com/', campaign: (await t.addCampaign(other.id)) }),
      400,
      /no campaign with the id/,
    );
    await expectError(
      add({ url: 'https://example.com/', domain: 'https://unknown.example' }),
      400,
      /"https:\/\/unknown\.example" is not one of your branded domains/,
    );
    const foreignDomain = 'https://theirs.example';
    (await t.addDomain(other.id, foreignDomain));
    await expectError(
      add({ url: 'https://example.com/', domain: foreignDomain }),
      400,
      /not one of your branded domains/,
    );
    await expectError(
      add({ url: 'https://example.com/', type: 999999 }),
      400,
      /splash page 999999/,
    );
    await expectError(
      add({ url: 'https://example.com/', type: (await t.splashIds(other.id))[0] }),
      400,
      /splash page/,
    );
    await expectError(
      add({ url: 'https://example.com/', type: 'overlay-999999' }),
      400,
      /overlay 999999/,
    );
    await expectError(
      add({ url: 'https://example.com/', type: `overlay-${(await t.overlayIds(other.id))[0]}` }),
      400,
      /overlay/,
    );
  });

  it('answers type errors of scalar fields with a 400 naming the field, and ignores unknown fields', async () => {
    const cases: [Json, RegExp][] = [
      [{ url: 123 }, /"url" must be a string/],
      [{ custom: 123 }, /"custom" must be a string/],
      [{ password: 123 }, /"password" must be a string/],
      [{ metatitle: 1 }, /"metatitle" must be a string/],
      [{ expiry: 20991231 }, /"expiry" must be a string/],
      [{ channel: 'news' }, /"channel" must be a channel id/],
      [{ campaign: [1] }, /"campaign" must be a campaign id/],
      [{ status: true }, /"status" must be "public" or "private"/],
      [{ type: ['direct'] }, /"type" must be/],
    ];
    for (const [body, message] of cases)
      await expectError(add({ url: 'https://example.com/', ...body }), 400, message);
    const ok = await addOk({ url: 'https://example.com/', bogus: { deep: [1, 2] }, another: null });
    expect((await row(ok.id))['long_url']).toBe('https://example.com/');    // The optional structured fields leave out what they cannot use and say so.
    const dropped = await expectDropped(
      add({
        url: 'https://example.com/',
        geotarget: { location: 'US' },
        pixels: 'all',
        deeplink: { auto: 1 },
        parameters: [{ value: 'x' }],
      }),
      [
        ['geotarget', /"geotarget" must be an array/],
        ['pixels', /"pixels" must be an array/],
        ['deeplink.auto', /"deeplink\.auto" must be true or false/],
        ['parameters[0]', /"parameters\[0\]\.name"/],
      ],
    );
    expect((await row(dropped['id'] as number))).toMatchObject({ geotarget: '[]', parameters: '[]' });
  });

  it('stores hostile strings verbatim and returns them as JSON', async () => {
    const hostile = {
      metatitle: '<script>alert("x")</script> & <img src=x onerror=alert(1)>',
      metadescription: 'Robert\'); DROP TABLE links; -- " \\ ` %_',
      description: `${'😀 ünïcødé 𝔘 \u202eRTL\u202c 中文 \u200b\ufeff '.repeat(20)}\r\n\tend`,
      parameters: [{ name: '"><svg onload=alert(1)>', value: "' OR '1'='1" }],
      password: "p'; -- ☃",
    };
    const { id } = await addOk({ url: 'https://example.com/x?a=<b>&c="d"', ...hostile });
    const d = await details(id);
    expect(d['title']).toBe(hostile.metatitle);
    expect(d['metatitle']).toBe(hostile.metatitle);
    expect(d['metadescription']).toBe(hostile.metadescription);
    expect(d['description']).toBe(hostile.description);
    expect(d['parameters']).toEqual(hostile.parameters);
    expect(d['longurl']).toBe('https://example.com/x?a=<b>&c="d"');
    expect(verifyPassword(hostile.password, (await row(id))['password_hash'] as string)).toBe(true);
    // libsql would cut a text at a NUL character: such a text is refused, not truncated.
    await expectError(
      add({ url: 'https://example.com/', metatitle: 'a\u0000b' }),
      400,
      /"metatitle" contains a NUL character/,
    );
    // A very long note within the limit, and one over it.
    const long = 'ä'.repeat(10_000);
    const l = await addOk({ url: 'https://example.com/', description: long });
    expect((await details(l.id))['description']).toBe(long);
    await expectError(
      add({ url: 'https://example.com/', description: `${long}x` }),
      400,
      /"description" is 10001 characters long/,
    );
    // The table survived the quotes.
    expect(
      ((await t.one('SELECT COUNT(*) AS n FROM links')) as { n: number }).n,
    ).toBeGreaterThan(1);
  });
});

describe('GET /api/url/:id', () => {
  it('answers a fresh link with the spec fields and empty statistics', async () => {
    const { id, shorturl } = await addOk({ url: 'https://example.com/plain' });
    const r = await s.api('GET', `/api/url/${id}`);
    const d = r.json['details'] as Json;
    expect(d).toMatchObject({
      id,
      shorturl,
      longurl: 'https://example.com/plain',
      title: 'example.com/plain',
      description: '',
      location: {},
      device: {},
      expiry: null,
      passwordProtected: false,
      domain: null,
      type: 'direct',
      status: 'private',
      deeplink: {},
      pixels: [],
      channel: null,
      campaign: null,
    });
    expect(r.json['data']).toEqual({
      clicks: 0,
      uniqueClicks: 0,
      topCountries: {},
      topReferrers: {},
      topBrowsers: {},
      topOs: {},
      socialCount: { facebook: 0, twitter: 0, google: 0, instagram: 0, linkedin: 0 },
    });
  });

  it('answers ids that are not positive whole numbers with a 404 saying so', async () => {
    for (const id of ['abc', '0', '-1', '1.5', '99999999999999999999', '1e3', '%20']) {
      await expectError(s.api('GET', `/api/url/${id}`), 404, /whole numbers of at least 1/);
    }
    await expectError(s.api('GET', '/api/url/987654'), 404, /^Link 987654 was not found\.$/);
  });
});

describe('PUT /api/url/:id/update', () => {
  const full = async () => {
    const channel = (await t.addChannel(t.userId));
    const campaign = (await t.addCampaign(t.userId));
    const pixel = (await t.addPixel(t.userId));
    const link = await addOk({
      url: 'https://example.com/before',
      password: 'secret',
      expiry: '2099-01-01 00:00:00',
      geotarget: [{ location: 'FR', link: 'https://fr.example.com/' }],
      devicetarget: [{ device: 'linux', link: 'https://linux.example.com/' }],
      languagetarget: [{ language: 'es', link: 'https://es.example.com/' }],
      metatitle: 'Before',
      metadescription: 'desc',
      metaimage: 'https://img.example.com/a.png',
      description: 'note',
      pixels: [pixel],
      channel,
      campaign,
      deeplink: { apple: 'https://apps.example.com/1', auto: true },
      status: 'public',
      parameters: [{ name: 'a', value: 'b' }],
      type: 'frame',
    });
    return { ...link, channel, campaign, pixel };
  };

  it('answers {error: 0, id, short}', async () => {
    const { id } = await addOk({ url: 'https://example.com/u', custom: 'upd-shape' });
    const r = await s.api('PUT', `/api/url/${id}/update`, { url: 'https://example.com/v' });
    expect(r.status).toBe(200);
    expect(r.json).toEqual({ error: 0, id, short: `${s.url}/upd-shape` });
    expect((await details(id))['longurl']).toBe('https://example.com/v');
  });

  it('keeps every field absent from the body', async () => {
    const link = await full();
    const before = await details(link.id);
    const hashBefore = (await row(link.id))['password_hash'];
    await s.api('PUT', `/api/url/${link.id}/update`, { url: 'https://example.com/after' });
    const after = await details(link.id);
    expect(after).toEqual({
      ...before,
      longurl: 'https://example.com/after',
      updated: after['updated'],
    });
    expect((await row(link.id))['password_hash']).toBe(hashBefore);
  });

  it('clears fields given empty, and removes the password with ""', async () => {
    const link = await full();
    const r = await s.api('PUT', `/api/url/${link.id}/update`, {
      url: 'https://example.com/cleared',
      password: '',
      expiry: '',
      geotarget: [],
      devicetarget: [],
      languagetarget: [],
      metatitle: '',
      metadescription: '',
      metaimage: '',
      pixels: [],
      channel: '',
      campaign: null,
      deeplink: {},
      parameters: [],
      type: '',
    });
    expect(r.status, r.text).toBe(200);
    const d = await details(link.id);
    expect(d).toMatchObject({
      title: 'example.com/cleared',
      passwordProtected: false,
      expiry: null,
      location: {},
      device: {},
      language: {},
      metatitle: '',
      metadescription: '',
      metaimage: '',
      pixels: [],
      channel: null,
      campaign: null,
      parameters: [],
      type: 'direct',
      // Create-only: the note, the status and deeplink.auto stay.
      description: 'note',
      status: 'public',
      deeplink: { auto: true },
    });
    expect((await row(link.id))).toMatchObject({ password_hash: null, channel_added_at: null });
  });

  it('changes fields given (the note too, as real deployments do), and ignores the create-only ones', async () => {
    const link = await full();
    const [overlay] = (await t.overlayIds(t.userId));
    const channel2 = (await t.addChannel(t.userId, 'second'));
    const r = await s.api('PUT', `/api/url/${link.id}/update`, {
      url: 'https://example.com/changed',
      custom: 'renamed-link',
      password: 'new secret',
      expiry: '2001-01-01 00:00:00',
      geotarget: [{ location: 'Japan', link: 'https://jp.example.com/' }],
      metatitle: 'After',
      channel: channel2,
      deeplink: { google: 'https://play.example.com/9', auto: false },
      type: `overlay-${overlay}`,
      description: 'changed note',
      status: 'private',
    });
    expect(r.status, r.text).toBe(200);
    expect(r.json['short']).toBe(`${s.url}/renamed-link`);
    const d = await details(link.id);
    expect(d).toMatchObject({
      alias: 'renamed-link',
      custom: true,
      title: 'After',
      expiry: '2001-01-01 00:00:00',
      location: { japan: 'https://jp.example.com/' },
      channel: channel2,
      deeplink: { google: 'https://play.example.com/9', auto: true },
      type: `overlay-${overlay}`,
      description: 'changed note',
      status: 'public',
      passwordProtected: true,
    });
    expect(verifyPassword('new secret', (await row(link.id))['password_hash'] as string)).toBe(true);
  });

  it('keeps the channel date when the channel stays, and renews it when it changes', async () => {
    const link = await full();
    (await t.all('UPDATE links SET channel_added_at = 1000 WHERE id = ?', link.id));
    await s.api('PUT', `/api/url/${link.id}/update`, {
      url: 'https://example.com/',
      channel: link.channel,
    });
    expect((await row(link.id))['channel_added_at']).toBe(1000);
    await s.api('PUT', `/api/url/${link.id}/update`, {
      url: 'https://example.com/',
      channel: (await t.addChannel(t.userId)),
    });
    expect((await row(link.id))['channel_added_at']).toBeGreaterThan(1000);
  });

  it('refuses a taken alias with 409, a missing url, and bad fields; leaves out an unknown pixel', async () => {
    await addOk({ url: 'https://example.com/', custom: 'occupied' });
    const { id } = await addOk({ url: 'https://example.com/' });
    await expectError(
      s.api('PUT', `/api/url/${id}/update`, { url: 'https://example.com/', custom: 'occupied' }),
      409,
      /already taken/,
    );
    await expectError(
      s.api('PUT', `/api/url/${id}/update`, { custom: 'fine-alias' }),
      400,
      /"url" is required/,
    );
    await expectError(s.api('PUT', `/api/url/${id}/update`), 400, /JSON object/);
    await expectError(
      s.api('PUT', `/api/url/${id}/update`, { url: 'javascript:alert(1)' }),
      400,
      /"javascript:" scheme/,
    );
    await expectDropped(
      s.api('PUT', `/api/url/${id}/update`, { url: 'https://example.com/', pixels: [424242] }),
      [['pixels', /no pixel with the id 424242/]],
    );
    await expectError(
      s.api('PUT', `/api/url/${id}/update`, { url: 'https://example.com/', metatitle: 5 }),
      400,
      /"metatitle" must be a string/,
    );
    // Renaming to its own alias is no conflict.
    const self = await addOk({ url: 'https://example.com/', custom: 'self-alias' });
    expect(
      (
        await s.api('PUT', `/api/url/${self.id}/update`, {
          url: 'https://example.com/',
          custom: 'self-alias',
        })
      ).status,
    ).toBe(200);
  });

  it('moves a link to a branded domain and back', async () => {
    const domain = 'https://moved.example';
    (await t.addDomain(t.userId, domain));
    const { id } = await addOk({ url: 'https://example.com/', custom: 'mover' });
    const moved = await s.api('PUT', `/api/url/${id}/update`, {
      url: 'https://example.com/',
      domain,
    });
    expect(moved.json['short']).toBe('https://moved.example/mover');
    const back = await s.api('PUT', `/api/url/${id}/update`, {
      url: 'https://example.com/',
      domain: '',
    });
    expect(back.json['short']).toBe(`${s.url}/mover`);
  });
});

describe('DELETE /api/url/:id/delete', () => {
  it('answers {error: 0, message}, removes the link with its clicks, then answers 404', async () => {
    const pixel = (await t.addPixel(t.userId));
    const { id } = await addOk({ url: 'https://example.com/gone', pixels: [pixel] });
    (await t.all("INSERT INTO clicks (link_id, at, visitor) VALUES (?, ?, 'v')", id, Date.now()));
    const r = await s.api('DELETE', `/api/url/${id}/delete`);
    expect(r.status).toBe(200);
    expect(r.json).toEqual({ error: 0, message: 'Link has been deleted.' });
    expect((await row(id))).toBeUndefined();
    expect(
      ((await t.one('SELECT COUNT(*) AS n FROM clicks WHERE link_id = ?', id)) as { n: number })
        .n,
    ).toBe(0);
    expect(
      (
        (await t.one('SELECT COUNT(*) AS n FROM link_pixels WHERE link_id = ?', id)) as {
          n: number;
        }
      ).n,
    ).toBe(0);
    await expectError(s.api('GET', `/api/url/${id}`), 404, /was not found/);
    await expectError(
      s.api('DELETE', `/api/url/${id}/delete`),
      404,
      new RegExp(`Link ${id} was not found`),
    );
    await expectError(s.api('DELETE', '/api/url/x/delete'), 404, /whole numbers/);
  });
});

describe('another user’s links', () => {
  it('are not found for reading, updating or deleting, and stay unchanged', async () => {
    const { id } = await addOk({ url: 'https://example.com/mine', metatitle: 'Mine' });
    const other = (await t.addUser('intruder@example.com'));
    const message = new RegExp(`^Link ${id} was not found\\.$`);
    await expectError(s.api('GET', `/api/url/${id}`, undefined, { key: other.key }), 404, message);
    await expectError(
      s.api('PUT', `/api/url/${id}/update`, { url: 'https://evil.example/' }, { key: other.key }),
      404,
      message,
    );
    // Even an invalid body: the link's existence is not revealed by a different error.
    await expectError(s.api('PUT', `/api/url/${id}/update`, {}, { key: other.key }), 404, message);
    await expectError(
      s.api('DELETE', `/api/url/${id}/delete`, undefined, { key: other.key }),
      404,
      message,
    );
    const d = await details(id);
    expect(d['longurl']).toBe('https://example.com/mine');
    expect(d['title']).toBe('Mine');
  });
});
