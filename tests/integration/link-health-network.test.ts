import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Backend } from '../../electron/backend/backend.js';
import { createBackend } from '../../electron/backend/create-backend.js';
import { checkUrl } from '../../electron/backend/health/check-url.js';
import { createOutboundPolicy } from '../../electron/backend/net/outbound-address-policy.js';
import { createOutbound, type ResolvedAddress } from '../../electron/backend/net/outbound-request.js';
import { MemorySecretStore } from '../../electron/backend/secrets/index.js';
import type { ProfileSummary, Result } from '../../electron/shared/contract.js';
import type { HealthJob, HealthSettings, LinkHealth } from '../../electron/shared/health.js';
import { startTargetSite, type TargetSite } from '../support/target-sites.js';

/*
 * Link health must not be a way into the user's own network: a link (or a redirect) to an
 * address on this computer or its network is not requested unless the user turned on "Also
 * check links to addresses on my own network". Real HTTP servers on loopback count what reaches
 * them; "not requested" is asserted as zero requests seen by the server.
 */

const HINT = 'Links into your own network are checked only with “Also check links to addresses on my own network” on, in Settings.';

let site: TargetSite;
let other: TargetSite;

beforeAll(async () => {
  site = await startTargetSite();
  // A second loopback server on another address: the destination of a redirect into loopback.
  other = await startTargetSite({ host: '127.0.0.2' });
});
afterAll(async () => {
  await site.close();
  await other.close();
});

const check = (url: string, outbound = createOutbound({ policy: createOutboundPolicy() })) =>
  checkUrl(url, { timeoutMs: 5_000, maxRedirects: 10, outbound });

describe('a link into the user’s own network', () => {
  it('is not requested, in any spelling of the address, and says which rule stopped it', async () => {
    const port = new URL(site.url).port;
    const before = site.hits.length;
    // The default rules, as the app uses them with the setting off (checkUrl's own default too).
    const spellings: Array<[string, string]> = [
      [`http://127.0.0.1:${port}/no-head`, 'Not checked — private address (127.0.0.1 is loopback).'],
      [`http://0x7f000001:${port}/ok`, 'Not checked — private address (127.0.0.1 is loopback).'],
      [`http://2130706433:${port}/ok`, 'Not checked — private address (127.0.0.1 is loopback).'],
      [`http://127.1:${port}/ok`, 'Not checked — private address (127.0.0.1 is loopback).'],
      [`http://0177.0.0.1:${port}/ok`, 'Not checked — private address (127.0.0.1 is loopback).'],
      [`http://[::ffff:127.0.0.1]:${port}/ok`, 'Not checked — private address (::ffff:7f00:1 is loopback).'],
      [`http://localhost:${port}/ok`, 'Not checked — private address (localhost resolves to'],
    ];
    for (const [url, words] of spellings) {
      const result = await checkUrl(url, { timeoutMs: 5_000, maxRedirects: 10 });
      expect(result, url).toMatchObject({ state: 'not-checked', status: null, chain: [{ url, status: null }] });
      expect(result.problem, url).toContain(words);
      expect(result.problem, url).toContain(HINT);
    }
    expect(site.hits.length - before).toBe(0);
  });

  it('refuses addresses that are never a web page, even with the own network allowed', async () => {
    const intranet = createOutbound({ policy: createOutboundPolicy({ allowOwnNetwork: true }) });
    const port = new URL(site.url).port;
    const before = site.hits.length;
    const result = await check(`http://0.0.0.0:${port}/ok`, intranet);
    expect(result).toMatchObject({ state: 'not-checked', problem: 'Not checked — not an internet address (0.0.0.0 is unspecified).' });
    expect((await check('http://169.254.169.254/latest/meta-data/', intranet)).problem).toBe(
      'Not checked — cloud metadata service (169.254.169.254 is the cloud metadata service).',
    );
    expect((await check(`http://[::]:${port}/ok`, intranet)).state).toBe('not-checked');
    expect(site.hits.length - before).toBe(0);
  });

  it('is refused when a public-looking name resolves to loopback, and nothing is sent', async () => {
    const port = new URL(site.url).port;
    const asked: string[] = [];
    const resolve = async (hostname: string): Promise<ResolvedAddress[]> => {
      asked.push(hostname);
      if (hostname === 'shop.example.test') return [{ address: '127.0.0.1', family: 4 }];
      // A name with one public and one private address points into the network too.
      if (hostname === 'mixed.example.test') return [{ address: '93.184.215.14', family: 4 }, { address: '::1', family: 6 }];
      throw Object.assign(new Error(`unknown name ${hostname}`), { code: 'ENOTFOUND' });
    };
    const before = site.hits.length;
    const strict = createOutbound({ policy: createOutboundPolicy(), resolve });
    expect(await check(`http://shop.example.test:${port}/ok`, strict)).toMatchObject({
      state: 'not-checked',
      problem: `Not checked — private address (shop.example.test resolves to 127.0.0.1, loopback). ${HINT}`,
    });
    expect(await check(`http://mixed.example.test:${port}/ok`, strict)).toMatchObject({
      state: 'not-checked',
      problem: `Not checked — private address (mixed.example.test resolves to ::1, loopback). ${HINT}`,
    });
    expect(site.hits.length - before).toBe(0);
    expect(asked).toEqual(['shop.example.test', 'mixed.example.test']);
  });

  it('connects to the address it checked: one lookup per request, never a second one (DNS rebinding)', async () => {
    const port = new URL(site.url).port;
    let lookups = 0;
    // Answers 127.0.0.1 once, then what a rebinding attacker would switch to.
    const resolve = async (): Promise<ResolvedAddress[]> => (lookups++ === 0 ? [{ address: '127.0.0.1', family: 4 }] : [{ address: '10.0.0.1', family: 4 }]);
    // For this test the one loopback server is permitted, as if it were a public site.
    const outbound = createOutbound({ policy: createOutboundPolicy({ permit: ['127.0.0.1'] }), resolve });
    const before = site.hits.length;
    // shop.example.test exists in no DNS: reaching the server proves the connection used the
    // checked address rather than asking DNS again.
    expect(await check(`http://shop.example.test:${port}/ok`, outbound)).toMatchObject({ state: 'ok', status: 200 });
    expect(site.hits.slice(before).map((h) => `${h.method} ${h.path}`)).toEqual(['HEAD /ok']);
    expect(lookups).toBe(1);
  });

  it('is refused at the redirect hop that leads into it', async () => {
    // Honest note: the "allowed" first server lives on loopback too (tests have no public
    // server); the injected policy permits exactly its address, 127.0.0.1, and nothing else.
    // The redirect goes to 127.0.0.2, which the policy refuses as loopback like any other.
    const outbound = createOutbound({ policy: createOutboundPolicy({ permit: ['127.0.0.1'] }) });
    const beforeSite = site.hits.length;
    const beforeOther = other.hits.length;
    const target = `${other.url}/ok`;
    const start = `${site.url}/to?url=${encodeURIComponent(target)}`;
    const result = await check(start, outbound);
    expect(result).toMatchObject({
      state: 'not-checked',
      status: null,
      chain: [
        { url: start, status: 302 },
        { url: target, status: null },
      ],
      problem: `Not checked — redirects to a private address (127.0.0.2 is loopback). ${HINT}`,
    });
    expect(site.hits.length - beforeSite).toBe(1);
    expect(other.hits.length - beforeOther).toBe(0);

    // Every hop is checked again, however the redirect spells it. (Not `localhost` here: it
    // resolves to the one address this test permits.)
    const port = new URL(other.url).port;
    for (const to of [`http://[::1]:${port}/ok`, `http://0x7f000002:${port}/ok`, `http://2130706434:${port}/ok`, `http://127.0.0.2.:${port}/ok`]) {
      const hop = await check(`${site.url}/to?url=${encodeURIComponent(to)}`, outbound);
      expect(hop.state, to).toBe('not-checked');
      expect(hop.problem, to).toMatch(/^Not checked — redirects to a private address/);
    }
    expect(other.hits.length - beforeOther).toBe(0);
  });
});

