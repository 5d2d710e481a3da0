import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Backend } from '../../electron/backend/backend.js';
import { createBackend } from '../../electron/backend/create-backend.js';
import { MemorySecretStore } from '../../electron/backend/secrets/index.js';
import type { ProfileSummary, Result } from '../../electron/shared/contract.js';
import type { ExportFile } from '../../electron/shared/exports.js';
import type { HealthJob, LinkHealth } from '../../electron/shared/health.js';
import type { MirrorLinkPage } from '../../electron/shared/models.js';
import { readCsv } from '../support/csv-read.js';
import { startTestService, type TestService } from '../support/service.js';
import { startTargetSite, type TargetSite } from '../support/target-sites.js';

/*
 * The export and health channels as the shells call them (router → handlers → the current
 * profile's mirror): a job's progress pushed as events, results in the list and its filter, the
 * export of what the list shows, and a profile switch stopping a running job.
 */

let dataDir: string;
let backend: Backend;
let site: TargetSite;
let remote: TestService;
const events: Array<{ event: string; payload: unknown }> = [];

async function value<T>(channel: string, arg?: unknown): Promise<T> {
  const r = (await backend.router.dispatch(channel, arg)) as Result<T>;
  if (!r.ok) throw new Error(`${channel}: ${r.error.code} ${r.error.message}`);
  return r.value;
}

/** Resolves with the first pushed event that passes `test`. */
function nextEvent<T>(name: string, test: (payload: T) => boolean): Promise<T> {
  return new Promise((resolve) => {
    const off = backend.subscribe((event, payload) => {
      if (event === name && test(payload as T)) {
        off();
        resolve(payload as T);
      }
    });
  });
}

async function createLink(url: string, custom: string): Promise<number> {
  const op = await value<{ opId: string }>('links:create', { url, custom });
  return (await value<{ id: number }>('outbox:wait', { opId: op.opId })).id;
}

beforeEach(async () => {
  events.length = 0;
  dataDir = mkdtempSync(join(tmpdir(), 'linkdeck-health-backend-'));
  site = await startTargetSite();
  remote = await startTestService({ rateLimit: 0 });
  backend = await createBackend({ dataDir, shell: 'web', secrets: new MemorySecretStore(), log: () => {} });
  backend.subscribe((event, payload) => events.push({ event, payload }));
  await value<ProfileSummary>('profiles:use-local');
  // The target site lives on loopback: checked only with "Also check links to addresses on my own
  // network" on (link-health-network.test.ts shows it refused with the setting off).
  await value('health:configure', { checkOwnNetwork: true });
});

afterEach(async () => {
  await backend.close();
  await site.close();
  await remote.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('health and export channels', () => {
  it('checks the links, pushes progress, and the list, its filter, the detail and the export all show the result', async () => {
    const missing = await createLink(`${site.url}/missing`, 'gone');
    const working = await createLink(`${site.url}/moved`, 'fine');
    expect(await value('health:status')).toBeNull();

    const done = nextEvent<HealthJob & { profileId: string }>('health:progress', (p) => p.status === 'done');
    const job = await value<HealthJob>('health:check', {});
    expect(job).toMatchObject({ status: 'running', total: 2 });
    expect(await done).toMatchObject({ id: job.id, checked: 2, broken: 1, notChecked: 0, profileId: expect.any(String) });
    expect(await value('health:status')).toMatchObject({ id: job.id, status: 'done' });

    const broken = await value<MirrorLinkPage>('links:list', { filters: { health: 'broken' } });
    expect(broken.items.map((l) => [l.id, l.health])).toEqual([[missing, 'broken']]);
    const all = await value<MirrorLinkPage>('links:list', {});
    expect(new Map(all.items.map((l) => [l.id, l.health])).get(working)).toBe('ok');
    expect(await value<LinkHealth>('health:get', { id: working })).toMatchObject({ state: 'ok', chain: [{ status: 301 }, { status: 200 }] });
    const facets = await value<{ health: { values: Array<{ value: string; count: number }> } }>('links:facets', {});
    expect(facets.health.values).toEqual([
      { value: 'broken', count: 1 },
      { value: 'ok', count: 1 },
      { value: 'unchecked', count: 0 },
    ]);

    const file = await value<ExportFile>('export:links', { format: 'csv', query: { filters: { health: 'broken' } } });
    const [header, ...rows] = readCsv(file.content);
    expect(rows.map((r) => [Number(r[header!.indexOf('id')]), r[header!.indexOf('health')]])).toEqual([[missing, 'broken']]);
    const stats = await value<ExportFile>('export:stats', { id: missing });
    expect(stats.filename).toMatch(/^linkdeck-stats-gone-/);
  });

  it('refuses a second job while one runs, and a switch to another profile cancels it', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) ids.push(await createLink(`${site.url}/hang?n=${i}`, `hang-${i}`));
    const before = site.hits.length;
    const job = await value<HealthJob>('health:check', { ids });
    await site.received(before + 1);
    const second = await backend.router.dispatch('health:check', { ids });
    expect(second).toEqual({ ok: false, error: { code: 'invalid-input', message: expect.stringMatching(/already being checked/), key: 'errors.health.running' } });

    const cancelled = nextEvent<HealthJob>('health:progress', (p) => p.id === job.id && p.status === 'cancelled');
    await value('profiles:connect', { name: 'Remote', baseUrl: remote.url, apiKey: remote.key });
    expect(await cancelled).toMatchObject({ checked: 0 });
    // One host, one request at a time: only the first was ever sent.
    expect(site.hits.length - before).toBe(1);
    expect(await value('health:status')).toBeNull();
  });
});
