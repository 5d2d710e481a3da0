import { mkdtempSync, rmSync } from 'node:fs';
import { createServer as createHttpServer, type Server as HttpServer } from 'node:http';
import { createServer as createHttpsServer, type Server as HttpsServer } from 'node:https';
import { createServer, type AddressInfo, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Backend } from '../../electron/backend/backend.js';
import { createBackend } from '../../electron/backend/create-backend.js';
import { createOutboundPolicy } from '../../electron/backend/net/outbound-address-policy.js';
import { createOutbound } from '../../electron/backend/net/outbound-request.js';
import { MemorySecretStore } from '../../electron/backend/secrets/index.js';
import type { ProfilesState, ProfileSummary, Result } from '../../electron/shared/contract.js';
import type { PublicAddressCheck } from '../../electron/shared/local-reach.js';
import { selfSignedCert } from '../support/self-signed-cert.js';
import { startTestService, type TestService } from '../support/service.js';

/**
 * The local workspace's public address against the real embedded service: the one-time token
 * fetched through the address, the restart with the new base, the mirror's short URLs moved in
 * place, and the stable port. Names are resolved by the test's connector (go.example.test is
 * this computer, as a port forward would make it); everything else is real HTTP and SQLite.
 */
const NAMES: Record<string, string> = { 'go.example.test': '127.0.0.1', 'other.example.test': '127.0.0.1' };
const outbound = createOutbound({
  policy: createOutboundPolicy({ permit: ['127.0.0.1'] }),
  resolve: async (name) => {
    const address = NAMES[name];
    if (!address) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${name}`), { code: 'ENOTFOUND' });
    return [{ address, family: 4 }];
  },
});

const tls = selfSignedCert(['DNS:go.example.test']);
if ('skip' in tls) console.warn(`[workspace-public-address] the TLS failure test is skipped: ${tls.skip}`);
const listen = (server: HttpServer | HttpsServer): Promise<number> =>
  new Promise((done) => server.listen(0, '127.0.0.1', () => done((server.address() as AddressInfo).port)));

describe('local workspace: public address and stable port', () => {
  let dataDir: string;
  let backend: Backend | null = null;
  let other: TestService | null = null;
  let blocker: Server | null = null;

  const open = async () => {
    backend = await createBackend({ dataDir, shell: 'web', secrets: new MemorySecretStore(), log: () => {}, publicAddress: { outbound, timeoutMs: 5_000 } });
    return backend;
  };
  async function call<T>(channel: string, arg?: unknown): Promise<Result<T>> {
    return (await backend!.router.dispatch(channel, arg)) as Result<T>;
  }
  async function value<T>(channel: string, arg?: unknown): Promise<T> {
    const r = await call<T>(channel, arg);
    if (!r.ok) throw new Error(`${channel}: ${r.error.code} ${r.error.message}`);
    return r.value;
  }
  const portOf = (url: string) => Number(new URL(url).port);
  const createLink = async (custom: string) => {
    const op = await value<{ opId: string }>('links:create', { url: `https://example.com/${custom}`, custom });
    return value<{ id: number; shortUrl: string }>('outbox:wait', { opId: op.opId });
  };
  const mirroredShortUrls = async () => (await value<{ items: Array<{ shortUrl: string }> }>('links:list', { limit: 50 })).items.map((l) => l.shortUrl).sort();

  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'linkdeck-workspace-'));
  });
  afterEach(async () => {
    await backend?.close();
    backend = null;
    await other?.close();
    other = null;
    await new Promise<void>((done) => (blocker ? blocker.close(() => done()) : done()));
    blocker = null;
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('verifies the address through itself, restarts with it and moves the mirror, then goes back to loopback', async () => {
    await open();
    const local = await value<ProfileSummary>('profiles:use-local');
    const port = portOf(local.baseUrl);
    await createLink('before');
    expect(await mirroredShortUrls()).toEqual([`${local.baseUrl}/before`]);

    const address = `http://go.example.test:${port}`;
    expect(await value<PublicAddressCheck>('profiles:check-public-url', { address })).toEqual({ verified: true, problem: null });
    // A token answers once: fetched again, the path is unknown.
    const saved = await value<{ profile: ProfileSummary; check: PublicAddressCheck }>('profiles:set-public-url', { address: `${address}/` });
    expect(saved.check.verified).toBe(true);
    expect(saved.profile).toMatchObject({ publicUrl: address, publicUrlVerified: true, baseUrl: local.baseUrl });

    // The mirror followed in place; the restarted service makes new links on the address.
    expect(await mirroredShortUrls()).toEqual([`${address}/before`]);
    expect((await createLink('after')).shortUrl).toBe(`${address}/after`);
    // The redirect still works through the address.
    const hop = await fetch(`${local.baseUrl}/after`, { redirect: 'manual' });
    expect(hop.status).toBeGreaterThanOrEqual(300);

    const back = await value<{ profile: ProfileSummary; check: null }>('profiles:set-public-url', { address: null });
    expect(back.check).toBeNull();
    expect(back.profile.publicUrl).toBeUndefined();
    expect(await mirroredShortUrls()).toEqual([`${local.baseUrl}/after`, `${local.baseUrl}/before`]);
  });

  it('says in words what failed, and still saves the address marked not verified', async () => {
    await open();
    const local = await value<ProfileSummary>('profiles:use-local');
    other = await startTestService({ rateLimit: 0 });

    const someoneElse = await value<PublicAddressCheck>('profiles:check-public-url', { address: `http://other.example.test:${portOf(other.url)}` });
    expect(someoneElse).toEqual({
      verified: false,
      problem: expect.stringMatching(/answered \(HTTP 404\), but not as this workspace/),
      problemRef: { key: 'validation.addressCheck.otherServer', params: expect.objectContaining({ status: '404' }) },
    });
    const dns = await value<PublicAddressCheck>('profiles:check-public-url', { address: 'https://nowhere.example.test' });
    expect(dns.problem).toMatch(/nowhere\.example\.test was not found \(DNS\)/);

    const saved = await value<{ profile: ProfileSummary; check: PublicAddressCheck }>('profiles:set-public-url', { address: `http://other.example.test:${portOf(other.url)}` });
    expect(saved.check.verified).toBe(false);
    expect(saved.profile).toMatchObject({ publicUrl: `http://other.example.test:${portOf(other.url)}`, publicUrlVerified: false });
    // Kept across a restart of the app.
    await backend!.close();
    await open();
    const state = await value<ProfilesState>('profiles:list');
    expect(state.profiles[0]).toMatchObject({ publicUrl: `http://other.example.test:${portOf(other.url)}`, publicUrlVerified: false, baseUrl: local.baseUrl });
  });

  describe.skipIf('skip' in tls)('TLS and proxy failures, caused for real on loopback', () => {
    let https: HttpsServer | null = null;
    let proxy: HttpServer | null = null;
    afterEach(async () => {
      for (const server of [https, proxy]) await new Promise<void>((done) => (server ? server.close(() => done()) : done()));
      https = proxy = null;
    });

    it('names what happened: a self-signed certificate, https spoken to a plain-http port, a proxy that cannot reach the workspace', async () => {
      await open();
      const local = await value<ProfileSummary>('profiles:use-local');
      const { key, cert } = tls as { key: string; cert: string };
      https = createHttpsServer({ key, cert }, (_req, res) => res.end('hello'));
      const httpsPort = await listen(https);
      const selfSigned = await value<PublicAddressCheck>('profiles:check-public-url', { address: `https://go.example.test:${httpsPort}` });
      expect(selfSigned.problem).toMatch(/go\.example\.test:\d+ presents a self-signed certificate \(TLS: DEPTH_ZERO_SELF_SIGNED_CERT\)/);
      expect(selfSigned.problem).not.toMatch(/missing, expired|another name/);

      // The workspace itself speaks plain http: an https address on its port gets EPROTO.
      const plain = await value<PublicAddressCheck>('profiles:check-public-url', { address: `https://go.example.test:${portOf(local.baseUrl)}` });
      expect(plain.problem).toMatch(/answered the secure \(https\) request in plain http \(TLS: EPROTO\).*Use http:\/\//);
      expect(plain.problem).not.toMatch(/missing, expired|another name/);

      // The person's own proxy answers, but its upstream is wrong (as nginx does: an HTML 502 page).
      for (const status of [502, 503, 504]) {
        proxy = createHttpServer((_req, res) => res.writeHead(status, { 'content-type': 'text/html' }).end(`<html><body><h1>${status}</h1><hr>nginx</body></html>`));
        const proxyPort = await listen(proxy);
        const failed = await value<PublicAddressCheck>('profiles:check-public-url', { address: `http://go.example.test:${proxyPort}` });
        expect(failed).toEqual({
          verified: false,
          problem: expect.stringContaining(`HTTP ${status} from your proxy: your proxy cannot reach the workspace at 127.0.0.1:${portOf(local.baseUrl)}`),
          problemRef: expect.objectContaining({ key: 'validation.addressCheck.proxyCannotReachPort' }),
        });
        await new Promise<void>((done) => proxy!.close(() => done()));
        proxy = null;
      }
    });
  });

  it('counts visitors behind the person\'s own proxy once told to trust it, and says so in the log', async () => {
    const lines: string[] = [];
    backend = await createBackend({ dataDir, shell: 'web', secrets: new MemorySecretStore(), log: (line) => lines.push(line), publicAddress: { outbound, timeoutMs: 5_000 } });
    const local = await value<ProfileSummary>('profiles:use-local');
    const link = await createLink('proxied');
    // A proxy on this computer: its requests come from 127.0.0.1 and name the visitor in X-Forwarded-For.
    const visit = (visitor: string) => fetch(`${local.baseUrl}/proxied`, { redirect: 'manual', headers: { 'X-Forwarded-For': visitor } }).then((r) => r.status);
    const stats = async () => (await value<{ details: { stats: { clicks: number; uniqueClicks: number } | null } | null }>('links:get', { id: link.id, force: true })).details?.stats;
    const address = `http://go.example.test:${portOf(local.baseUrl)}`;

    await value('profiles:set-public-url', { address });
    for (const visitor of ['203.0.113.1', '203.0.113.2', '203.0.113.3']) expect(await visit(visitor)).toBeGreaterThanOrEqual(300);
    // Untrusted, every visitor is the proxy: three clicks, one visitor.
    await expect.poll(stats, { timeout: 10_000 }).toMatchObject({ clicks: 3, uniqueClicks: 1 });

    const saved = await value<{ profile: ProfileSummary }>('profiles:set-public-url', { address, trustProxy: true });
    expect(saved.profile).toMatchObject({ publicUrl: address, publicUrlVerified: true, trustLocalProxy: true });
    for (const visitor of ['198.51.100.1', '198.51.100.2', '198.51.100.3']) expect(await visit(visitor)).toBeGreaterThanOrEqual(300);
    await expect.poll(stats, { timeout: 10_000 }).toMatchObject({ clicks: 6, uniqueClicks: 4 });
    expect(lines.at(-1)).toMatch(/runs at http:\/\/127\.0\.0\.1:\d+; its short links use the public address .*\(verified\); visitors are counted by the X-Forwarded-For/);

    // Kept across a restart of the app; removing the address turns it off.
    await backend.close();
    backend = await createBackend({ dataDir, shell: 'web', secrets: new MemorySecretStore(), log: (line) => lines.push(line), publicAddress: { outbound, timeoutMs: 5_000 } });
    expect((await value<ProfilesState>('profiles:list')).profiles[0]).toMatchObject({ trustLocalProxy: true });
    const removed = await value<{ profile: ProfileSummary }>('profiles:set-public-url', { address: null });
    expect(removed.profile.trustLocalProxy).toBeUndefined();
  });

  it('does not say the workspace runs at an unverified public address', async () => {
    const lines: string[] = [];
    backend = await createBackend({ dataDir, shell: 'web', secrets: new MemorySecretStore(), log: (line) => lines.push(line), publicAddress: { outbound, timeoutMs: 5_000 } });
    await value<ProfileSummary>('profiles:use-local');
    await value('profiles:set-public-url', { address: 'https://nowhere.example.test' });
    const started = lines.filter((line) => line.includes('The local workspace runs at'));
    expect(started.at(-1)).toMatch(/runs at http:\/\/127\.0\.0\.1:\d+; its short links use the public address https:\/\/nowhere\.example\.test \(not verified/);
    expect(lines.join('\n')).not.toMatch(/runs at https:\/\/nowhere/);
  });

  it('refuses addresses that are not one, next to the field, and keeps the saved one', async () => {
    await open();
    const local = await value<ProfileSummary>('profiles:use-local');
    const good = `http://go.example.test:${portOf(local.baseUrl)}`;
    await value('profiles:set-public-url', { address: good });
    for (const [address, words, key] of [
      ['ftp://go.example.com', /Only http:\/\/ and https:\/\//, 'validation.profile.onlyHttp'],
      ['https://go.example.com/links', /Remove the path/, 'validation.publicAddress.noPath'],
      ['https://go.example.com/?a=1', /Remove the part after \?/, 'validation.publicAddress.noQuery'],
      ['https://me:pw@go.example.com', /user name and password/, 'validation.publicAddress.noUser'],
      ['http://127.0.0.1:4000', /is this computer/, 'validation.publicAddress.loopback'],
      ['http://localhost', /is this computer/, 'validation.publicAddress.loopback'],
    ] as const) {
      const r = await call('profiles:set-public-url', { address });
      // The English words for logs, and the key the window says in the person's language (issue 44).
      expect(r).toEqual({ ok: false, error: expect.objectContaining({ code: 'invalid-input', message: expect.stringMatching(words), key, details: { field: 'address' } }) });
    }
    expect((await value<ProfilesState>('profiles:list')).profiles[0]?.publicUrl).toBe(good);
  });

  it('keeps its port across restarts; a taken port is said and waits for the choice', async () => {
    await open();
    const first = await value<ProfileSummary>('profiles:use-local');
    await backend!.close();
    await open();
    expect((await value<ProfilesState>('profiles:list')).profiles[0]?.baseUrl).toBe(first.baseUrl);
    await backend!.close();

    const port = portOf(first.baseUrl);
    // Another program on the port: it must never be sent the workspace's key.
    const heard: string[] = [];
    blocker = createServer((socket) => socket.on('data', (chunk) => heard.push(chunk.toString('latin1'))));
    await new Promise<void>((done) => blocker!.listen(port, '127.0.0.1', done));
    await open();
    const state = await value<ProfilesState>('profiles:list');
    expect(state.localPortTaken).toBe(port);
    expect(state.profiles[0]?.baseUrl).toBe(first.baseUrl);
    const asked = await call('account:get');
    expect(asked).toMatchObject({ ok: false, error: { code: 'offline', message: expect.stringContaining(`port ${port} of this computer is taken`) } });
    expect(heard.join('')).not.toMatch(/Bearer|Authorization/i);
    // Nothing failed yet, but the top bar must not say Online for a workspace that is not running.
    expect(await value('connection:state')).toEqual({
      profileId: first.id,
      online: false,
      reason: expect.stringContaining(`port ${port} of this computer is taken`),
      // The same words as a message, said in the person's language in the window.
      reasonRef: { key: 'errors.localPortTaken', params: { port: String(port) } },
    });
    const again = await call('profiles:restart-local', { move: false });
    expect(again).toMatchObject({ ok: false, error: { message: expect.stringMatching(new RegExp(`Port ${port} .* taken .*free it .* move`)), details: { reason: 'port-taken', port } } });

    await new Promise<void>((done) => blocker!.close(() => done()));
    blocker = null;
    const pushed: unknown[] = [];
    const stop = backend!.subscribe((event, payload) => event === 'connection:changed' && pushed.push(payload));
    const retried = await value<ProfileSummary>('profiles:restart-local', { move: false });
    stop();
    // The top bar hears it is back (the port is the same, so no profile changed to say so).
    expect(pushed).toContainEqual({ profileId: first.id, online: true });
    expect(retried.baseUrl).toBe(first.baseUrl);
    expect((await value<ProfilesState>('profiles:list')).localPortTaken).toBeUndefined();
    expect(await value('connection:state')).toMatchObject({ profileId: first.id, online: true });
  });

  it('moves to a free port when the user chooses to', async () => {
    await open();
    const first = await value<ProfileSummary>('profiles:use-local');
    await backend!.close();
    blocker = createServer();
    await new Promise<void>((done) => blocker!.listen(portOf(first.baseUrl), '127.0.0.1', done));
    await open();
    const moved = await value<ProfileSummary>('profiles:restart-local', { move: true });
    expect(portOf(moved.baseUrl)).not.toBe(portOf(first.baseUrl));
    expect(await value('account:get')).toMatchObject({ email: 'you@localhost' });
  });
});
