import type { IncomingMessage, ServerResponse } from 'node:http';
import { listenOnLoopback, sendJson } from './loopback-double.js';

/*
 * A scripted stand-in for a real deployment of the link service (the PHP/MySQL servers of
 * design.md's "Facts about real deployments"), on a plain node:http server, for the outbox's
 * tests. It behaves the way those servers do where our local service is kinder:
 * - it ignores Idempotency-Key: a create sent twice makes two objects;
 * - a link create fetches the target's title first (a scripted delay), then makes the link;
 * - names (campaigns, channels) and aliases are compared as MySQL compares them: case and
 *   trailing spaces do not count ("You already have a campaign with that name");
 * - `GET /api/urls?short=` wants the full short URL and answers "Invalid short url" to an alias;
 * - routes it lacks answer the site's HTML 404 page (or a 200 page, a JSON 404, a 405).
 * A create can be scripted to take time, or to drop the connection after making the object
 * (the answer is lost), and a list can be scripted to leave out the newest object (a cached
 * page). Routes it lacks can be gained mid-test (`offer`: an upgrade). Every request is recorded;
 * `next` resolves on a request that matches.
 */

export type ObjectKind = 'link' | 'channel' | 'campaign' | 'pixel' | 'domain';

export interface CreateScript {
  /** Time before the object is made (a link's title fetch). Default 0. */
  delayMs?: number;
  /**
   * 'answer' (default); 'drop': the object is made and the connection closed, unanswered;
   * 'drop-unmade': the connection closes before the object is made; 'unavailable': HTTP 503
   * (a gateway's page), nothing made.
   */
  then?: 'answer' | 'drop' | 'drop-unmade' | 'unavailable';
  /** The object is made only once this resolves (a title fetch that ends when the test says). */
  until?: Promise<unknown>;
}

/**
 * How the deployment answers a route it lacks. 'status-503' is no missing route but a gateway's
 * page of the moment, for tests that must tell the two apart.
 */
export type MissingRoute = 'html-404' | 'html-200' | 'json-404' | 'status-405' | 'status-503';

export interface DoubleOptions {
  key?: string;
  /** Routes the deployment lacks: a path prefix (e.g. `/api/channel`) and how it answers. */
  missing?: { prefix: string; answer: MissingRoute }[];
  /** How the deployment stores a name it is given (it may trim or re-case it). */
  storeName?: (name: string, kind: ObjectKind) => string;
  /** Every `GET /api/urls?short=` is refused as "Invalid short url" (another way must be used). */
  refuseShortLookups?: boolean;
  /** What `GET /api/overlay` and `GET /api/splash` list (read-only on every deployment). */
  overlays?: { id: number; type: string; name: string; date: string }[];
  splash?: { id: number; name: string; date: string }[];
}

export interface StoredObject {
  id: number;
  [field: string]: unknown;
}

export interface RecordedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  body: Record<string, unknown>;
  idempotencyKey: string | undefined;
  at: number;
}

export interface DeploymentDouble {
  readonly url: string;
  readonly key: string;
  /** What the deployment holds, by kind. */
  readonly objects: Record<ObjectKind, StoredObject[]>;
  readonly requests: RecordedRequest[];
  /** Makes an object as if it had been made on the service's website (no request). */
  seed(kind: ObjectKind, fields: Record<string, unknown>): StoredObject;
  /** The deployment gains a route it lacked (an upgrade): `prefix` as given in `missing`. */
  offer(prefix: string): void;
  /** The next creates of `kind` behave as given, in order (then: answered at once). */
  onCreate(kind: ObjectKind, ...scripts: CreateScript[]): void;
  /** The next `times` list requests of `kind` leave out the newest object (a stale page). */
  staleLists(kind: ObjectKind, times: number): void;
  /** Resolves on the first request (already recorded or to come) that matches. */
  next(predicate: (r: RecordedRequest) => boolean): Promise<RecordedRequest>;
  /** Resolves once `check` holds (checked after every request and every object made). */
  until(check: () => boolean): Promise<void>;
  /** Requests as "METHOD /path" (query left out), in arrival order. */
  calls(): string[];
  close(): Promise<void>;
}

const NOT_FOUND_PAGE =
  '<!DOCTYPE html><html><head><title>Page not found</title></head><body><h1>404</h1><p>The page you are looking for does not exist.</p></body></html>';

const CREATE_PATHS: Record<string, ObjectKind> = {
  '/api/url/add': 'link',
  '/api/channel/add': 'channel',
  '/api/campaign/add': 'campaign',
  '/api/pixel/add': 'pixel',
  '/api/domain/add': 'domain',
};
const LIST_PATHS: Record<string, [ObjectKind, string]> = {
  '/api/urls': ['link', 'urls'],
  '/api/channels': ['channel', 'channels'],
  '/api/campaigns': ['campaign', 'campaigns'],
  '/api/pixels': ['pixel', 'pixels'],
  '/api/domains': ['domain', 'domains'],
};