describe('the outbound connector', () => {
  // Its own rules permit the test server's one address; the limits are what is tested here.
  const outbound = createOutbound({ policy: createOutboundPolicy({ permit: ['127.0.0.1'] }) });

  it('keeps at most maxBodyBytes of a body, and none unless asked', async () => {
    const cut = await outbound.request(`${site.url}/ok`, { method: 'GET', maxBodyBytes: 4 });
    expect(cut).toMatchObject({ status: 200, truncated: true, address: '127.0.0.1' });
    expect(cut.body.toString()).toBe('stat');
    const whole = await outbound.request(`${site.url}/ok`, { method: 'GET', maxBodyBytes: 1000 });
    expect(whole).toMatchObject({ truncated: false });
    expect(whole.body.toString()).toBe('status 200');
    expect((await outbound.request(`${site.url}/ok`, { method: 'GET' })).body.length).toBe(0);
  });

  it('ends a request that gets no answer within its time limit', async () => {
    const started = performance.now();
    await expect(outbound.request(`${site.url}/hang?limit`, { method: 'GET', timeoutMs: 200 })).rejects.toMatchObject({ name: 'TimeoutError' });
    expect(performance.now() - started).toBeLessThan(5_000);
  });

  it('stops waiting for a name that never resolves at the time limit', async () => {
    const stuck = createOutbound({ policy: createOutboundPolicy(), resolve: () => new Promise<ResolvedAddress[]>(() => {}) });
    await expect(stuck.request('http://slow-dns.example.test/', { method: 'HEAD', timeoutMs: 200 })).rejects.toMatchObject({ name: 'TimeoutError' });
    const result = await checkUrl('http://slow-dns.example.test/', { timeoutMs: 300, maxRedirects: 10, outbound: stuck });
    expect(result).toMatchObject({ state: 'broken', status: null, problem: 'No answer within 0.3 s.' });
  });

  it('refuses before connecting, with the rule in words', async () => {
    await expect(outbound.request(`${other.url}/ok`, { method: 'HEAD' })).rejects.toMatchObject({
      name: 'OutboundRefused',
      message: 'Not checked — private address (127.0.0.2 is loopback)',
      refusal: { address: '127.0.0.2', kind: 'loopback', rule: 'own-network' },
    });
  });
});

