import { spawn } from 'node:child_process';
import { createServer, request as httpRequest } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';
import { resolve } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  faults,
  startFaultProxy,
  type FaultProxy,
  type FaultRule,
} from '../support/fault-proxy.js';
import { startTestService, type TestService } from '../support/service.js';

/*
 * The scripted fault layer in front of the real local service. Every fault is proven from both
 * sides: what the client saw through the proxy, and what the service holds (asked directly,
 * never through the proxy).
 */

const root = resolve(import.meta.dirname, '../..');

describe('fault proxy', () => {
  let s: TestService;
  let proxy: FaultProxy;
  let seq = 0;
  /** A long URL no other test uses. */
  const freshUrl = () =>
    `https://example.com/fault-proxy/${++seq}-${Math.random().toString(36).slice(2)}`;

  beforeAll(async () => {
    s = await startTestService({ rateLimit: 0 });
  });
  afterAll(() => s?.close());
  beforeEach(async () => {
    proxy = await startFaultProxy({ target: s.url });
  });
  afterEach(() => proxy?.close());

  /** fetch through the proxy as the first user. */
  const call = (
    method: string,
    path: string,
    body?: unknown,
    init: { headers?: Record<string, string>; signal?: AbortSignal } = {},
  ) =>
    fetch(proxy.url + path, {
      method,
      headers: {
        Authorization: `Bearer ${s.key}`,
        'Content-Type': 'application/json',
        ...init.headers,
      },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
      ...(init.signal ? { signal: init.signal } : {}),
      redirect: 'manual',
    });
  const create = (
    url: string,
    init: { headers?: Record<string, string>; signal?: AbortSignal } = {},
  ) => call('POST', '/api/url/add', { url }, init);
  /** Links on the service with this long URL, asked directly. */
  const linksOnServer = async (longUrl: string) => {
    const r = await s.api<{ data: { urls: { id: number; longurl: string }[] } }>(
      'GET',
      `/api/urls?limit=100&q=${encodeURIComponent(longUrl)}`,
    );
    expect(r.status, r.text).toBe(200);
    return r.json.data.urls.filter((u) => u.longurl === longUrl);
  };
  /** The error code under a fetch that failed at the network level ("fetch failed"). */
  const networkFailure = async (pending: Promise<unknown>): Promise<string> => {
    const error: unknown = await pending.then(
      () => new Error('expected the request to fail'),
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(TypeError);
    const cause = (error as { cause?: { code?: string } }).cause;
    return cause?.code ?? 'no code';
  };
  const RESET = ['ECONNRESET', 'UND_ERR_SOCKET'];
  const timedOut = async (pending: Promise<unknown>) => {
    const error: unknown = await pending.then(
      () => new Error('expected a timeout'),
      (e: unknown) => e,
    );
    expect((error as Error).name).toBe('TimeoutError');
  };

  describe('passthrough', () => {
    it('forwards method, Authorization, Idempotency-Key, body and status, and returns the service headers', async () => {
      const url = freshUrl();
      const first = await create(url, { headers: { 'Idempotency-Key': `pass-${url}` } });
      expect(first.status).toBe(200);
      expect(first.headers.get('content-type')).toMatch(/^application\/json/);
      expect(first.headers.get('x-ratelimit-limit')).not.toBeNull();
      expect(first.headers.get('x-ratelimit-remaining')).not.toBeNull();
      expect(first.headers.get('x-ratelimit-reset')).not.toBeNull();
      const { id } = (await first.json()) as { id: number };
      // The same key and body again: the service replays, so the key went through unchanged.
      const again = await create(url, { headers: { 'Idempotency-Key': `pass-${url}` } });
      expect(again.headers.get('idempotent-replayed')).toBe('true');
      expect(((await again.json()) as { id: number }).id).toBe(id);
      expect(await linksOnServer(url)).toHaveLength(1);

      const update = await call('PUT', `/api/url/${id}/update`, {
        url,
        metatitle: 'Through the proxy',
      });
      expect(update.status).toBe(200);
      const direct = await s.api<{ details: { title: string; longurl: string } }>(
        'GET',
        `/api/url/${id}`,
      );
      expect(direct.json.details).toMatchObject({ longurl: url, title: 'Through the proxy' });

      const removed = await call('DELETE', `/api/url/${id}/delete`);
      expect(removed.status).toBe(200);
      expect((await s.api('GET', `/api/url/${id}`)).status).toBe(404);

      expect(
        proxy.log.map((e) => [
          e.method,
          e.fault,
          e.reachedServer,
          e.clientStatus,
          e.idempotencyKey ?? null,
        ]),
      ).toEqual([
        ['POST', 'passthrough', true, 200, `pass-${url}`],
        ['POST', 'passthrough', true, 200, `pass-${url}`],
        ['PUT', 'passthrough', true, 200, null],
        ['DELETE', 'passthrough', true, 200, null],
      ]);
    });

    it('passes error answers through as the service gives them', async () => {
      const direct = await s.api('GET', '/api/account', undefined, { key: null });
      const proxied = await fetch(`${proxy.url}/api/account`);
      expect(proxied.status).toBe(401);
      expect(await proxied.text()).toBe(direct.text);
      const wrongKey = await fetch(`${proxy.url}/api/account`, {
        headers: { Authorization: 'Bearer nope' },
      });
      expect(wrongKey.status).toBe(401);
      expect((await call('GET', '/api/url/999999')).status).toBe(404);
      expect(proxy.counts()).toMatchObject({
        requests: 3,
        forwarded: 3,
        reachedServer: 3,
        answered: 3,
        faulted: 0,
      });
    });

    it('keeps headers (names, case, repeats) and bodies byte for byte, chunked or not', async () => {
      // An echo server shows exactly what arrives behind the proxy.
      const echo = createServer((req, res) => {
        const chunks: Buffer[] = [];
        req.on('data', (c: Buffer) => chunks.push(c));
        req.on('end', () => {
          const body = Buffer.concat(chunks);
          res.writeHead(207, 'Multi Things', [
            'Set-Cookie',
            'a=1',
            'Set-Cookie',
            'b=2',
            'X-RateLimit-Remaining',
            '29',
            'Content-Type',
            'application/octet-stream',
          ]);
          res.end(
            Buffer.concat([
              Buffer.from(
                JSON.stringify({
                  method: req.method,
                  url: req.url,
                  raw: req.rawHeaders,
                  length: body.length,
                }) + '\n',
              ),
              body,
            ]),
          );
        });
      });
      await new Promise<void>((done) => echo.listen(0, '127.0.0.1', done));
      const echoProxy = await startFaultProxy({
        target: `http://127.0.0.1:${(echo.address() as AddressInfo).port}`,
      });
      try {
        const payload = Buffer.alloc(2 * 1024 * 1024 + 7);
        for (let i = 0; i < payload.length; i++) payload[i] = (i * 31) % 256;
        const answer = await new Promise<{
          status: number;
          message: string;
          headers: string[];
          body: Buffer;
        }>((done, fail) => {
          const req = httpRequest(`${echoProxy.url}/x/y?q=1&q=2`, {
            method: 'PATCH',
            headers: [
              'Host',
              'example.test',
              'Authorization',
              'Bearer k1',
              'Idempotency-Key',
              'ik-1',
              'X-Twice',
              'one',
              'x-twice',
              'two',
              'Transfer-Encoding',
              'chunked',
            ],
          });
          req.on('response', (res) => {
            const parts: Buffer[] = [];
            res.on('data', (c: Buffer) => parts.push(c));
            res.on('end', () =>
              done({
                status: res.statusCode ?? 0,
                message: res.statusMessage ?? '',
                headers: res.rawHeaders,
                body: Buffer.concat(parts),
              }),
            );
          });
          req.on('error', fail);
          req.write(payload.subarray(0, 1000));
          req.end(payload.subarray(1000));
        });
        expect(answer.status).toBe(207);
        expect(answer.message).toBe('Multi Things');
        expect(answer.headers).toEqual(
          expect.arrayContaining([
            'Set-Cookie',
            'a=1',
            'Set-Cookie',
            'b=2',
            'X-RateLimit-Remaining',
            '29',
          ]),
        );
        const newline = answer.body.indexOf('\n');
        const seen = JSON.parse(answer.body.subarray(0, newline).toString()) as {
          method: string;
          url: string;
          raw: string[];
          length: number;
        };
        expect(seen.method).toBe('PATCH');
        expect(seen.url).toBe('/x/y?q=1&q=2');
        expect(seen.raw).toEqual(
          expect.arrayContaining([
            'Host',
            'example.test',
            'Authorization',
            'Bearer k1',
            'Idempotency-Key',
            'ik-1',
            'X-Twice',
            'one',
            'x-twice',
            'two',
          ]),
        );
        // Read whole, the chunked body goes on with its length: same bytes, no chunk framing.
        expect(seen.raw).toEqual(
          expect.arrayContaining(['Content-Length', String(payload.length)]),
        );
        expect(answer.body.subarray(newline + 1).equals(payload)).toBe(true);
      } finally {
        await echoProxy.close();
        await new Promise<void>((done) => echo.close(() => done()));
      }
    });

    it('forwards only to a loopback HTTP origin, and only origin-form request targets', async () => {
      await expect(startFaultProxy({ target: 'http://example.com' })).rejects.toThrow(/loopback/);
      await expect(startFaultProxy({ target: 'https://127.0.0.1:1' })).rejects.toThrow(
        /plain HTTP/,
      );
      await expect(startFaultProxy({ target: `${s.url}/api` })).rejects.toThrow(/origin/);
      const status = await new Promise<number>((done, fail) => {
        // An absolute-form target is how a client asks a forward proxy to go elsewhere.
        const req = httpRequest(
          { host: '127.0.0.1', port: proxy.port, path: 'http://example.com/', method: 'GET' },
          (res) => {
            res.resume();
            done(res.statusCode ?? 0);
          },
        );
        req.on('error', fail);
        req.end();
      });
      expect(status).toBe(400);
      expect(proxy.log[0]).toMatchObject({
        forwarded: false,
        reachedServer: false,
        clientStatus: 400,
      });
    });
  });

  describe('faults', () => {
    it('resetAfterCommit: the client gets a network error, yet the service created the link (the lost answer)', async () => {
      const url = freshUrl();
      const key = `lost-${url}`;
      const rule = proxy.script({
        method: 'POST',
        path: '/api/url/add',
        fault: 'resetAfterCommit',
      });
      expect(RESET).toContain(
        await networkFailure(create(url, { headers: { 'Idempotency-Key': key } })),
      );
      const [link] = await linksOnServer(url);
      expect(link).toBeDefined();
      expect(proxy.log[0]).toMatchObject({
        fault: 'resetAfterCommit',
        forwarded: true,
        reachedServer: true,
        serverStatus: 200,
        outcome: 'reset',
        idempotencyKey: key,
      });
      expect(proxy.log[0]?.clientStatus).toBeUndefined();
      expect(rule.applied).toBe(1);
      // The rule is spent: a retry with the same key gets the service's first answer, no duplicate.
      const retry = await create(url, { headers: { 'Idempotency-Key': key } });
      expect(retry.headers.get('idempotent-replayed')).toBe('true');
      expect(((await retry.json()) as { id: number }).id).toBe(link?.id);
      expect(await linksOnServer(url)).toHaveLength(1);
      expect(proxy.counts({ method: 'POST', path: '/api/url/add' })).toMatchObject({
        requests: 2,
        reachedServer: 2,
        answered: 1,
      });
    });

    it('resetBeforeForward: the client gets a network error and the service never saw the request', async () => {
      const url = freshUrl();
      proxy.script({ method: 'POST', path: '/api/url/add', fault: 'resetBeforeForward' });
      expect(RESET).toContain(await networkFailure(create(url)));
      expect(await linksOnServer(url)).toHaveLength(0);
      expect(proxy.log[0]).toMatchObject({
        fault: 'resetBeforeForward',
        forwarded: false,
        reachedServer: false,
        outcome: 'reset',
      });
      // One time only (the default): the next attempt goes through.
      expect((await create(url)).status).toBe(200);
      expect(await linksOnServer(url)).toHaveLength(1);
    });

    it('delay: holds the request, then forwards it', async () => {
      const url = freshUrl();
      proxy.script({ path: '/api/url/add', fault: faults.delay(150) });
      const started = performance.now();
      const res = await create(url, { signal: AbortSignal.timeout(20_000) });
      expect(res.status).toBe(200);
      expect(performance.now() - started).toBeGreaterThanOrEqual(140);
      expect(await linksOnServer(url)).toHaveLength(1);
      expect(proxy.log[0]).toMatchObject({
        fault: 'delay',
        reachedServer: true,
        outcome: 'answered',
      });
    });

    it('delay: a client that times out first gets its timeout, and the request is never forwarded', async () => {
      const url = freshUrl();
      proxy.script({ path: '/api/url/add', fault: faults.delay(3_600_000) });
      await timedOut(create(url, { signal: AbortSignal.timeout(200) }));
      const entry = await proxy.waitFor((e) => e.outcome !== 'pending');
      expect(entry).toMatchObject({
        fault: 'delay',
        outcome: 'client-aborted',
        forwarded: false,
        reachedServer: false,
      });
      expect(await linksOnServer(url)).toHaveLength(0);
      expect(proxy.openHandles()).toMatchObject({ pending: 0, timers: 0 });
    });

    it('delayResponse: the service commits, the answer is held past the client timeout', async () => {
      const url = freshUrl();
      proxy.script({ path: '/api/url/add', fault: faults.delayResponse(3_600_000) });
      // The client's timeout comes once the service has answered (a fixed 300 ms could come
      // before, on a busy machine): then the proxy holds that answer past it.
      const client = new AbortController();
      const pending = create(url, { signal: client.signal });
      await proxy.waitFor((e) => e.fault === 'delayResponse' && e.reachedServer);
      client.abort(new DOMException('The client gave up waiting.', 'TimeoutError'));
      await timedOut(pending);
      const entry = await proxy.waitFor((e) => e.outcome !== 'pending');
      expect(entry).toMatchObject({
        fault: 'delayResponse',
        outcome: 'client-aborted',
        reachedServer: true,
        serverStatus: 200,
      });
      expect(await linksOnServer(url)).toHaveLength(1);
      expect(proxy.openHandles()).toMatchObject({ pending: 0, timers: 0 });
    });

    it('timeout: never answers; the proxy lets go when the client gives up', async () => {
      const url = freshUrl();
      proxy.script({ path: '/api/url/add', fault: 'timeout' });
      const pending = create(url, { signal: AbortSignal.timeout(300) });
      const held = await proxy.waitFor((e) => e.fault === 'timeout');
      expect(held.outcome).toBe('pending');
      expect(proxy.openHandles().pending).toBe(1);
      await timedOut(pending);
      await proxy.waitFor((e) => e.outcome === 'client-aborted');
      expect(proxy.openHandles()).toMatchObject({ pending: 0, connections: 0, timers: 0 });
      expect(proxy.log[0]).toMatchObject({ forwarded: false, reachedServer: false });
      expect(await linksOnServer(url)).toHaveLength(0);
    });

    it('status: a 503 with a gateway HTML page, without forwarding', async () => {
      const url = freshUrl();
      proxy.script({ path: '/api', times: 2, fault: faults.gateway(503) });
      const res = await create(url);
      expect(res.status).toBe(503);
      expect(res.headers.get('content-type')).toBe('text/html');
      const html = await res.text();
      expect(html).toContain('<h1>503 Service Temporarily Unavailable</h1>');
      expect(() => JSON.parse(html)).toThrow();
      expect((await call('GET', '/api/account')).status).toBe(503);
      expect(await linksOnServer(url)).toHaveLength(0);
      expect(proxy.counts()).toMatchObject({
        requests: 2,
        forwarded: 0,
        reachedServer: 0,
        answered: 2,
        byFault: { status: 2 },
      });
      expect((await call('GET', '/api/account')).status).toBe(200);
    });

    it('status: a 502 gateway page and any status with a JSON body', async () => {
      proxy.script([
        { path: '/api/account', fault: faults.gateway() },
        {
          path: '/api/account',
          fault: faults.status(500, { error: 1, message: 'boom' }, { 'X-Trace': 't1' }),
        },
      ]);
      const gateway = await call('GET', '/api/account');
      expect(gateway.status).toBe(502);
      expect(await gateway.text()).toContain('502 Bad Gateway');
      const json = await call('GET', '/api/account');
      expect(json.status).toBe(500);
      expect(json.headers.get('x-trace')).toBe('t1');
      expect(json.headers.get('content-type')).toMatch(/^application\/json/);
      expect(await json.json()).toEqual({ error: 1, message: 'boom' });
      expect(proxy.counts().reachedServer).toBe(0);
    });

    it('status: 429 with Retry-After, or HTTP 200 with error 429 in the body', async () => {
      proxy.script([
        { path: '/api/urls', fault: faults.rateLimited({ retryAfter: 7 }) },
        { path: '/api/urls', fault: faults.rateLimited({ inBody: true }) },
      ]);
      const limited = await call('GET', '/api/urls');
      expect(limited.status).toBe(429);
      expect(limited.headers.get('retry-after')).toBe('7');
      expect(limited.headers.get('x-ratelimit-remaining')).toBe('0');
      expect(Number(limited.headers.get('x-ratelimit-reset'))).toBeGreaterThan(Date.now() / 1000);
      expect(await limited.text()).toBe('{"error":1,"message":"Rate limit exceeded"}');
      const inBody = await call('GET', '/api/urls');
      expect(inBody.status).toBe(200);
      expect(await inBody.json()).toEqual({ error: 429, message: 'Rate limit exceeded' });
      expect(proxy.counts()).toMatchObject({ requests: 2, reachedServer: 0 });
    });

    it('passes the service’s own 429 and Retry-After through untouched', async () => {
      const limitedService = await startTestService({ rateLimit: 1 });
      const p = await startFaultProxy({ target: limitedService.url });
      try {
        const get = () =>
          fetch(`${p.url}/api/account`, {
            headers: { Authorization: `Bearer ${limitedService.key}` },
          });
        expect((await get()).status).toBe(200);
        const second = await get();
        expect(second.status).toBe(429);
        expect(Number(second.headers.get('retry-after'))).toBeGreaterThan(0);
        expect(second.headers.get('x-ratelimit-limit')).toBe('1');
        expect(p.log[1]).toMatchObject({
          fault: 'passthrough',
          reachedServer: true,
          serverStatus: 429,
          clientStatus: 429,
        });
      } finally {
        await p.close();
        await limitedService.close();
      }
    });

    it('truncate: the head arrives, the body breaks off', async () => {
      const url = freshUrl();
      proxy.script({ method: 'POST', path: '/api/url/add', fault: 'truncate' });
      const res = await create(url);
      expect(res.status).toBe(200);
      expect([...RESET, 'UND_ERR_RES_CONTENT_LENGTH_MISMATCH']).toContain(
        await networkFailure(res.text()),
      );
      expect(await linksOnServer(url)).toHaveLength(1);
      expect(proxy.log[0]).toMatchObject({
        fault: 'truncate',
        reachedServer: true,
        serverStatus: 200,
        clientStatus: 200,
        outcome: 'truncated',
      });
    });

    it('truncate: sends exactly the head and the given number of body bytes', async () => {
      proxy.script({ path: '/api/account', fault: faults.truncate(10) });
      const direct = await s.api('GET', '/api/account');
      const received = await new Promise<Buffer>((done, fail) => {
        const socket = connect(proxy.port, '127.0.0.1');
        const parts: Buffer[] = [];
        socket.on('data', (c: Buffer) => parts.push(c));
        socket.on('error', (e: NodeJS.ErrnoException) =>
          e.code === 'ECONNRESET' ? undefined : fail(e),
        );
        socket.on('close', () => done(Buffer.concat(parts)));
        socket.write(
          `GET /api/account HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${s.key}\r\n\r\n`,
        );
      });
      const text = received.toString();
      const [head, body] = text.split('\r\n\r\n') as [string, string];
      expect(head).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
      expect(head).toMatch(
        new RegExp(`\r\ncontent-length: ${Buffer.byteLength(direct.text)}`, 'i'),
      );
      expect(body).toBe(direct.text.slice(0, 10));
    });

    it('offline: connections are refused until online(), which listens on the same port again', async () => {
      expect((await call('GET', '/api/account')).status).toBe(200);
      // A request held on an open connection dies with the connection.
      proxy.script({ path: '/api/urls', fault: 'timeout' });
      const held = call('GET', '/api/urls');
      await proxy.waitFor((e) => e.fault === 'timeout');
      await proxy.offline();
      expect(proxy.isOnline).toBe(false);
      expect(RESET).toContain(await networkFailure(held));
      expect(proxy.log[1]).toMatchObject({ outcome: 'reset', error: 'the proxy went offline' });

      expect(await networkFailure(call('GET', '/api/account'))).toBe('ECONNREFUSED');
      const refused = await new Promise<string>((done) => {
        const socket = connect(proxy.port, '127.0.0.1');
        socket.on('connect', () => done('connected'));
        socket.on('error', (e: NodeJS.ErrnoException) => done(e.code ?? 'error'));
      });
      expect(refused).toBe('ECONNREFUSED');
      expect(proxy.log).toHaveLength(2); // refused connections never reach the proxy's log

      const { url, port } = proxy;
      await proxy.online();
      expect(proxy.isOnline).toBe(true);
      expect(proxy.url).toBe(url);
      expect((await call('GET', '/api/account')).status).toBe(200);
      expect(proxy.log[2]).toMatchObject({ path: '/api/account', reachedServer: true });
      expect(proxy.port).toBe(port);
    });

    it('offline as a fault: the matching request is reset and the proxy stops accepting', async () => {
      const url = freshUrl();
      proxy.script({ method: 'POST', path: '/api/url/add', fault: 'offline' });
      expect(RESET).toContain(await networkFailure(create(url)));
      expect(proxy.isOnline).toBe(false);
      expect(proxy.log[0]).toMatchObject({
        fault: 'offline',
        forwarded: false,
        outcome: 'reset',
        error: 'the proxy went offline',
      });
      expect(await networkFailure(create(url))).toBe('ECONNREFUSED');
      expect(await linksOnServer(url)).toHaveLength(0);
      await proxy.online();
      expect((await create(url)).status).toBe(200);
      expect(await linksOnServer(url)).toHaveLength(1);
    });
  });

  describe('rules', () => {
    const statuses = async (n: number, path = '/api/account') => {
      const out: number[] = [];
      for (let i = 0; i < n; i++) out.push((await call('GET', path)).status);
      return out;
    };

    it('applies a rule to exactly the next N matching requests', async () => {
      const rule = proxy.script({
        method: 'GET',
        path: '/api/account',
        times: 3,
        fault: faults.status(503),
      });
      expect(await statuses(5)).toEqual([503, 503, 503, 200, 200]);
      expect(rule).toMatchObject({ matched: 3, applied: 3, remaining: 0 });
      expect(proxy.counts({ path: '/api/account' })).toMatchObject({
        requests: 5,
        reachedServer: 2,
        faulted: 3,
        byFault: { status: 3, passthrough: 2 },
      });
      expect(proxy.counts().byRoute['GET /api/account']).toMatchObject({
        requests: 5,
        reachedServer: 2,
      });
    });

    it('skips the first matching requests when asked ("the third create fails")', async () => {
      proxy.script({ path: '/api/account', skip: 2, fault: faults.status(500) });
      expect(await statuses(4)).toEqual([200, 200, 500, 200]);
    });

    it('applies an Infinity rule to every matching request, until cleared', async () => {
      const rule = proxy.script({
        path: '/api/account',
        times: Infinity,
        fault: faults.status(503),
      });
      expect(await statuses(4)).toEqual([503, 503, 503, 503]);
      expect(rule.remaining).toBe(Infinity);
      proxy.clear();
      expect(proxy.rules()).toHaveLength(0);
      expect(await statuses(1)).toEqual([200]);
    });

    it('matches method, path segments, RegExps and predicates on the body', async () => {
      proxy.script([
        // '/api/url' covers /api/url/add and /api/url/7, not /api/urls.
        { method: ['PUT', 'delete'], path: '/api/url', times: Infinity, fault: faults.status(409) },
        { path: /^\/api\/channel\/\d+$/, times: Infinity, fault: faults.status(418) },
        {
          method: 'POST',
          path: '/api/url/add',
          when: (r) => r.body.includes('poison'),
          times: Infinity,
          fault: faults.status(422),
        },
      ]);
      expect((await call('GET', '/api/urls')).status).toBe(200);
      expect((await call('PUT', '/api/url/1/update', { url: 'https://example.com' })).status).toBe(
        409,
      );
      expect((await call('DELETE', '/api/url/1/delete')).status).toBe(409);
      expect((await call('GET', '/api/channel/12')).status).toBe(418);
      expect((await call('GET', '/api/channels')).status).toBe(200);
      expect((await create('https://example.com/poison')).status).toBe(422);
      const fine = freshUrl();
      expect((await create(fine)).status).toBe(200);
      expect(await linksOnServer(fine)).toHaveLength(1);
      expect(proxy.log.map((e) => e.rule ?? '-')).toEqual([
        '-',
        'PUT|delete /api/url → status',
        'PUT|delete /api/url → status',
        '* /^\\/api\\/channel\\/\\d+$/ → status',
        '-',
        'POST /api/url/add → status',
        '-',
      ]);
    });

    it('tries rules in script order; a spent or cancelled rule lets the next one act', async () => {
      const first = proxy.script({ path: '/api/account', fault: faults.status(501) });
      const second = proxy.script({ path: '/api/account', times: 2, fault: faults.status(502) });
      expect(await statuses(2)).toEqual([501, 502]);
      second.cancel();
      expect(await statuses(1)).toEqual([200]);
      expect([first.applied, second.applied]).toEqual([1, 1]);
    });

    it('makes probability rules reproducible with a seed', async () => {
      const pattern = async (seed: number) => {
        const p = await startFaultProxy({ target: s.url, seed });
        try {
          p.script({
            path: '/api/account',
            probability: 0.5,
            times: Infinity,
            fault: faults.status(503),
          });
          const out: string[] = [];
          for (let i = 0; i < 32; i++) {
            const r = await fetch(`${p.url}/api/account`, {
              headers: { Authorization: `Bearer ${s.key}` },
            });
            await r.arrayBuffer();
            out.push(r.status === 503 ? 'x' : '.');
          }
          return out.join('');
        } finally {
          await p.close();
        }
      };
      const a = await pattern(42);
      expect(await pattern(42)).toBe(a);
      expect(await pattern(7)).not.toBe(a);
      const faulted = a.split('x').length - 1;
      expect(faulted).toBeGreaterThan(4);
      expect(faulted).toBeLessThan(28);
    });

    it('rejects rules that cannot mean anything', () => {
      const bad: FaultRule[] = [
        { fault: 'timeout', times: -1 },
        { fault: 'timeout', times: 1.5 },
        { fault: 'timeout', probability: 2 },
      ];
      for (const rule of bad) expect(() => proxy.script(rule)).toThrow(RangeError);
      expect(() => faults.status(99)).toThrow(RangeError);
      expect(() => faults.delay(-1)).toThrow(RangeError);
    });

    it('answers 500 and says so when a predicate throws, rather than guessing', async () => {
      proxy.script({
        when: () => {
          throw new Error('bad test');
        },
        fault: 'timeout',
      });
      const res = await call('GET', '/api/account');
      expect(res.status).toBe(500);
      expect(await res.text()).toContain('bad test');
      expect(proxy.log[0]).toMatchObject({
        forwarded: false,
        error: expect.stringContaining('bad test'),
      });
    });
  });

  describe('close', () => {
    it('ends held requests, timers and waiters, and refuses connections afterwards', async () => {
      proxy.script([
        { path: '/api/urls', fault: 'timeout' },
        { path: '/api/urls', fault: faults.delay(3_600_000) },
        { path: '/api/urls', fault: faults.delayResponse(3_600_000) },
      ]);
      const held = [call('GET', '/api/urls'), call('GET', '/api/urls'), call('GET', '/api/urls')];
      await proxy.waitFor((e) => e.fault === 'delayResponse' && e.reachedServer);
      await proxy.waitFor((e) => e.fault === 'delay');
      await proxy.waitFor((e) => e.fault === 'timeout');
      const waiter = proxy.waitFor(() => false, { timeoutMs: 3_600_000 });
      expect(proxy.openHandles()).toMatchObject({
        listening: true,
        pending: 3,
        timers: 2,
        waiters: 1,
      });

      // Watched before close() so their failures are expected, not unhandled.
      const waiterFailed = expect(waiter).rejects.toThrow(/closed/);
      const heldFailures = held.map(networkFailure);
      await proxy.close();
      await waiterFailed;
      for (const code of await Promise.all(heldFailures)) expect(RESET).toContain(code);
      expect(proxy.log.map((e) => e.outcome)).toEqual([
        'proxy-closed',
        'proxy-closed',
        'proxy-closed',
      ]);
      expect(proxy.openHandles()).toEqual({
        listening: false,
        connections: 0,
        pending: 0,
        upstream: 0,
        timers: 0,
        waiters: 0,
      });
      expect(await networkFailure(call('GET', '/api/account'))).toBe('ECONNREFUSED');
      await proxy.close(); // idempotent
      await expect(proxy.online()).rejects.toThrow(/closed/);
    });

    it('drops its connections to the target: idle keep-alive ones and requests still in flight', async () => {
      // A target that answers /idle and never answers /hang, and counts its open connections.
      const open = new Set<Socket>();
      const target = createServer((req, res) => {
        if (req.url === '/idle') res.end('ok');
      });
      target.on('connection', (socket: Socket) => {
        open.add(socket);
        socket.on('close', () => open.delete(socket));
      });
      target.keepAliveTimeout = 600_000; // only the proxy may close the idle connection
      await new Promise<void>((done) => target.listen(0, '127.0.0.1', done));
      const p = await startFaultProxy({
        target: `http://127.0.0.1:${(target.address() as AddressInfo).port}`,
      });
      try {
        // In this order the two use two connections: one stays busy, the other goes idle.
        const hanging = networkFailure(fetch(`${p.url}/hang`));
        await p.waitFor((e) => e.path === '/hang' && e.forwarded);
        expect(await (await fetch(`${p.url}/idle`)).text()).toBe('ok');
        expect(p.openHandles().upstream).toBe(1);
        expect(open.size).toBe(2);
        const allClosed = Promise.all(
          [...open].map((socket) => new Promise((done) => socket.once('close', done))),
        );
        await p.close();
        expect(RESET).toContain(await hanging);
        expect(p.log.map((e) => `${e.path} ${e.outcome}`)).toEqual([
          '/hang proxy-closed',
          '/idle answered',
        ]);
        // Settles only when the target has no connection left (the test times out otherwise).
        await allClosed;
        expect(open.size).toBe(0);
      } finally {
        await p.close();
        target.closeAllConnections();
        await new Promise<void>((done) => target.close(() => done()));
      }
    });

    it('waitFor rejects, naming what it saw, when nothing matches in time', async () => {
      await call('GET', '/api/account');
      await expect(proxy.waitFor((e) => e.fault === 'timeout', { timeoutMs: 50 })).rejects.toThrow(
        /#1 GET \/api\/account passthrough answered/,
      );
      expect(proxy.openHandles().waiters).toBe(0);
    });

    it('leaves nothing behind: a process that used every fault exits by itself', async () => {
      const child = spawn(
        process.execPath,
        ['--import', 'tsx', 'tests/support/fault-proxy-exit-check.ts'],
        { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] },
      );
      let out = '';
      let err = '';
      child.stdout.on('data', (c: Buffer) => (out += c.toString()));
      child.stderr.on('data', (c: Buffer) => (err += c.toString()));
      // If anything kept the event loop alive the child would never exit: kill it and fail.
      const watchdog = setTimeout(() => child.kill('SIGKILL'), 20_000);
      const [code, signal] = await new Promise<[number | null, NodeJS.Signals | null]>((done) =>
        child.on('exit', (c, sig) => done([c, sig])),
      );
      clearTimeout(watchdog);
      expect({ code, signal, err }).toEqual({ code: 0, signal: null, err: '' });
      const report = JSON.parse(out) as {
        seen: string[];
        ended: string[];
        handles: Record<string, unknown>;
      };
      expect(report.seen).toEqual(['ok', 'TypeError', 'TypeError', 'ok', 'ok']);
      expect(report.ended).toEqual(['TypeError', 'TypeError', 'TypeError', 'Error']);
      expect(report.handles).toEqual({
        listening: false,
        connections: 0,
        pending: 0,
        upstream: 0,
        timers: 0,
        waiters: 0,
      });
    });
  });
});
