import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Backend } from '../../electron/backend/backend.js';
import { createBackend } from '../../electron/backend/create-backend.js';
import { MemorySecretStore } from '../../electron/backend/secrets/index.js';
import type { ProfilesState, ProfileSummary, Result } from '../../electron/shared/contract.js';
import { startTestService, type TestService } from '../support/service.js';

/** Every payload that crosses the contract, both ways, as the shells would carry it. */
interface Crossing {
  direction: 'call' | 'answer' | 'event';
  text: string;
}

describe('backend wired with createBackend, against the real local service', () => {
  let dataDir: string;
  let backend: Backend;
  let remote: TestService;
  const crossings: Crossing[] = [];

  async function call<T>(channel: string, arg?: unknown): Promise<Result<T>> {
    crossings.push({ direction: 'call', text: JSON.stringify({ channel, arg }) ?? '' });
    const answer = (await backend.router.dispatch(channel, arg)) as Result<T>;
    crossings.push({ direction: 'answer', text: JSON.stringify(answer) });
    return answer;
  }
  async function value<T>(channel: string, arg?: unknown): Promise<T> {
    const r = await call<T>(channel, arg);
    if (!r.ok) throw new Error(`${channel}: ${r.error.code} ${r.error.message}`);
    return r.value;
  }

  beforeEach(async () => {
    crossings.length = 0;
    dataDir = mkdtempSync(join(tmpdir(), 'linkdeck-backend-'));
    remote = await startTestService({ rateLimit: 0 });
    backend = await createBackend({ dataDir, shell: 'web', secrets: new MemorySecretStore(), log: () => {} });
    backend.subscribe((event, payload) => crossings.push({ direction: 'event', text: JSON.stringify({ event, payload }) }));
  });
  afterEach(async () => {
    await backend.close();
    await remote.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('starts with no profile and says so in words when the service is asked for', async () => {
    const state = await value<ProfilesState>('profiles:list');
    expect(state).toMatchObject({ profiles: [], currentId: null, keychain: { kind: 'memory', persistent: false } });
    const r = await call('account:get');
    expect(r).toEqual({ ok: false, error: { code: 'invalid-input', message: expect.stringMatching(/local workspace or connect/), key: 'errors.noProfile' } });
  });

  it('opens the local workspace and serves the account and links through it', async () => {
    const local = await value<ProfileSummary>('profiles:use-local');
    expect(local).toMatchObject({ kind: 'local', name: 'Local workspace', needsKey: false });
    expect(await value('account:get')).toMatchObject({ email: 'you@localhost' });

    // A change is queued and shown as pending at once, then sent; the mirror takes the answer.
    const op = await value<{ opId: string; state: string; provisionalId: number }>('links:create', { url: 'https://example.com/a', custom: 'first-link' });
    expect(op.provisionalId).toBeLessThan(0);
    const pending = await value<{ items: Array<{ id: number; pending: string | null }> }>('links:list', { filters: { outbox: 'any' } });
    expect(pending.items.map((l) => l.id)).toContain(op.provisionalId);
    const saved = await value<{ id: number; shortUrl: string }>('outbox:wait', { opId: op.opId });
    expect(saved.shortUrl).toBe(`${local.baseUrl}/first-link`);
    const page = await value<{ items: Array<{ id: number; pending: string | null }>; total: number; source: string }>('links:list', { limit: 10 });
    expect(page).toMatchObject({ total: 1, source: 'mirror' });
    expect(page.items[0]).toMatchObject({ id: saved.id, pending: null });
    const budget = await value<{ profileId: string; limit: number }>('budget:state');
    expect(budget.profileId).toBe(local.id);
    // The workspace runs without a rate limit; the queue follows the service's headers.
    expect(budget.limit).toBeGreaterThan(30);
  });

  it('refuses a wrong key with a clear error, saves nothing, then connects with the right one', async () => {
    const wrong = await call('profiles:connect', { name: 'Team', baseUrl: remote.url, apiKey: 'not-the-key' });
    expect(wrong).toEqual({ ok: false, error: expect.objectContaining({ code: 'unauthorized', message: expect.any(String) }) });
    expect((await value<ProfilesState>('profiles:list')).profiles).toEqual([]);

    const team = await value<ProfileSummary>('profiles:connect', { name: 'Team', baseUrl: remote.url, apiKey: remote.key });
    expect(team).toMatchObject({ kind: 'remote', name: 'Team', baseUrl: remote.url, needsKey: false });
    expect(await value('account:get')).toMatchObject({ email: 'you@localhost' });
    const op = await value<{ opId: string }>('channels:create', { name: 'Spring' });
    await value('outbox:wait', { opId: op.opId });
    expect((await remote.api<{ data: { result: number } }>('GET', '/api/channels')).json.data.result).toBe(1);
  });

  it('switches and removes profiles, pushing profiles:changed', async () => {
    const local = await value<ProfileSummary>('profiles:use-local');
    const team = await value<ProfileSummary>('profiles:connect', { name: 'Team', baseUrl: remote.url, apiKey: remote.key });
    await value('profiles:switch', { id: local.id });
    expect((await value<ProfilesState>('profiles:list')).currentId).toBe(local.id);
    const after = await value<ProfilesState>('profiles:remove', { id: team.id });
    expect(after.profiles.map((p) => p.id)).toEqual([local.id]);
    expect(crossings.some((c) => c.direction === 'event' && c.text.includes('"profiles:changed"'))).toBe(true);
  });

  it('reports the service offline, in words, when it stops answering', async () => {
    await value<ProfileSummary>('profiles:connect', { name: 'Team', baseUrl: remote.url, apiKey: remote.key });
    expect(await value('connection:state')).toMatchObject({ online: true });
    await remote.close();

    // Reads come from the mirror and still work; a call that needs the service says offline.
    expect(await call('links:list', {})).toMatchObject({ ok: true });
    const r = await call('account:update', { email: 'new@example.com' });
    expect(r).toMatchObject({ ok: false, error: { code: 'offline', message: expect.any(String) } });
    const state = await value<{ online: boolean; reason?: string }>('connection:state');
    expect(state.online).toBe(false);
    expect(state.reason).toMatch(/\S/);
    expect(crossings.some((c) => c.direction === 'event' && c.text.includes('"connection:changed"') && c.text.includes('"online":false'))).toBe(true);
    remote = await startTestService({ rateLimit: 0 }); // afterEach closes it
  });

  it('takes a link out of its channel and clears its expiry with an update', async () => {
    await value<ProfileSummary>('profiles:connect', { name: 'Team', baseUrl: remote.url, apiKey: remote.key });
    const channelOp = await value<{ opId: string }>('channels:create', { name: 'Spring' });
    const channel = await value<{ id: number }>('outbox:wait', { opId: channelOp.opId });
    const linkOp = await value<{ opId: string }>('links:create', { url: 'https://example.com/c', channel: channel.id, expiry: '2099-01-01 00:00:00' });
    const link = await value<{ id: number }>('outbox:wait', { opId: linkOp.opId });
    const before = await remote.api<{ details: { channel: number | null; expiry: string | null } }>('GET', `/api/url/${link.id}`);
    expect(before.json.details).toMatchObject({ channel: channel.id, expiry: '2099-01-01 00:00:00' });

    const update = await value<{ opId: string }>('links:update', { id: link.id, input: { url: 'https://example.com/c', channel: null, expiry: '' } });
    await value('outbox:wait', { opId: update.opId });
    const after = await remote.api<{ details: { channel: number | null; expiry: string | null } }>('GET', `/api/url/${link.id}`);
    expect(after.json.details).toMatchObject({ channel: null, expiry: null });
  });

  it('validates arguments before any handler runs', async () => {
    expect(await call('links:get', { id: -1 })).toMatchObject({ ok: false, error: { code: 'invalid-input' } });
    expect(await call('links:create', { url: 'https://x.test', extra: 1 })).toMatchObject({ ok: false, error: { code: 'invalid-input' } });
    expect(await call('nope:nothing', {})).toMatchObject({ ok: false, error: { code: 'invalid-input', message: expect.stringMatching(/Unknown channel/) } });
    expect(await call('app:open-external', { url: 'javascript:alert(1)' })).toMatchObject({ ok: false, error: { code: 'invalid-input' } });
  });

  it('never lets a remote key cross the contract or reach a file it writes', async () => {
    await value('profiles:use-local');
    const team = await value<ProfileSummary>('profiles:connect', { name: 'Team', baseUrl: remote.url, apiKey: remote.key });
    await value('account:get');
    const op = await value<{ opId: string }>('links:create', { url: 'https://example.com/secret-check' });
    await value('outbox:wait', { opId: op.opId });
    await value('links:list', {});
    await call('profiles:connect', { name: 'Again', baseUrl: remote.url, apiKey: `${remote.key}x` });
    await value('profiles:rename', { id: team.id, name: 'Team B' });
    await value('budget:state');

    // The key goes in once, with profiles:connect; it never comes back out, in answers or events.
    const leaks = crossings.filter((c) => c.text.includes(remote.key) && !(c.direction === 'call' && c.text.includes('profiles:connect')));
    expect(leaks).toEqual([]);
    for (const file of filesUnder(dataDir)) {
      expect(readFileSync(file).includes(remote.key), file).toBe(false);
    }
  });
});

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true })
    .map((f) => join(dir, String(f)))
    .filter((f) => statSync(f).isFile());
}
