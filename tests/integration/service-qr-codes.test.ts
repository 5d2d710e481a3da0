import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openFixtures, type ServiceFixtures } from '../support/service-fixtures.js';
import { startTestService, type TestService } from '../support/service.js';

type Json = Record<string, unknown>;
interface Single {
  error: number;
  details: Json & { shorturl: string | null; scans: number; content: unknown; dynamic: boolean };
  data: Json & { clicks: number };
}
const DATETIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

describe('local service: QR codes (issue 31)', () => {
  let s: TestService;
  let f: ServiceFixtures;
  /** A second user of the same service, with a key of their own. */
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

  const add = (body: Json) => s.api<{ error: number; id: number; link: string; message?: string; fields?: Json[] }>('POST', '/api/qr/add', body);
  const single = async (id: number) => (await s.api<Single>('GET', `/api/qr/${id}`)).json;
  const visit = (url: string) => fetch(url, { redirect: 'manual', headers: { 'user-agent': 'Mozilla/5.0 (iPhone) Mobile Safari' } });

  it('creates a code with the deployments’ answer and serves its image at /qr/<alias>', async () => {
    const r = await add({ type: 'link', data: 'https://example.com/menu', name: 'Menu', background: 'rgb(255,255,255)', foreground: 'rgb(0,0,0)' });
    expect(r.status).toBe(200);
    expect(r.json).toEqual({ error: 0, id: expect.any(Number), link: expect.stringMatching(new RegExp(`^${s.url}/qr/[A-Za-z0-9]+$`)) });
    const svg = await fetch(r.json.link);
    expect(svg.status).toBe(200);
    expect(svg.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    expect(await svg.text()).toMatch(/^<svg/);
    const png = await fetch(`${r.json.link}?format=png`);
    expect(png.headers.get('content-type')).toBe('image/png');
    const bytes = new Uint8Array(await png.arrayBuffer());
    expect([...bytes.slice(1, 4)].map((c) => String.fromCharCode(c)).join('')).toBe('PNG');
  });

  it('counts a scan of a dynamic code once, like a click, through its hidden short link', async () => {
    const { json: created } = await add({ type: 'link', data: 'https://example.com/scan-me', name: 'Poster' });
    const before = await single(created.id);
    expect(before.details.dynamic).toBe(true);
    expect(before.details.scans).toBe(0);
    const hidden = before.details.shorturl as string;
    const scan = await visit(hidden);
    expect(scan.status).toBe(302);
    expect(scan.headers.get('location')).toBe('https://example.com/scan-me');
    // Fetching the image to show or print it is no scan.
    await fetch(created.link);
    const after = await single(created.id);
    expect(after.details.scans).toBe(1);
    expect(after.data.clicks).toBe(1);
    const list = await s.api<{ data: { qrs: Json[] } }>('GET', '/api/qr');
    expect(list.json.data.qrs.find((q) => q['id'] === created.id)).toEqual({
      id: created.id,
      name: 'Poster',
      link: created.link,
      scans: 1,
      date: expect.stringMatching(DATETIME),
      // This service's additions (deployments list only the five fields above).
      type: 'link',
      content: 'https://example.com/scan-me',
      shorturl: before.details.shorturl,
    });
  });

  it('never counts a static type (its image holds the payload itself), while a dynamic one beside it counts', async () => {
    const { json: created } = await add({ type: 'wifi', data: { ssid: 'Cafe', pass: 'secret', encryption: 'wpa' }, name: 'Wi-Fi' });
    const detail = await single(created.id);
    expect(detail.details.dynamic).toBe(false);
    expect(detail.details.shorturl).toBeNull();
    expect(detail.details.content).toEqual({ ssid: 'Cafe', pass: 'secret', encryption: 'wpa' });
    // A dynamic code used the same way, plus two scans: so a 0 below is not a service counting nothing.
    const { json: dynamic } = await add({ type: 'link', data: 'https://example.com/beside', name: 'Beside' });
    const hidden = (await single(dynamic.id)).details.shorturl as string;
    for (const code of [created, dynamic]) {
      await fetch(code.link);
      await fetch(`${code.link}?format=png`);
    }
    expect((await visit(hidden)).status).toBe(302);
    expect((await visit(hidden)).status).toBe(302);
    expect((await single(dynamic.id)).details.scans).toBe(2);
    expect((await single(created.id)).details.scans).toBe(0);
  });

  it('leaves hidden links out of the user’s links', async () => {
    const { json: created } = await add({ type: 'phone', data: '+44 20 7946 0000', name: 'Call us' });
    const detail = await single(created.id);
    const hidden = detail.details.shorturl as string;
    const urls = await s.api<{ data: { urls: Json[] } }>('GET', '/api/urls?limit=100');
    expect(urls.json.data.urls.map((u) => u['shorturl'])).not.toContain(hidden);
    const scan = await visit(hidden);
    expect(scan.headers.get('location')).toBe('tel:+442079460000');
  });

  it('serves a dynamic vCard as a .vcf download through its hidden link', async () => {
    const { json: created } = await add({ type: 'vcard', data: { fname: 'Ada', lname: 'Lovelace', email: 'ada@example.com' }, name: 'Ada' });
    const detail = await single(created.id);
    const scan = await visit(detail.details.shorturl as string);
    const file = await fetch(scan.headers.get('location') as string);
    expect(file.headers.get('content-type')).toMatch(/^text\/vcard/);
    expect(await file.text()).toContain('N:Lovelace;Ada');
    expect((await single(created.id)).details.scans).toBe(1);
  });

  it('answers every validation failure as JSON with a message (deployments answer an HTML 500)', async () => {
    const cases: [Json, number, RegExp][] = [
      [{ type: 'link', data: 'not a url' }, 400, /full web address/],
      [{ type: 'phone', data: 'call me' }, 400, /phone number/],
      [{ type: 'sms', data: { message: 'hi' } }, 400, /data\.phone/],
      [{ type: 'wifi', data: 'Cafe' }, 400, /must be an object/],
      [{ data: 'x' }, 400, /"type" is required/],
      [{ type: 'crypto', data: 'x' }, 422, /only be made on the service's website/],
      [{ type: 'link', data: 'https://example.com', foreground: 'blue-ish' }, 400, /rgb\(r,g,b\)/],
      [{ type: 'link', data: 'https://example.com', logo: 'ftp://x/logo.gif' }, 400, /PNG or JPG/],
    ];
    for (const [body, status, message] of cases) {
      const r = await add(body);
      expect({ body, status: r.status }).toEqual({ body, status });
      expect(r.headers.get('content-type')).toMatch(/^application\/json/);
      expect(r.json.error).toBe(1);
      expect(r.json.message).toMatch(message);
    }
    const fields = await add({ type: 'event', data: { title: '', start: 'tomorrow' } });
    expect(fields.json.fields).toEqual([
      { field: 'data.title', message: expect.any(String) },
      { field: 'data.start', message: expect.any(String) },
    ]);
  });

  it('updates a code (absent fields kept), keeping its hidden link so printed codes still work', async () => {
    const { json: created } = await add({ type: 'link', data: 'https://example.com/old', name: 'Flyer', foreground: '#112233' });
    const before = await single(created.id);
    const r = await s.api('PUT', `/api/qr/${created.id}/update`, { data: 'https://example.com/new', unknown: 'ignored' });
    expect(r.json).toMatchObject({ error: 0, id: created.id, link: created.link });
    const after = await single(created.id);
    expect(after.details).toMatchObject({ name: 'Flyer', foreground: 'rgb(17,34,51)', content: 'https://example.com/new', shorturl: before.details.shorturl });
    expect((await visit(after.details.shorturl as string)).headers.get('location')).toBe('https://example.com/new');
    // To a static type: the hidden link goes.
    await s.api('PUT', `/api/qr/${created.id}/update`, { type: 'text', data: 'Hello' });
    const text = await single(created.id);
    expect(text.details).toMatchObject({ type: 'text', dynamic: false, shorturl: null });
    expect((await visit(after.details.shorturl as string)).status).toBe(404);
    const bad = await s.api('PUT', `/api/qr/${created.id}/update`, { type: 'link' });
    expect(bad.status).toBe(400);
    expect((bad.json as Json)['message']).toMatch(/full web address/);
  });

  it('keeps each user’s codes apart: another user cannot get, list, update, delete or file them in a channel', async () => {
    const { json: mine } = await add({ type: 'link', data: 'https://example.com/mine', name: 'Mine' });
    const theirs = await s.api<{ error: number; id: number }>('POST', '/api/qr/add', { type: 'text', data: 'Theirs', name: 'Theirs' }, { key: other.key });
    expect(theirs.json.error).toBe(0);
    const as = (key: string) => ({ key });

    // Get: the other user is told there is no such code, as for an id that does not exist.
    const got = await s.api('GET', `/api/qr/${mine.id}`, undefined, as(other.key));
    expect(got.status).toBe(404);
    expect(got.text).not.toContain('https://example.com/mine');

    // List: each user's list holds only their own codes.
    const list = async (key: string) => (await s.api<{ data: { qrs: Json[] } }>('GET', '/api/qr?limit=100', undefined, as(key))).json.data.qrs.map((q) => q['id']);
    expect(await list(other.key)).toEqual([theirs.json.id]);
    expect(await list(s.key)).toContain(mine.id);
    expect(await list(s.key)).not.toContain(theirs.json.id);

    // Update and delete: refused, and the code is unchanged.
    expect((await s.api('PUT', `/api/qr/${mine.id}/update`, { data: 'https://example.com/hijacked', name: 'Hijacked' }, as(other.key))).status).toBe(404);
    expect((await s.api('DELETE', `/api/qr/${mine.id}/delete`, undefined, as(other.key))).status).toBe(404);
    const still = await single(mine.id);
    expect(still.details).toMatchObject({ name: 'Mine', content: 'https://example.com/mine' });
    expect((await visit(still.details.shorturl as string)).headers.get('location')).toBe('https://example.com/mine');

    // Channel assignment: not into the other user's own channel, nor theirs into mine.
    const theirChannel = (await s.api<{ id: number }>('POST', '/api/channel/add', { name: 'Theirs' }, as(other.key))).json.id;
    expect((await s.api('POST', `/api/channel/${theirChannel}/assign/qr/${mine.id}`, undefined, as(other.key))).status).toBe(404);
    const myChannel = (await s.api<{ id: number }>('POST', '/api/channel/add', { name: 'Mine' })).json.id;
    expect((await s.api('POST', `/api/channel/${myChannel}/assign/qr/${theirs.json.id}`)).status).toBe(404);
    const items = async (channel: number, key: string) =>
      (await s.api<{ data: { items: Json[] } }>('GET', `/api/channel/${channel}`, undefined, as(key))).json.data.items;
    expect(await items(theirChannel, other.key)).toEqual([]);
    expect(await items(myChannel, s.key)).toEqual([]);
  });

  it('deletes a code with its hidden link', async () => {
    const { json: created } = await add({ type: 'link', data: 'https://example.com/gone', name: 'Gone' });
    const hidden = (await single(created.id)).details.shorturl as string;
    expect((await s.api('DELETE', `/api/qr/${created.id}/delete`)).json).toEqual({ error: 0, message: expect.any(String) });
    expect((await s.api('GET', `/api/qr/${created.id}`)).status).toBe(404);
    expect((await visit(hidden)).status).toBe(404);
    expect((await fetch(created.link)).status).toBe(404);
  });

  it('puts a QR code in a channel (6.8’s assign/qr) and lists it among the items', async () => {
    const { json: created } = await add({ type: 'text', data: 'In a channel', name: 'Chan QR' });
    const channel = (await s.api<{ id: number }>('POST', '/api/channel/add', { name: 'Print' })).json.id;
    const r = await s.api('POST', `/api/channel/${channel}/assign/qr/${created.id}`);
    expect(r.json).toEqual({ error: 0, message: expect.any(String) });
    const items = await s.api<{ data: { items: Json[]; result: number } }>('GET', `/api/channel/${channel}`);
    expect(items.json.data.result).toBe(1);
    expect(items.json.data.items).toEqual([
      { type: 'qr', id: created.id, title: 'Chan QR', preview: created.link, link: created.link, date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) },
    ]);
    expect((await s.api('POST', `/api/channel/${channel}/assign/qr/999999`)).status).toBe(404);
  });
});
