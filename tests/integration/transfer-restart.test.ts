import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MemorySecretStore } from '../../electron/backend/secrets/index.js';
import type { BulkJob } from '../../electron/shared/bulk.js';
import type { ProfileSummary } from '../../electron/shared/contract.js';
import type { OutboxItem } from '../../electron/shared/models.js';
import { startTestService, type TestService } from '../support/service.js';
import { linksOn, openBackend, type TwoProfiles } from './transfer-support.js';

/*
 * A move interrupted mid-job: the backend closes while the target is answering its creates (some
 * made, one on the wire, the rest waiting), and a new backend opens the same data directory. It
 * resumes the transfer by itself (no profile visited), and in the end the target holds each link
 * exactly once and the source has lost exactly the links whose copy was confirmed.
 */

let source: TestService;
let target: TestService;
let dataDir: string;
const secrets = new MemorySecretStore();
let open: TwoProfiles[] = [];

/** Lets `n` creates reach the target, then holds the others until the request is aborted. */
function gatedFetch(targetUrl: string, n: number): { fetch: typeof fetch; held: Promise<void> } {
  let allowance = n;
  let heldOne: () => void = () => {};
  const held = new Promise<void>((resolve) => (heldOne = resolve));
  return {
    held,
    async fetch(input, init) {
      const url = String(input instanceof Request ? input.url : input);
      if (url.startsWith(targetUrl) && url.includes('/api/url/add') && (init?.method ?? 'GET').toUpperCase() === 'POST') {
        if (allowance <= 0) {
          heldOne();
          await new Promise<never>((_, reject) => {
            const signal = init?.signal;
            if (signal?.aborted) reject(signal.reason as Error);
            signal?.addEventListener('abort', () => reject(signal.reason as Error), { once: true });
          });
        }
        allowance--;
      }
      return globalThis.fetch(input, init);
    },
  };
}

beforeEach(async () => {
  source = await startTestService({ rateLimit: 0 });
  target = await startTestService({ rateLimit: 0 });
  dataDir = mkdtempSync(join(tmpdir(), 'linkdeck-transfer-restart-'));
});

afterEach(async () => {
  for (const app of open.splice(0)) await app.backend.close();
  await source.close();
  await target.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('a move interrupted by a restart', () => {
  it('resumes at start; the target holds every link once and the source loses only the confirmed ones', async () => {
    const gate = gatedFetch(target.url, 2);
    const first = await openBackend(dataDir, secrets, gate.fetch);
    open.push(first);
    const targetId = (await first.call<ProfileSummary>('profiles:connect', { name: 'Hosted', baseUrl: target.url, apiKey: target.key })).id;
    await first.call<ProfileSummary>('profiles:connect', { name: 'Workspace', baseUrl: source.url, apiKey: source.key });
    const ids: number[] = [];
    for (let i = 0; i < 6; i++) {
      const op = await first.call<OutboxItem>('links:create', { url: `https://restart.example/${i}`, custom: `restart-${i}` });
      ids.push((await first.call<{ id: number }>('outbox:wait', { opId: op.opId })).id);
    }

    const job = await first.call<BulkJob>('transfer:start', { targetProfileId: targetId, mode: 'move', ids, createMissing: false, aliasTaken: 'random' });
    // The third create is on the wire (held): two are made; close now.
    await gate.held;
    await first.backend.close();
    open = [];
    const madeBefore = await linksOn(target);
    expect(madeBefore).toHaveLength(2);

    const second = await openBackend(dataDir, secrets);
    open.push(second);
    const finished = (j: BulkJob) =>
      j.id === job.id && j.status === 'done' && j.counts.sending === 0 && j.transfer !== undefined && j.transfer.removedFromSource + j.transfer.removeFailed === j.counts.created + j.counts.reused;
    // Subscribed before any answer can arrive (only microtasks ran since the backend opened),
    // and nothing here asks for the job: it resumes by itself.
    const done = await second.jobEvent(finished);

    expect(done.counts).toMatchObject({ created: 6, failed: 0, cancelled: 0 });
    expect(done.transfer).toMatchObject({ removedFromSource: 6, removeFailed: 0 });
    const onTarget = await linksOn(target);
    expect(onTarget.map((l) => l.alias).sort()).toEqual(ids.map((_, i) => `restart-${i}`));
    expect(await linksOn(source)).toEqual([]);
  });

  it('a move whose target refuses some copies: after a restart the source still has exactly those', async () => {
    const gate = gatedFetch(target.url, 1);
    const first = await openBackend(dataDir, secrets, gate.fetch);
    open.push(first);
    const targetId = (await first.call<ProfileSummary>('profiles:connect', { name: 'Hosted', baseUrl: target.url, apiKey: target.key })).id;
    await first.call<ProfileSummary>('profiles:connect', { name: 'Workspace', baseUrl: source.url, apiKey: source.key });
    await source.api('POST', '/api/domain/add', { domain: 'https://go.brand.test' });
    await first.call('sync:refresh', { view: { kind: 'domains' }, force: true });
    const ids: number[] = [];
    for (let i = 0; i < 4; i++) {
      // Odd ones on a branded domain the target does not have: refused there.
      const input = { url: `https://refused.example/${i}`, custom: `refused-${i}`, ...(i % 2 === 1 ? { domain: 'https://go.brand.test' } : {}) };
      const op = await first.call<OutboxItem>('links:create', input);
      ids.push((await first.call<{ id: number }>('outbox:wait', { opId: op.opId })).id);
    }
    const job = await first.call<BulkJob>('transfer:start', { targetProfileId: targetId, mode: 'move', ids, createMissing: false, aliasTaken: 'random' });
    await gate.held;
    await first.backend.close();
    open = [];

    const second = await openBackend(dataDir, secrets);
    open.push(second);
    const finished = (j: BulkJob) =>
      j.id === job.id && j.status === 'done' && j.counts.sending === 0 && j.transfer !== undefined && j.transfer.removedFromSource + j.transfer.removeFailed === j.counts.created + j.counts.reused;
    // Subscribed before any answer can arrive (only microtasks ran since the backend opened),
    // and nothing here asks for the job: it resumes by itself.
    const done = await second.jobEvent(finished);

    expect(done.counts).toMatchObject({ created: 2, failed: 2 });
    expect((await linksOn(target)).map((l) => l.alias).sort()).toEqual(['refused-0', 'refused-2']);
    expect((await linksOn(source)).map((l) => l.alias).sort()).toEqual(['refused-1', 'refused-3']);
  });
});