/** MySQL's default comparison: case does not count, nor do trailing spaces. */
const collate = (text: unknown) =>
  String(text ?? '')
    .replace(/ +$/, '')
    .toLowerCase();

const hostOf = (url: string) => {
  try {
    return new URL(/^[a-z]+:\/\//i.test(url) ? url : `https://${url}`).host.toLowerCase();
  } catch {
    return '';
  }
};

class Refusal extends Error {}

export async function startDeploymentDouble(
  options: DoubleOptions = {},
): Promise<DeploymentDouble> {
  const key = options.key ?? 'double-key';
  const objects: Record<ObjectKind, StoredObject[]> = {
    link: [],
    channel: [],
    campaign: [],
    pixel: [],
    domain: [],
  };
  const ids: Record<ObjectKind, number> = { link: 0, channel: 0, campaign: 0, pixel: 0, domain: 0 };
  const scripts: Record<ObjectKind, CreateScript[]> = {
    link: [],
    channel: [],
    campaign: [],
    pixel: [],
    domain: [],
  };
  const stale: Record<ObjectKind, number> = {
    link: 0,
    channel: 0,
    campaign: 0,
    pixel: 0,
    domain: 0,
  };
  const requests: RecordedRequest[] = [];
  const missingRoutes = [...(options.missing ?? [])];
  const waiters: {
    predicate: (r: RecordedRequest) => boolean;
    resolve: (r: RecordedRequest) => void;
  }[] = [];
  const checks: { check: () => boolean; resolve: () => void }[] = [];
  const recheck = () => {
    for (const c of [...checks]) {
      if (!c.check()) continue;
      checks.splice(checks.indexOf(c), 1);
      c.resolve();
    }
  };
  const timers = new Set<NodeJS.Timeout>();
  let url = '';
  const date = () => new Date().toISOString().slice(0, 19).replace('T', ' ');

  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      if (ms <= 0) return resolve();
      const t = setTimeout(() => {
        timers.delete(t);
        resolve();
      }, ms);
      timers.add(t);
    });

  function make(kind: ObjectKind, fields: Record<string, unknown>): StoredObject {
    const object = { id: ++ids[kind], ...fields };
    objects[kind].push(object);
    queueMicrotask(recheck);
    return object;
  }

  /** Checks what a create asks for, before any work (as the servers validate first). */
  function validate(kind: ObjectKind, body: Record<string, unknown>): void {
    const name = String(body['name'] ?? '');
    switch (kind) {
      case 'link': {
        if (!/^https?:\/\//i.test(String(body['url'] ?? '')))
          throw new Refusal('Please enter a valid URL.');
        const custom = body['custom'];
        if (custom && objects.link.some((l) => collate(l['alias']) === collate(custom)))
          throw new Refusal('That alias is taken. Please choose another one.');
        return;
      }
      case 'campaign':
        if (objects.campaign.some((c) => collate(c['name']) === collate(name)))
          throw new Refusal('You already have a campaign with that name.');
        return;
      case 'channel':
        if (!name.trim()) throw new Refusal('Name is required.');
        if (objects.channel.some((c) => collate(c['name']) === collate(name)))
          throw new Refusal('You already have a channel with that name.');
        return;
      case 'pixel':
        if (!body['type'] || !name || !body['tag'])
          throw new Refusal('Type, name and tag are required.');
        return;
      case 'domain':
        if (
          objects.domain.some((d) => hostOf(String(d['domain'])) === hostOf(String(body['domain'])))
        )
          throw new Refusal('This domain is already in use.');
        return;
    }
  }

  /** Makes the object; answers the create's answer body. */
  function create(kind: ObjectKind, body: Record<string, unknown>): Record<string, unknown> {
    // Checked again at the end: another request may have made it meanwhile.
    validate(kind, body);
    const store = (name: unknown) =>
      (options.storeName ?? ((n: string) => n))(String(name ?? ''), kind);
    switch (kind) {
      case 'link': {
        const id = ids.link + 1;
        const alias = String(body['custom'] || `r${id}x`);
        const host = body['domain'] ? String(body['domain']).replace(/\/+$/, '') : url;
        const link = make('link', {
          alias,
          shorturl: `${host}/${alias}`,
          longurl: String(body['url']),
          title: `Title of ${String(body['url'])}`,
          description: String(body['description'] ?? ''),
          clicks: 0,
          date: date(),
        });
        return { id: link.id, shorturl: link['shorturl'] };
      }
      case 'channel': {
        const c = make('channel', {
          name: store(body['name']),
          description: String(body['description'] ?? ''),
          color: String(body['color'] ?? '#000000'),
          starred: body['starred'] === true,
        });
        return {
          id: c.id,
          name: c['name'],
          description: c['description'],
          color: c['color'],
          starred: c['starred'],
        };
      }
      case 'campaign': {
        const c = make('campaign', {
          name: store(body['name']),
          public: body['public'] === true,
          rotator: false,
          list: `${url}/campaign/list`,
        });
        return {
          id: c.id,
          domain: c['name'],
          public: c['public'],
          rotator: false,
          list: c['list'],
        };
      }
      case 'pixel': {
        const p = make('pixel', {
          type: String(body['type']),
          name: store(body['name']),
          tag: String(body['tag']),
          date: date(),
        });
        return { id: p.id };
      }
      case 'domain': {
        const d = make('domain', {
          domain: String(body['domain']),
          redirectroot: String(body['redirectroot'] ?? ''),
          redirect404: String(body['redirect404'] ?? ''),
        });
        return { id: d.id };
      }
    }
  }

  function list(
    kind: ObjectKind,
    collection: string,
    query: URLSearchParams,
  ): Record<string, unknown> {
    let items = [...objects[kind]];
    if (stale[kind] > 0) {
      stale[kind]--;
      items = items.slice(0, -1);
    }
    if (kind === 'link') {
      const q = (query.get('q') ?? '').toLowerCase();
      if (q)
        items = items.filter((l) =>
          [l['longurl'], l['alias'], l['title']].some((f) => String(f).toLowerCase().includes(q)),
        );
      items.reverse(); // newest first
    }
    const limit = Math.max(1, Number(query.get('limit') ?? 15) || 15);
    const page = Math.max(1, Number(query.get('page') ?? 1) || 1);
    const maxpage = Math.max(1, Math.ceil(items.length / limit));
    return {
      error: '0',
      data: {
        result: items.length,
        perpage: limit,
        currentpage: page,
        nextpage: page < maxpage ? page + 1 : 0,
        maxpage,
        [collection]: items.slice((page - 1) * limit, page * limit),
      },
    };
  }

  /** `GET /api/urls?short=`: the full short URL only, as real servers want it. */
  function byShort(short: string): [number, Record<string, unknown>] {
    if (options.refuseShortLookups || !/^https?:\/\//i.test(short))
      return [200, { error: 1, message: 'Invalid short url' }];
    let parsed: URL;
    try {
      parsed = new URL(short);
    } catch {
      return [200, { error: 1, message: 'Invalid short url' }];
    }
    const alias = decodeURIComponent(parsed.pathname.replace(/^\/+|\/+$/g, ''));
    const link = objects.link.find(
      (l) =>
        hostOf(String(l['shorturl'])) === parsed.host.toLowerCase() &&
        collate(l['alias']) === collate(alias),
    );
    if (!link) return [404, { error: 1, message: 'Link not found' }];
    return [
      200,
      {
        error: 0,
        id: link.id,
        details: {
          id: link.id,
          shorturl: link['shorturl'],
          longurl: link['longurl'],
          title: link['title'],
          description: link['description'],
          location: {},
          device: {},
          expiry: null,
          date: link['date'],
        },
        data: {
          clicks: 0,
          uniqueClicks: 0,
          topCountries: 0,
          topReferrers: 0,
          topBrowsers: 0,
          topOs: 0,
          socialCount: 0,
        },
      },
    ];
  }


  function answerMissing(res: ServerResponse, how: MissingRoute): void {
    if (how === 'json-404') return sendJson(res, 404, { error: 1, message: 'Endpoint not found.' });
    if (how === 'status-405')
      return sendJson(res, 405, { error: 1, message: 'Method not allowed.' });
    if (how === 'status-503') {
      res.writeHead(503, { 'Content-Type': 'text/html' });
      res.end('<html><head><title>503 Service Unavailable</title></head><body></body></html>');
      return;
    }
    res.writeHead(how === 'html-404' ? 404 : 200, { 'Content-Type': 'text/html; charset=utf-8' });
    res.end(NOT_FOUND_PAGE);
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const address = new URL(req.url ?? '/', url);
    let body: Record<string, unknown> = {};
    try {
      const text = Buffer.concat(chunks).toString('utf8');
      if (text.trim()) body = JSON.parse(text) as Record<string, unknown>;
    } catch {
      return sendJson(res, 400, { error: 1, message: 'Invalid JSON.' });
    }
    const method = req.method ?? 'GET';
    const path = address.pathname;
    const recorded: RecordedRequest = {
      method,
      path,
      query: address.searchParams,
      body,
      idempotencyKey: req.headers['idempotency-key'] as string | undefined,
      at: Date.now(),
    };
    requests.push(recorded);
    for (const w of [...waiters]) {
      if (!w.predicate(recorded)) continue;
      waiters.splice(waiters.indexOf(w), 1);
      w.resolve(recorded);
    }
    queueMicrotask(recheck);

    if (req.headers.authorization !== `Bearer ${key}`)
      return sendJson(res, 401, { error: 1, message: 'A valid API key is required.' });
    const missing = missingRoutes.find((m) => path.startsWith(m.prefix));
    if (missing) return answerMissing(res, missing.answer);

    if (method === 'GET' && path === '/api/account')
      return sendJson(res, 200, {
        error: 0,
        data: {
          id: 1,
          email: 'someone@example.com',
          username: 'someone',
          avatar: '',
          status: 'pro',
          expires: null,
          registered: '2024-01-01 00:00:00',
        },
      });
    if (method === 'GET' && path === '/api/urls' && address.searchParams.has('short')) {
      const [status, answer] = byShort(address.searchParams.get('short') ?? '');
      return sendJson(res, status, answer);
    }
    if (method === 'GET' && (path === '/api/overlay' || path === '/api/splash')) {
      const items = (path === '/api/overlay' ? options.overlays : options.splash) ?? [];
      const key = path === '/api/overlay' ? 'cta' : 'splash';
      return sendJson(res, 200, {
        error: 0,
        data: {
          result: items.length,
          perpage: 15,
          currentpage: 1,
          nextpage: 0,
          maxpage: 1,
          [key]: items,
        },
      });
    }
    const channelItems = method === 'GET' ? /^\/api\/channel\/(\d+)$/.exec(path) : null;
    if (channelItems) {
      if (!objects.channel.some((c) => c.id === Number(channelItems[1])))
        return sendJson(res, 404, { error: 1, message: 'Channel not found' });
      // The double keeps no channel items: every channel is empty.
      return sendJson(res, 200, {
        error: 0,
        data: { result: 0, perpage: 15, currentpage: 1, nextpage: 0, maxpage: 1, items: [] },
      });
    }
    const listed = method === 'GET' ? LIST_PATHS[path] : undefined;
    if (listed) return sendJson(res, 200, list(listed[0], listed[1], address.searchParams));
    const update = method === 'PUT' ? /^\/api\/url\/(\d+)\/update$/.exec(path) : null;
    if (update) {
      const link = objects.link.find((l) => l.id === Number(update[1]));
      if (!link) return sendJson(res, 404, { error: 1, message: 'Link not found' });
      if (typeof body['url'] === 'string') link['longurl'] = body['url'];
      return sendJson(res, 200, { error: 0, id: link.id, short: link['shorturl'] });
    }
    const kind = method === 'POST' ? CREATE_PATHS[path] : undefined;
    if (kind) {
      const script = scripts[kind].shift() ?? {};
      try {
        validate(kind, body);
        await sleep(script.delayMs ?? 0);
        await script.until;
        if (script.then === 'drop-unmade') {
          req.socket.destroy();
          return;
        }
        if (script.then === 'unavailable') {
          res.writeHead(503, { 'Content-Type': 'text/html' });
          res.end('<html><head><title>503 Service Unavailable</title></head><body></body></html>');
          return;
        }
        const answer = create(kind, body);
        if (script.then === 'drop') {
          // Made, and the answer lost: the connection closes before a byte of it is written.
          req.socket.destroy();
          return;
        }
        return sendJson(res, 200, { error: 0, ...answer });
      } catch (error) {
        if (error instanceof Refusal)
          return sendJson(res, 200, { error: 1, message: error.message });
        throw error;
      }
    }
    answerMissing(res, 'html-404');
  }

  const server = await listenOnLoopback(handle);
  url = server.url;

  return {
    url,
    key,
    objects,
    requests,
    seed: (kind, fields) => make(kind, fields),
    offer(prefix) {
      const i = missingRoutes.findIndex((m) => m.prefix === prefix);
      if (i >= 0) missingRoutes.splice(i, 1);
    },
    onCreate(kind, ...more) {
      scripts[kind].push(...more);
    },
    staleLists(kind, times) {
      stale[kind] += times;
    },
    next(predicate) {
      const seen = requests.find(predicate);
      if (seen) return Promise.resolve(seen);
      return new Promise((resolve) => waiters.push({ predicate, resolve }));
    },
    until(check) {
      if (check()) return Promise.resolve();
      return new Promise((resolve) => checks.push({ check, resolve }));
    },
    calls: () => requests.map((r) => `${r.method} ${r.path}`),
    async close() {
      for (const t of timers) clearTimeout(t);
      timers.clear();
      await server.close();
    },
  };
}
