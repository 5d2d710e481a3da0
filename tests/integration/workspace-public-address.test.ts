import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
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

describe('local workspace: public address and stable port', () => {
  let dataDir: string;
  let backend: Backend | null = null;
  let other: TestService | null = null;
  let blocker: Server | null = null;

  let logged: string[] = [];
  const open = async () => {
    backend = await createBackend({ dataDir, shell: 'web', secrets: new MemorySecretStore(), log: (m) => logged.push(m), publicAddress: { outbound, timeoutMs: 5_000 } });
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
    expect(someoneElse).toEqual({ verified: false, problem: expect.stringMatching(/answered \(HTTP 404\), but not as this workspace/) });
    const dns = await value<PublicAddressCheck>('profiles:check-public-url', { address: 'https://nowhere.example.test' });
    expect(dns.problem).toMatch(/nowhere\.example\.test was not found \(DNS\)/);
    const tls = await value<PublicAddressCheck>('profiles:check-public-url', { address: `https://go.example.test:${portOf(local.baseUrl)}` });
    // https spoken to the workspace's plain-http port: said as such, not as a certificate problem.
    expect(tls.problem).toMatch(/secure connection to go\.example\.test:\d+ failed \(TLS: [A-Z_]+\): https was spoken to a port that answers plain http\./);

    const saved = await value<{ profile: ProfileSummary; check: PublicAddressCheck }>('profiles:set-public-url', { address: `http://other.example.test:${portOf(other.url)}` });
    expect(saved.check.verified).toBe(false);
    expect(saved.profile).toMatchObject({ publicUrl: `http://other.example.test:${portOf(other.url)}`, publicUrlVerified: false });
    // Kept across a restart of the app.
    await backend!.close();
    logged = [];
    await open();
    const state = await value<ProfilesState>('profiles:list');
    expect(state.profiles[0]).toMatchObject({ publicUrl: `http://other.example.test:${portOf(other.url)}`, publicUrlVerified: false, baseUrl: local.baseUrl });
    // The log says where the workspace listens; it does not claim it runs at the unverified address.
    const started = logged.filter((m) => /local workspace (runs|listens) at/.test(m));
    expect(started).toEqual([
      `The local workspace listens at http://127.0.0.1:${portOf(local.baseUrl)}; its short links carry the public address set for it, http://other.example.test:${portOf(other.url)}.`,
    ]);
  });

  it('refuses addresses that are not one, next to the field, and keeps the saved one', async () => {
    await open();
    const local = await value<ProfileSummary>('profiles:use-local');
    const good = `http://go.example.test:${portOf(local.baseUrl)}`;
    await value('profiles:set-public-url', { address: good });
    for (const [address, words] of [
      ['ftp://go.example.com', /Only http:\/\/ and https:\/\//],
      ['https://go.example.com/links', /Remove the path/],
      ['https://go.example.com/?a=1', /Remove the part after \?/],
      ['https://me:pw@go.example.com', /user name and password/],
      ['http://127.0.0.1:4000', /is this computer/],
      ['http://localhost', /is this computer/],
    ] as const) {
      const r = await call('profiles:set-public-url', { address });
      expect(r).toEqual({ ok: false, error: { code: 'invalid-input', message: expect.stringMatching(words), details: { field: 'address' } } });
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
    blocker = createServer();
    await new Promise<void>((done) => blocker!.listen(port, '127.0.0.1', done));
    await open();
    const state = await value<ProfilesState>('profiles:list');
    expect(state.localPortTaken).toBe(port);
    expect(state.profiles[0]?.baseUrl).toBe(first.baseUrl);
    const again = await call('profiles:restart-local', { move: false });
    expect(again).toMatchObject({ ok: false, error: { message: expect.stringMatching(new RegExp(`Port ${port} .* taken .*free it .* move`)), details: { reason: 'port-taken', port } } });

    await new Promise<void>((done) => blocker!.close(() => done()));
    blocker = null;
    const retried = await value<ProfileSummary>('profiles:restart-local', { move: false });
    expect(retried.baseUrl).toBe(first.baseUrl);
    expect((await value<ProfilesState>('profiles:list')).localPortTaken).toBeUndefined();
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
