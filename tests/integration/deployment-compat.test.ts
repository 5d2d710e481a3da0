import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Backend } from '../../electron/backend/backend.js';
import { createBackend } from '../../electron/backend/create-backend.js';
import { MemorySecretStore } from '../../electron/backend/secrets/index.js';
import type { Result } from '../../electron/shared/contract.js';
import type {
  Campaign,
  Domain,
  MirrorList,
  OutboxItem,
  Pixel,
} from '../../electron/shared/models.js';
import { startTestService, type TestService } from '../support/service.js';

/*
 * The whole client (router → outbox → API client → HTTP → mirror) against a small scripted
 * server that answers as real deployments do where the spec shows something else: campaign
 * names under `name`, `campaign` or `domain`, a legacy `msg` error, no pixel update or delete
 * routes (6.1's HTML 404 page); then pixel update and delete, and a domain typed with a
 * trailing slash, against the real local service.
 */

const KEY = 'compat-key-0123456789';

interface Seen {
  method: string;
  path: string;
  body: unknown;
}

/** A deployment in a few routes; everything else is an empty list or the site's 404 page. */
function scriptedDeployment(seen: Seen[]) {
  let nextId = 40;
  const pixels = [
    { id: 10, type: 'bing', name: 'Search ads', tag: '12345678', date: '2024-01-02 03:04:06' },
    { id: 9, type: 'gtmpixel', name: 'Site tags', tag: 'GTM-ABC1234', date: '2024-01-02 03:04:05' },
  ];
  const campaigns: Record<string, unknown>[] = [
    { id: 1, name: 'By name', public: false, rotator: false, list: 'https://s.test/c/1' },
    { id: 2, campaign: 'By campaign', public: '1', rotator: false, list: 'https://s.test/c/2' },
    {
      id: 3,
      domain: 'By domain',
      public: 0,
      rotator: 'https://s.test/r/x',
      list: 'https://s.test/c/3',
    },
  ];
  const page = (key: string, items: unknown[]) => ({
    error: '0',
    data: {
      result: items.length,
      perpage: 100,
      currentpage: 1,
      nextpage: 0,
      maxpage: 1,
      [key]: items,
    },
  });
  const notFoundPage =
    '<!DOCTYPE html><html><head><title>404 Page not found</title></head><body><h1>Oops</h1></body></html>';

  return (
    request: IncomingMessage,
    body: unknown,
    reply: (status: number, answer: unknown) => void,
  ) => {
    const url = new URL(request.url ?? '/', 'http://x');
    const path = url.pathname;
    const method = request.method ?? 'GET';
    seen.push({ method, path, body });
    if (request.headers.authorization !== `Bearer ${KEY}`)
      return reply(200, { error: 1, msg: 'Invalid API key.' });
    if (method === 'GET') {
      if (path === '/api/account') {
        return reply(200, {
          error: 0,
          data: {
            id: 1,
            email: 'owner@s.test',
            username: 'owner',
            avatar: '',
            status: 'pro',
            expires: null,
            registered: '2020-01-01 00:00:00',
          },
        });
      }
      if (path === '/api/campaigns') return reply(200, page('campaigns', campaigns));
      if (path === '/api/pixels') return reply(200, page('pixels', pixels));
      const collection = {
        '/api/urls': 'urls',
        '/api/channels': 'channels',
        '/api/domains': 'domains',
        '/api/overlay': 'cta',
        '/api/splash': 'splash',
      }[path];
      if (collection) return reply(200, page(collection, []));
    }
    const fields = (body ?? {}) as Record<string, unknown>;
    if (method === 'POST' && path === '/api/campaign/add') {
      // The code-shaped answer: the name under `campaign`.
      const id = nextId++;
      const campaign = {
        id,
        campaign: fields['name'],
        public: fields['public'] === true,
        rotator: false,
        list: `https://s.test/c/${id}`,
      };
      campaigns.push({ ...campaign, name: undefined });
      return reply(200, { error: 0, ...campaign });
    }
    const update = /^\/api\/campaign\/(\d+)\/update$/.exec(path);
    if (method === 'PUT' && update) {
      const id = Number(update[1]);
      return reply(200, {
        error: 0,
        id,
        domain: fields['name'],
        public: true,
        rotator: false,
        list: `https://s.test/c/${id}`,
      });
    }
    if (method === 'POST' && path === '/api/channel/add') {
      return reply(200, { error: 1, msg: 'You already have a channel with this name.' });
    }
    if (/^\/api\/pixel\/\d+\/(update|delete)$/.test(path)) return reply(404, notFoundPage);
    return reply(404, notFoundPage);
  };
}