describe('the setting, through the backend', () => {
  let dataDir: string;
  let backend: Backend;

  async function value<T>(channel: string, arg?: unknown): Promise<T> {
    const r = (await backend.router.dispatch(channel, arg)) as Result<T>;
    if (!r.ok) throw new Error(`${channel}: ${r.error.code} ${r.error.message}`);
    return r.value;
  }

  const open = () => createBackend({ dataDir, shell: 'web', secrets: new MemorySecretStore(), log: () => {} });

  /** Runs a health job over these links and resolves with its finished state. */
  async function checkAll(ids: number[]): Promise<HealthJob> {
    const done = new Promise<HealthJob>((resolve) => {
      const off = backend.subscribe((event, payload) => {
        if (event === 'health:progress' && (payload as HealthJob).status === 'done') {
          off();
          resolve(payload as HealthJob);
        }
      });
    });
    await value<HealthJob>('health:check', { ids });
    return done;
  }

  beforeEach(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'linkdeck-health-network-'));
    backend = await open();
    await value<ProfileSummary>('profiles:use-local');
  });
  afterEach(async () => {
    await backend.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('is off by default: a link to a loopback server is not requested and the detail says why; turned on, it is checked', async () => {
    const url = `${site.url}/no-head?setting`;
    const op = await value<{ opId: string }>('links:create', { url, custom: 'intranet' });
    const { id } = await value<{ id: number }>('outbox:wait', { opId: op.opId });
    expect(await value<HealthSettings>('health:settings')).toEqual({ checkOwnNetwork: false });

    const before = site.hits.length;
    expect(await checkAll([id])).toMatchObject({ checked: 1, broken: 0, notChecked: 1 });
    expect(site.hits.length - before).toBe(0);
    expect(await value<LinkHealth>('health:get', { id })).toMatchObject({
      state: 'not-checked',
      status: null,
      problem: `Not checked — private address (127.0.0.1 is loopback). ${HINT}`,
    });
    // Not checked is still "unchecked" in the list's filter, and no Broken badge.
    const unchecked = await value<{ items: Array<{ id: number; health: unknown }> }>('links:list', { filters: { health: 'unchecked' } });
    expect(unchecked.items.map((l) => [l.id, l.health])).toEqual([[id, null]]);

    expect(await value<HealthSettings>('health:configure', { checkOwnNetwork: true })).toEqual({ checkOwnNetwork: true });
    expect(await checkAll([id])).toMatchObject({ checked: 1, broken: 0, notChecked: 0 });
    expect(site.hits.slice(before).map((h) => `${h.method} ${h.path}`)).toEqual(['HEAD /no-head?setting', 'GET /no-head?setting']);
    expect(await value<LinkHealth>('health:get', { id })).toMatchObject({ state: 'ok', status: 200, problem: null });
  });

  it('is kept with the app’s settings across a restart, and only true or false is accepted', async () => {
    await value('health:configure', { checkOwnNetwork: true });
    expect(JSON.parse(readFileSync(join(dataDir, 'health-settings.json'), 'utf8'))).toEqual({ version: 1, settings: { checkOwnNetwork: true } });
    await backend.close();
    backend = await open();
    expect(await value<HealthSettings>('health:settings')).toEqual({ checkOwnNetwork: true });

    const refused = await backend.router.dispatch('health:configure', { checkOwnNetwork: 'yes' });
    expect(refused).toMatchObject({ ok: false, error: { code: 'invalid-input' } });
    expect(await backend.router.dispatch('health:configure', { checkOwnNetwork: false, extra: 1 })).toMatchObject({ ok: false, error: { code: 'invalid-input' } });
    expect(await value<HealthSettings>('health:settings')).toEqual({ checkOwnNetwork: true });
  });

  it('reads a damaged settings file as the safe default (off), and moves it aside rather than overwrite it', async () => {
    await backend.close();
    writeFileSync(join(dataDir, 'health-settings.json'), '{"version":1,"settings":{"checkOwnNetwork":"yes"}}');
    const logged: string[] = [];
    backend = await createBackend({ dataDir, shell: 'web', secrets: new MemorySecretStore(), log: (m) => logged.push(m) });
    expect(await value<HealthSettings>('health:settings')).toEqual({ checkOwnNetwork: false });
    expect(readdirSync(dataDir).filter((f) => f.startsWith('health-settings.json'))).toEqual([expect.stringMatching(/^health-settings\.json\.unreadable-\d+$/)]);
    expect(logged.join('\n')).toMatch(/health-settings\.json was not used: checkOwnNetwork is not true or false\. It was moved to/);
  });
});
