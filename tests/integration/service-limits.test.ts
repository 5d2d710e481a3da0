import { mkdtempSync, rmSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startWorkspaceService } from '../../electron/service/start.js';
import { startTestService, type TestService } from '../support/service.js';

/*
 * The service under slow or hostile clients, over real sockets: connection time limits and the
 * connection cap (short limits set by options; every wait ends on the socket's 'close', the
 * test's timeout being the failure bound), and the limits per client address.
 */

const services: TestService[] = [];
afterEach(async () => {
  for (const s of services.splice(0)) await s.close();
});
async function start(options: Parameters<typeof startTestService>[0]): Promise<TestService> {
  const s = await startTestService(options);
  services.push(s);
  return s;
}

interface RawConnection {
  socket: Socket;
  /** Everything received so far. */
  received(): string;
  /** Resolves when the connection is closed (by either side), with all that was received. */
  closed: Promise<string>;
  /** Resolves once `text` has been received. */
  waitFor(text: string): Promise<void>;
}

function rawConnection(port: number): Promise<RawConnection> {
  return new Promise((resolveConnected, reject) => {
    const socket = connect(port, '127.0.0.1');
    let data = '';
    const waiters = new Set<() => void>();
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => {
      data += chunk;
      for (const wake of waiters) wake();
    });
    // A refused or reset connection ends in 'close' too.
    socket.on('error', () => undefined);
    const closed = new Promise<string>((done) => socket.on('close', () => done(data)));
    socket.once('connect', () =>
      resolveConnected({
        socket,
        received: () => data,
        closed,
        waitFor: (text) =>
          new Promise<void>((done, fail) => {
            const check = () => {
              if (!data.includes(text)) return;
              waiters.delete(check);
              done();
            };
            waiters.add(check);
            check();
            void closed.then(() => waiters.has(check) && fail(new Error(`closed before "${text}" came; got ${JSON.stringify(data)}`)));
          }),
      }),
    );
    socket.once('error', reject);
  });
}

const port = (s: TestService) => s.service.port;

describe('connection time limits', () => {
  const timeouts = { requestMs: 1000, headersMs: 500, keepAliveMs: 500 };

  it('closes a connection whose body never ends, after answering 408', async () => {
    const s = await start({ timeouts });
    const c = await rawConnection(port(s));
    c.socket.write(`POST /api/url/add HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${s.key}\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"url": "https:`);
    const received = await c.closed;
    expect(received).toMatch(/^HTTP\/1\.1 408 /);
    expect(received).toContain('The request took too long to arrive.');
  });

  it('closes a connection whose headers never end', async () => {
    const s = await start({ timeouts });
    const c = await rawConnection(port(s));
    c.socket.write('GET /api/account HTTP/1.1\r\nHost: x\r\nX-Slow: ');
    expect(await c.closed).toMatch(/^HTTP\/1\.1 408 /);
  });

  it('closes an idle kept-alive connection after the keep-alive timeout', async () => {
    const s = await start({ timeouts });
    const c = await rawConnection(port(s));
    c.socket.write(`GET /api/account HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${s.key}\r\n\r\n`);
    await c.waitFor('"error":0');
    // Kept alive, and closed by the server with nothing more sent by either side.
    const received = await c.closed;
    expect(received.match(/HTTP\/1\.1 /g)).toHaveLength(1);
    expect(received).toMatch(/^HTTP\/1\.1 200 /);
    expect(received.toLowerCase()).toContain('keep-alive');
  });

  it('refuses a connection over the cap, and serves again once one has left', async () => {
    const s = await start({ maxConnections: 2 });
    const open = [await rawConnection(port(s)), await rawConnection(port(s))];
    // Both are counted once each has been answered.
    for (const c of open) {
      c.socket.write(`GET /api/account HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${s.key}\r\n\r\n`);
      await c.waitFor('"error":0');
    }
    const third = await rawConnection(port(s));
    third.socket.write(`GET /api/account HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${s.key}\r\n\r\n`);
    expect(await third.closed).toBe('');

    const first = open[0] as RawConnection;
    first.socket.end();
    await first.closed;
    const fourth = await rawConnection(port(s));
    fourth.socket.write(`GET /api/account HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${s.key}\r\nConnection: close\r\n\r\n`);
    expect(await fourth.closed).toMatch(/^HTTP\/1\.1 200 /);
    (open[1] as RawConnection).socket.destroy();
  });
});