async function startScripted(seen: Seen[]): Promise<{ url: string; server: Server }> {
  const answer = scriptedDeployment(seen);
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = [];
    request.on('data', (c: Buffer) => chunks.push(c));
    request.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      let body: unknown;
      try {
        body = text ? JSON.parse(text) : undefined;
      } catch {
        body = text;
      }
      answer(request, body, (status, value) => {
        const html = typeof value === 'string';
        response.writeHead(status, {
          'content-type': html ? 'text/html; charset=utf-8' : 'application/json',
        });
        response.end(html ? value : JSON.stringify(value));
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

describe('answers of real deployments, through the whole client', () => {
  let dataDir: string;
  let backend: Backend;
  /** Servers of the test, closed after the backend that talks to them. */
  const servers: Array<() => Promise<void>> = [];

  async function call<T>(channel: string, arg?: unknown): Promise<Result<T>> {
    return (await backend.router.dispatch(channel, arg)) as Result<T>;
  }
  async function value<T>(channel: string, arg?: unknown): Promise<T> {
    const r = await call<T>(channel, arg);
    if (!r.ok) throw new Error(`${channel}: ${r.error.code} ${r.error.message}`);
    return r.value;
  }
  /** Queues a change and waits for the service's answer (the outcome as the router gives it). */
  async function send<T>(
    channel: string,
    arg: unknown,
  ): Promise<{ item: OutboxItem; outcome: Result<T> }> {
    const item = await value<OutboxItem>(channel, arg);
    return { item, outcome: await call<T>('outbox:wait', { opId: item.opId }) };
  }

  beforeEach(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'linkdeck-compat-'));
    backend = await createBackend({
      dataDir,
      shell: 'web',
      secrets: new MemorySecretStore(),
      log: () => {},
    });
  });
  afterEach(async () => {
    await backend.close();
    for (const close of servers.splice(0)) await close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  describe('a scripted deployment', () => {
    let scripted: { url: string; server: Server };
    const seen: Seen[] = [];

    beforeEach(async () => {
      seen.length = 0;
      scripted = await startScripted(seen);
      servers.push(
        () =>
          new Promise<void>((resolve) => {
            scripted.server.close(() => resolve());
            scripted.server.closeAllConnections();
          }),
      );
      await value('profiles:connect', { name: 'Old service', baseUrl: scripted.url, apiKey: KEY });
    });

    it('mirrors campaign names given as `name`, `campaign` or `domain`, in the list, after a create and after an update', async () => {
      await value('sync:refresh', { view: { kind: 'campaigns' }, force: true });
      const listed = await value<MirrorList<Campaign>>('campaigns:list');
      expect(Object.fromEntries(listed.items.map((c) => [c.id, c.name]))).toMatchObject({
        1: 'By name',
        2: 'By campaign',
        3: 'By domain',
      });

      const created = await send<{ id: number }>('campaigns:create', {
        name: 'Spring sale',
        public: true,
      });
      expect(created.outcome).toMatchObject({ ok: true, value: { id: 40 } });
      const afterCreate = await value<MirrorList<Campaign>>('campaigns:list');
      expect(afterCreate.items.find((c) => c.id === 40)).toMatchObject({
        name: 'Spring sale',
        public: true,
        pending: null,
      });
      expect(afterCreate.items.some((c) => c.name === '')).toBe(false);

      const updated = await send('campaigns:update', { id: 40, name: 'Autumn sale' });
      expect(updated.outcome.ok).toBe(true);
      const afterUpdate = await value<MirrorList<Campaign>>('campaigns:list');
      expect(afterUpdate.items.find((c) => c.id === 40)).toMatchObject({
        name: 'Autumn sale',
        pending: null,
      });
    });

    it('shows the words of a legacy `msg` error, and keeps the refused change marked with them', async () => {
      const { outcome } = await send('channels:create', { name: 'Newsletter' });
      expect(outcome).toEqual({
        ok: false,
        error: expect.objectContaining({ message: 'You already have a channel with this name.' }),
      });
      const channels = await value<MirrorList<{ name: string }>>('channels:list');
      expect(channels.items).toEqual([
        expect.objectContaining({
          name: 'Newsletter',
          failed: 'You already have a channel with this name.',
        }),
      ]);
    });

    it('says in words that pixel editing and deleting are not offered where the routes are missing, and keeps the pixel', async () => {
      await value('sync:refresh', { view: { kind: 'pixels' }, force: true });
      const edit = await send('pixels:update', { id: 9, name: 'Renamed', tag: 'GTM-XYZ9876' });
      const editWords =
        'This service does not offer editing pixels (it answered 404 to PUT /api/pixel/9/update). It may be an older version.';
      expect(edit.outcome).toEqual({
        ok: false,
        error: expect.objectContaining({ message: editWords }),
      });

      const removal = await send('pixels:delete', { id: 10 });
      const deleteWords =
        'This service does not offer deleting pixels (it answered 404 to DELETE /api/pixel/10/delete). It may be an older version.';
      expect(removal.outcome).toEqual({
        ok: false,
        error: expect.objectContaining({ message: deleteWords }),
      });

      // Each was tried once (refused, not retried), and the pixel is still in the mirror.
      expect(
        seen.filter((r) => r.path.startsWith('/api/pixel/')).map((r) => `${r.method} ${r.path}`),
      ).toEqual(['PUT /api/pixel/9/update', 'DELETE /api/pixel/10/delete']);
      // Both pixels stay (as the service has them), each marked with the words of its refusal.
      await value('sync:refresh', { view: { kind: 'pixels' }, force: true });
      const pixels = await value<MirrorList<Pixel>>('pixels:list');
      expect(pixels.items).toEqual([
        expect.objectContaining({ id: 10, name: 'Search ads', failed: deleteWords }),
        expect.objectContaining({
          id: 9,
          name: 'Site tags',
          tag: 'GTM-ABC1234',
          failed: editWords,
        }),
      ]);
      const outbox = await value<OutboxItem[]>('outbox:list');
      expect(outbox.map((o) => [o.mutation.kind, o.state, o.lastError?.message])).toEqual([
        ['pixel.update', 'failed', editWords],
        ['pixel.delete', 'failed', deleteWords],
      ]);
    });
  });

  describe('the local service', () => {
    let local: TestService;

    beforeEach(async () => {
      local = await startTestService({ rateLimit: 0 });
      servers.push(() => local.close());
      await value('profiles:connect', { name: 'Local', baseUrl: local.url, apiKey: local.key });
    });

    it('edits a pixel (the mirror takes the service’s canonical tag) and deletes it', async () => {
      const created = await send<{ id: number }>('pixels:create', {
        type: 'gtmpixel',
        name: 'Site tags',
        tag: 'GTM-ABC1234',
      });
      if (!created.outcome.ok) throw new Error(created.outcome.error.message);
      const id = created.outcome.value.id;

      const edit = await send('pixels:update', { id, name: 'All tags', tag: 'gtm-xyz9876' });
      expect(edit.outcome.ok).toBe(true);
      expect((await value<MirrorList<Pixel>>('pixels:list')).items).toEqual([
        expect.objectContaining({
          id,
          type: 'gtmpixel',
          name: 'All tags',
          tag: 'GTM-XYZ9876',
          pending: null,
          failed: null,
        }),
      ]);
      const onService = await local.api<{ data: { pixels: Pixel[] } }>('GET', '/api/pixels');
      expect(onService.json.data.pixels).toEqual([
        expect.objectContaining({ id, name: 'All tags', tag: 'GTM-XYZ9876' }),
      ]);

      const removal = await send('pixels:delete', { id });
      expect(removal.outcome.ok).toBe(true);
      expect((await value<MirrorList<Pixel>>('pixels:list')).items).toEqual([]);
      expect(
        (await local.api<{ data: { pixels: Pixel[] } }>('GET', '/api/pixels')).json.data.pixels,
      ).toEqual([]);
    });

    it('keeps a branded domain typed with a trailing slash as the service stores it: queued, sent and answered', async () => {
      const { item, outcome } = await send<{ id: number }>('domains:create', {
        domain: 'https://go.example.com/',
      });
      expect(item.mutation).toEqual({
        kind: 'domain.create',
        input: { domain: 'https://go.example.com' },
      });
      expect(item.summary).toBe('Add the branded domain https://go.example.com');
      expect(outcome.ok).toBe(true);
      const mirrored = await value<MirrorList<Domain>>('domains:list');
      expect(mirrored.items).toEqual([
        expect.objectContaining({ domain: 'https://go.example.com', pending: null }),
      ]);
      const onService = await local.api<{ data: { domains: { domain: string }[] } }>(
        'GET',
        '/api/domains',
      );
      expect(onService.json.data.domains.map((d) => d.domain)).toEqual(['https://go.example.com']);
      // A sync reads the same text: one domain, not two spellings of it.
      await value('sync:refresh', { view: { kind: 'domains' }, force: true });
      expect((await value<MirrorList<Domain>>('domains:list')).items.map((d) => d.domain)).toEqual([
        'https://go.example.com',
      ]);
    });
  });
});
