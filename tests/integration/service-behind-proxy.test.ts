import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, request, type IncomingHttpHeaders, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startService, type RunningService } from '../../electron/service/start.js';

/*
 * The service as issue 22 hosts it: --public-url and --trust-proxy behind a reverse proxy (a small
 * one here, as nginx or Caddy would forward: the visitor's address in X-Forwarded-For, the scheme
 * in X-Forwarded-Proto, the public Host kept). The proxy connects from 127.0.0.2 — the one address
 * trusted — and a client that skips it connects from 127.0.0.3 (Linux routes all of 127/8 to
 * loopback), so "from a trusted proxy" and "forged by anyone else" are two real peers.
 */

const PUBLIC = 'https://go.example.test';
const PROXY_PEER = process.platform === 'linux' ? '127.0.0.2' : '127.0.0.1';
const STRANGER = '127.0.0.3';
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

/** One HTTP request from a chosen local address (the peer the service sees). */
function send(port: number, from: string, path: string, headers: Record<string, string>, body?: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, method: body === undefined ? 'GET' : 'POST', localAddress: from, headers }, (res) => {
      let text = '';
      res.setEncoding('utf8').on('data', (c: string) => (text += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

// Peers other than 127.0.0.1 need Linux's whole 127/8 loopback (macOS and Windows have only 127.0.0.1).
const LINUX = process.platform === 'linux';
if (!LINUX) console.warn('service-behind-proxy: the forged-header test is skipped here: it needs local addresses 127.0.0.2 and 127.0.0.3 (Linux only).');

let dir: string;
let service: RunningService;
let port: number;
let proxy: Server;
let proxyPort: number;

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'linkdeck-proxy-'));
  service = await startService({ dataDir: dir, port: 0, rateLimit: 0, publicUrl: PUBLIC, trustProxy: [PROXY_PEER] });
  port = service.port;
  // The reverse proxy: what the visitor sent, plus the forwarding headers, from 127.0.0.2.
  proxy = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const visitor = String(req.headers['x-test-visitor'] ?? '198.51.100.1');
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(req.headers)) {
        if (typeof value === 'string' && !name.startsWith('x-forwarded-') && name !== 'x-test-visitor') headers[name] = value;
      }
      Object.assign(headers, { 'x-forwarded-for': visitor, 'x-forwarded-proto': 'https', 'x-forwarded-host': 'go.example.test', host: 'go.example.test' });
      const body = chunks.length ? Buffer.concat(chunks).toString() : undefined;
      send(port, PROXY_PEER, req.url ?? '/', headers, body).then(
        (answer) => {
          res.writeHead(answer.status, answer.headers);
          res.end(answer.body);
        },
        () => res.writeHead(502).end(),
      );
    });
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  proxyPort = (proxy.address() as { port: number }).port;
});

afterEach(async () => {
  await new Promise<void>((resolve) => proxy.close(() => resolve()));
  await service.close();
  rmSync(dir, { recursive: true, force: true });
});

const viaProxy = (path: string, headers: Record<string, string> = {}, body?: string) =>
  send(proxyPort, '127.0.0.1', path, { 'user-agent': BROWSER, ...headers }, body);
const api = (path: string, body?: unknown) =>
  viaProxy(path, { authorization: `Bearer ${service.firstApiKey}`, 'content-type': 'application/json' }, body === undefined ? undefined : JSON.stringify(body));

describe('the service behind a reverse proxy, with --public-url and --trust-proxy', () => {
  it('hands out short URLs on the public address and redirects requests that reach it through the proxy', async () => {
    const made = await api('/api/url/add', { url: 'https://example.com/behind-proxy', custom: 'behind' });
    expect(made.status).toBe(200);
    expect(JSON.parse(made.body)).toMatchObject({ error: 0, shorturl: `${PUBLIC}/behind` });
    const visit = await viaProxy('/behind');
    expect(visit.status).toBe(302);
    expect(visit.headers.location).toBe('https://example.com/behind-proxy');
  });

  it.skipIf(!LINUX)('counts visitors by the address the trusted proxy forwards, and ignores forwarding headers forged by any other peer', async () => {
    const made = JSON.parse((await api('/api/url/add', { url: 'https://example.com/visitors', custom: 'visitors' })).body) as { id: number };
    // Two visitors behind the proxy, and a stranger who connects directly and claims three more
    // (so each wrong rule gives another count: nobody trusted 2, the stranger trusted 4, both 5).
    expect((await viaProxy('/visitors', { 'x-test-visitor': '198.51.100.7' })).status).toBe(302);
    expect((await viaProxy('/visitors', { 'x-test-visitor': '198.51.100.8' })).status).toBe(302);
    for (const forged of ['203.0.113.9', '203.0.113.10', '203.0.113.11']) {
      const direct = await send(port, STRANGER, '/visitors', { 'user-agent': BROWSER, 'x-forwarded-for': forged, host: 'go.example.test' });
      expect(direct.status).toBe(302);
    }
    await service.flushClicks();
    const stats = JSON.parse((await api(`/api/url/${made.id}`)).body) as { data: { clicks: number; uniqueClicks: number } };
    // 5 clicks from 3 visitors: the two the proxy vouched for, and the stranger once (its peer address).
    expect(stats.data).toMatchObject({ clicks: 5, uniqueClicks: 3 });
  });
});
