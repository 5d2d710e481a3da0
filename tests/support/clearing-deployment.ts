import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/*
 * A scripted link service that behaves as real 6.x–7.x deployments do with links (their
 * controller code, not the spec): `PUT /api/url/:id/update` builds the link from the request
 * alone, so every optional field the request leaves out is cleared; `GET /api/url/:id` never
 * returns the password, the campaign, the redirect type or the pixels. Only the routes the link
 * tests need: account, links list/add/update/get/delete.
 */

/** A link as the server stores it (the request's field names). */
export interface StoredLink {
  id: number;
  alias: string;
  url: string;
  title: string;
  date: string;
  password: string;
  expiry: string;
  campaign: number;
  type: string | number;
  geotarget: { location: string; link: string }[];
  devicetarget: { device: string; link: string }[];
  languagetarget: { language: string; link: string }[];
  parameters: { name: string; value: string }[];
  pixels: number[];
  deeplink: { apple?: string; google?: string };
  metatitle: string;
  metadescription: string;
  metaimage: string;
  description: string;
}

export interface ClearingDeployment {
  url: string;
  links: Map<number, StoredLink>;
  /** The bodies of every update request, in order. */
  updates: Record<string, unknown>[];
  close(): Promise<void>;
}

type Body = Record<string, unknown>;
const str = (v: unknown) => (typeof v === 'string' ? v : '');
const list = <T>(v: unknown): T[] => (Array.isArray(v) ? (v as T[]) : []);

/** What a real deployment keeps of a create or update request: the request, nothing else. */
function fromRequest(body: Body, id: number, alias: string, date: string): StoredLink {
  return {
    id,
    alias,
    url: str(body['url']),
    title: str(body['metatitle']) || 'Example page',
    date,
    password: str(body['password']),
    expiry: str(body['expiry']),
    campaign: typeof body['campaign'] === 'number' ? body['campaign'] : 0,
    type: typeof body['type'] === 'string' || typeof body['type'] === 'number' ? body['type'] : 'direct',
    geotarget: list(body['geotarget']),
    devicetarget: list(body['devicetarget']),
    languagetarget: list(body['languagetarget']),
    parameters: list(body['parameters']),
    pixels: list<number>(body['pixels']),
    deeplink: typeof body['deeplink'] === 'object' && body['deeplink'] !== null ? (body['deeplink'] as StoredLink['deeplink']) : {},
    metatitle: str(body['metatitle']),
    metadescription: str(body['metadescription']),
    metaimage: str(body['metaimage']),
    description: str(body['description']),
  };
}

export async function startClearingDeployment(): Promise<ClearingDeployment> {
  const links = new Map<number, StoredLink>();
  const updates: Body[] = [];
  let nextId = 1;
  let origin = '';
  const shortUrl = (l: StoredLink) => `${origin}/${l.alias}`;
  const record = <K extends 'location' | 'device' | 'language'>(rows: Record<string, string>[], key: K) =>
    Object.fromEntries(rows.map((r) => [String(r[key]).toLowerCase(), r['link']]));

  const details = (l: StoredLink) => ({
    error: 0,
    id: l.id,
    details: {
      id: l.id,
      shorturl: shortUrl(l),
      longurl: l.url,
      title: l.title,
      description: l.description,
      location: record(l.geotarget, 'location'),
      device: record(l.devicetarget, 'device'),
      language: record(l.languagetarget, 'language'),
      expiry: l.expiry || null,
      date: l.date,
      metatitle: l.metatitle,
      metadescription: l.metadescription,
      metaimage: l.metaimage,
      deeplink: l.deeplink,
      parameters: l.parameters,
      // Never: password, campaign, type, pixels.
    },
    data: { clicks: 0, uniqueClicks: 0, topCountries: 0, topReferrers: 0, topBrowsers: 0, topOs: 0, socialCount: 0 },
  });

  const readBody = async (req: IncomingMessage): Promise<Body> => {
    let text = '';
    for await (const chunk of req) text += String(chunk);
    return text ? (JSON.parse(text) as Body) : {};
  };
  const send = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };

  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', origin);
      const path = url.pathname;
      let m: RegExpMatchArray | null;
      if (req.method === 'GET' && path === '/api/account') {
        return send(res, 200, { error: 0, data: { id: 1, email: 'a@example.com', username: 'a', status: 'pro', expires: null, registered: '2024-01-01 00:00:00' } });
      }
      if (req.method === 'GET' && path === '/api/urls') {
        const urls = [...links.values()].reverse().map((l) => ({
          id: l.id, alias: l.alias, shorturl: shortUrl(l), longurl: l.url, clicks: 0, title: l.title, description: l.description, date: l.date,
        }));
        return send(res, 200, { error: 0, data: { result: urls.length, perpage: 100, currentpage: 1, nextpage: null, maxpage: 1, urls } });
      }
      if (req.method === 'POST' && path === '/api/url/add') {
        const body = await readBody(req);
        const id = nextId++;
        const link = fromRequest(body, id, str(body['custom']) || `a${id}`, '2026-11-25 10:00:00');
        links.set(id, link);
        return send(res, 200, { error: 0, id, shorturl: shortUrl(link) });
      }
      if (req.method === 'PUT' && (m = path.match(/^\/api\/url\/(\d+)\/update$/))) {
        const old = links.get(Number(m[1]));
        if (!old) return send(res, 404, { error: 1, message: 'Link not found.' });
        const body = await readBody(req);
        updates.push(body);
        const link = fromRequest(body, old.id, str(body['custom']) || old.alias, old.date);
        links.set(old.id, link);
        return send(res, 200, { error: 0, id: old.id, short: shortUrl(link) });
      }
      if (req.method === 'GET' && (m = path.match(/^\/api\/url\/(\d+)$/))) {
        const link = links.get(Number(m[1]));
        return link ? send(res, 200, details(link)) : send(res, 404, { error: 1, message: 'Link not found.' });
      }
      if (req.method === 'DELETE' && (m = path.match(/^\/api\/url\/(\d+)\/delete$/))) {
        return links.delete(Number(m[1])) ? send(res, 200, { error: 0, message: 'Link has been deleted.' }) : send(res, 404, { error: 1, message: 'Link not found.' });
      }
      res.writeHead(404, { 'content-type': 'text/html' });
      res.end('<html><body><h1>Page not found</h1></body></html>');
    })().catch((error: unknown) => send(res, 500, { error: 1, message: String(error) }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: origin,
    links,
    updates,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