describe('limits per client address', () => {
  it('answers 429 with Retry-After once an address has sent too many missing or wrong keys; a valid key still works', async () => {
    let now = 1_000_000;
    const s = await start({ now: () => now, addressLimits: { badKeysPerMinute: 3, limitLoopback: true } });
    const statuses: number[] = [];
    for (const key of ['wrong-1', null, 'wrong-2']) statuses.push((await s.api('GET', '/api/account', undefined, { key })).status);
    expect(statuses).toEqual([401, 401, 401]);

    const refused = await s.api('GET', '/api/account', undefined, { key: 'wrong-3' });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('60');
    expect(refused.json).toEqual({ error: 429, message: expect.stringMatching(/missing or wrong API key.*at most 3 a minute/), 'Retry-After': 60 });
    expect((await s.api('GET', '/api/account', undefined, { key: null })).status).toBe(429);
    expect((await s.api('GET', '/api/account')).status).toBe(200);

    now += 60_000;
    expect((await s.api('GET', '/api/account', undefined, { key: 'wrong-4' })).status).toBe(401);
  });

  it('counts loopback clients like any other address: behind a proxy on the same host without --trust-proxy the limits still hold', async () => {
    const s = await start({ addressLimits: { badKeysPerMinute: 1 } });
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await s.api('GET', '/api/account', undefined, { key: `wrong-${i}` })).status);
    expect(statuses).toEqual([401, 429, 429]);
  });

  it("exempts loopback only in the app's own workspace (its own client on this computer)", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'linkdeck-workspace-'));
    const workspace = await startWorkspaceService({ dataDir, port: 0, addressLimits: { badKeysPerMinute: 1 } });
    try {
      for (let i = 0; i < 3; i++) {
        const res = await fetch(`${workspace.url}/api/account`, { headers: { Authorization: `Bearer wrong-${i}` } });
        expect(res.status).toBe(401);
      }
    } finally {
      await workspace.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('answers a flood of short-link requests with a 429 page and Retry-After; the API is not counted', async () => {
    const s = await start({ addressLimits: { pagesPerMinute: 3, limitLoopback: true } });
    const created = await s.api<{ shorturl: string }>('POST', '/api/url/add', { url: 'https://example.com/flood', custom: 'flood' });
    expect(created.status).toBe(200);
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await fetch(`${s.url}/flood`, { redirect: 'manual' })).status);
    expect(statuses).toEqual([302, 302, 302, 429]);
    const page = await fetch(`${s.url}/flood`, { redirect: 'manual' });
    expect(page.status).toBe(429);
    expect(Number(page.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
    expect(await page.text()).toMatch(/Too many requests from your address: at most 3 a minute/);
    expect((await s.api('GET', '/api/account')).status).toBe(200);
  });

  it('answers a flood of password-form posts with 429, separately from page requests', async () => {
    const s = await start({ addressLimits: { passwordPostsPerMinute: 2, limitLoopback: true } });
    const created = await s.api('POST', '/api/url/add', { url: 'https://example.com/secret', custom: 'locked', password: 'right-password' });
    expect(created.status).toBe(200);
    const post = () =>
      fetch(`${s.url}/locked`, { method: 'POST', redirect: 'manual', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: 'password=right-password' });
    expect((await post()).status).toBe(302);
    expect((await post()).status).toBe(302);
    const refused = await post();
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await refused.text()).toMatch(/Too many password attempts from your address/);
    // The form itself is a page request, counted apart: still shown.
    expect((await fetch(`${s.url}/locked`, { redirect: 'manual' })).status).toBe(200);
  });

  it('answers the per-key limit with {"error": 429, "Retry-After"} in the body, and X-RateLimit-Remaining never below 0', async () => {
    const s = await start({ rateLimit: 2 });
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push(await s.api('GET', '/api/account'));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 429, 429]);
    expect(answers.map((a) => a.headers.get('x-ratelimit-remaining'))).toEqual(['1', '0', '0', '0']);
    const refused = answers[3] as (typeof answers)[number];
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(refused.json).toEqual({ error: 429, message: expect.stringContaining('the limit is 2 a minute'), 'Retry-After': retryAfter });
  });
});

describe('the links search', () => {
  it('refuses a NUL or another control character in q with 400, instead of matching every link', async () => {
    const s = await start({});
    await s.api('POST', '/api/url/add', { url: 'https://example.com/a' });
    for (const q of ['%00', 'a%00', 'a%0Ab', '%1B[31m', '%7F']) {
      const answer = await s.api('GET', `/api/urls?q=${q}`);
      expect(answer.status, q).toBe(400);
      expect(answer.json, q).toEqual({ error: 1, message: expect.stringContaining('"q" contains a control character') });
    }
    expect((await s.api<{ data: { urls: unknown[] } }>('GET', '/api/urls?q=example')).json.data.urls).toHaveLength(1);
  });
});
