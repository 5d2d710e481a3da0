import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MemorySecretStore } from '../../electron/backend/secrets/index.js';
import type { BulkJob, BulkRowsPage } from '../../electron/shared/bulk.js';
import type { ProfileSummary } from '../../electron/shared/contract.js';
import type { ExportFile } from '../../electron/shared/exports.js';
import type { OutboxItem } from '../../electron/shared/models.js';
import type { TransferPlan, TransferRequest } from '../../electron/shared/transfer.js';
import { SHARED_MESSAGES } from '../../electron/shared/i18n/shared-messages.js';
import { createTranslator } from '../../electron/shared/i18n/translate.js';
import { renderMessage, type MessageRef } from '../../electron/shared/message-ref.js';
import { readCsv } from '../support/csv-read.js';
import { startTestService, type TestService } from '../support/service.js';
import { linksOn, openBackend, type TwoProfiles } from './transfer-support.js';

/*
 * Copying and moving links between two profiles on two real local services: fields kept,
 * channels and campaigns by name, alias clashes, nothing made twice, and a move that deletes
 * from the source only what the target confirmed.
 */

let source: TestService;
let target: TestService;
let dataDir: string;
let app: TwoProfiles;
let sourceId: string;
let targetId: string;

beforeEach(async () => {
  source = await startTestService({ rateLimit: 0 });
  target = await startTestService({ rateLimit: 0 });
  dataDir = mkdtempSync(join(tmpdir(), 'linkdeck-transfer-'));
  app = await openBackend(dataDir, new MemorySecretStore());
  targetId = (await app.call<ProfileSummary>('profiles:connect', { name: 'Hosted', baseUrl: target.url, apiKey: target.key })).id;
  sourceId = (await app.call<ProfileSummary>('profiles:connect', { name: 'Workspace', baseUrl: source.url, apiKey: source.key })).id;
});

afterEach(async () => {
  await app.backend.close();
  await source.close();
  await target.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** Makes a link on the current profile through Linkdeck and waits for the service's answer. */
async function make(input: Record<string, unknown>): Promise<number> {
  const op = await app.call<OutboxItem>('links:create', input);
  return (await app.call<{ id: number }>('outbox:wait', { opId: op.opId })).id;
}

async function makeNamed(kind: 'channels' | 'campaigns', name: string, more: Record<string, unknown> = {}): Promise<number> {
  const op = await app.call<OutboxItem>(`${kind}:create`, { name, ...more });
  return (await app.call<{ id: number }>('outbox:wait', { opId: op.opId })).id;
}

const request = (ids: number[], over: Partial<TransferRequest> = {}): TransferRequest => ({
  targetProfileId: targetId,
  mode: 'copy',
  ids,
  createMissing: true,
  aliasTaken: 'random',
  ...over,
});

/** Starts a transfer and resolves with its job once every row settled (and, for a move, every delete answered). */
async function run(req: TransferRequest): Promise<BulkJob> {
  const seen = new Map<string, BulkJob>();
  let wake: () => void = () => {};
  const isFinished = (j: BulkJob) =>
    j.status === 'done' &&
    j.counts.sending === 0 &&
    j.transfer !== undefined &&
    (j.transfer.mode === 'copy' || j.transfer.removedFromSource + j.transfer.removeFailed === j.counts.created + j.counts.reused);
  const off = app.backend.subscribe((event, payload) => {
    const job = payload as BulkJob;
    if (event !== 'bulk:changed' || !isFinished(job)) return;
    seen.set(job.id, job);
    wake();
  });
  try {
    const started = await app.call<BulkJob>('transfer:start', req);
    expect(started.transfer).toMatchObject({ mode: req.mode, sourceProfileId: sourceId, targetProfileId: targetId, sourceName: 'Workspace', targetName: 'Hosted' });
    const id = started.id;
    while (!seen.has(id)) await new Promise<void>((resolve) => (wake = resolve));
    return seen.get(id) as BulkJob;
  } finally {
    off();
  }
}

describe('copy to another profile', () => {
  it('keeps the fields, maps channels and campaigns by name (made on the target), and a second run makes nothing', async () => {
    const channel = await makeNamed('channels', 'Spring', { color: '#22aa66', description: 'Seasonal posters' });
    const campaign = await makeNamed('campaigns', 'Launch', { public: true, slug: 'launch-day' });
    const full = await make({
      url: 'https://shop.example/spring',
      custom: 'spring-sale',
      channel,
      campaign,
      expiry: '2099-01-01 12:00:00',
      metaTitle: 'Spring sale',
      metaDescription: 'Everything green',
      geoTarget: [{ location: 'Canada', link: 'https://shop.example/ca' }],
      deviceTarget: [{ device: 'iPhone', link: 'https://shop.example/ios' }],
      deepLink: { apple: 'https://apps.apple.com/app/id1', google: 'https://play.google.com/store/apps/details?id=x' },
      parameters: [{ name: 'utm_source', value: 'deck' }],
      description: 'the poster link',
    });
    const plain = await make({ url: 'https://shop.example/plain' });

    const plan = await app.call<TransferPlan>('transfer:plan', request([full, plain]));
    expect(plan).toMatchObject({ links: 2, toCreate: 2, alreadyThere: 0, aliasClashes: [], unreadable: [], missingChannels: ['Spring'], missingCampaigns: ['Launch'] });
    // Two creates, and two more once the missing channel and campaign are to be made.
    expect(plan.requests).toEqual({ target: 2, source: 0, names: 2 });
    expect(plan.etaWithNamesMs).toBeGreaterThan(plan.etaMs);

    const job = await run(request([full, plain]));
    expect(job.counts).toMatchObject({ created: 2, failed: 0 });
    const onTarget = await linksOn(target);
    expect(onTarget.map((l) => l.alias).sort()).toEqual(['spring-sale', (await linksOn(source)).find((l) => l.longUrl === 'https://shop.example/plain')?.alias].sort());
    const made = onTarget.find((l) => l.alias === 'spring-sale');
    const details = await target.api<{ details: Record<string, unknown> }>('GET', `/api/url/${made?.id}`);
    expect(details.json.details).toMatchObject({
      longurl: 'https://shop.example/spring',
      title: expect.any(String),
      expiry: expect.stringMatching(/^2099-01-01/),
      metatitle: 'Spring sale',
      metadescription: 'Everything green',
      description: 'the poster link',
      location: { canada: 'https://shop.example/ca' },
      device: { iphone: 'https://shop.example/ios' },
      deeplink: { apple: 'https://apps.apple.com/app/id1', google: 'https://play.google.com/store/apps/details?id=x' },
      parameters: [{ name: 'utm_source', value: 'deck' }],
    });
    // The created channel keeps its colour and description, the campaign its public flag; its
    // rotator address is named as not carried.
    expect(plan.rotatorsNotCarried).toEqual([{ campaign: 'Launch', slug: 'launch-day' }]);
    const channels = await target.api<{ data: { channels: Array<Record<string, unknown>> } }>('GET', '/api/channels');
    expect(channels.json.data.channels).toEqual([expect.objectContaining({ name: 'Spring', color: '#22aa66', description: 'Seasonal posters' })]);
    const campaigns = await target.api<{ data: { campaigns: Array<Record<string, unknown>> } }>('GET', '/api/campaigns');
    expect(campaigns.json.data.campaigns).toHaveLength(1);
    expect(campaigns.json.data.campaigns[0]).toMatchObject({ public: true });
    // The source keeps its links on a copy.
    expect(await linksOn(source)).toHaveLength(2);

    const again = await app.call<TransferPlan>('transfer:plan', request([full, plain]));
    expect(again).toMatchObject({ toCreate: 0, alreadyThere: 2, missingChannels: [], missingCampaigns: [] });
    const second = await run(request([full, plain]));
    expect(second.counts).toMatchObject({ reused: 2, created: 0 });
    expect(await linksOn(target)).toHaveLength(2);

    // From the source, the job is listed and its rows carry their source link.
    const listed = await app.call<BulkJob[]>('bulk:list');
    expect(listed.map((j) => j.id)).toEqual([second.id, job.id]);
    const rows = await app.call<BulkRowsPage>('bulk:rows', { id: job.id });
    expect(rows.rows.map((r) => [r.status, r.source?.linkId, r.source?.removal])).toEqual([
      ['created', full, null],
      ['created', plain, null],
    ]);
    const csv = await app.call<ExportFile>('bulk:result-csv', { id: job.id });
    const [header, ...lines] = readCsv(csv.content);
    expect(header).toContain('source_short_url');
    expect(lines).toHaveLength(2);
    // The channel and campaign the job created are named, not given by their temporary ids.
    const column = (name: string) => lines.map((line) => line[header!.indexOf(name)]);
    expect([column('channel'), column('campaign')]).toEqual([['Spring', ''], ['Launch', '']]);
  });

  it('maps pixels by name and type; one the target lacks is left out of the copy and listed', async () => {
    const pixel = async (type: string, name: string, tag: string) => {
      const op = await app.call<OutboxItem>('pixels:create', { type, name, tag });
      return (await app.call<{ id: number }>('outbox:wait', { opId: op.opId })).id;
    };
    await app.call('profiles:switch', { id: targetId });
    const targetMeta = await pixel('fbpixel', 'Meta', '123456789012345');
    await app.call('profiles:switch', { id: sourceId });
    // Ids differ between the services: only the name and type say which is which.
    await pixel('gapixel', 'Analytics', 'G-ABCDEF1234');
    const meta = await pixel('fbpixel', 'meta', '999999999999999');
    const gtm = await pixel('gtmpixel', 'Tags', 'GTM-ABC1234');
    const link = await make({ url: 'https://pixels.example/', custom: 'with-pixels', pixels: [meta, gtm] });

    const plan = await app.call<TransferPlan>('transfer:plan', request([link]));
    expect(plan.leftOut).toEqual([{ kind: 'pixel', name: 'Tags', links: 1 }]);
    const job = await run(request([link]));
    expect(job.transfer?.leftOut).toEqual([{ kind: 'pixel', name: 'Tags', links: 1 }]);
    const made = (await linksOn(target)).find((l) => l.alias === 'with-pixels');
    const details = await target.api<{ details: { pixels: number[] } }>('GET', `/api/url/${made?.id}`);
    expect(details.json.details.pixels).toEqual([targetMeta]);
  });

  it('says a link whose details were never read is unreadable, and refuses the current profile as the target', async () => {
    const made = await source.api<{ id: number }>('POST', '/api/url/add', { url: 'https://elsewhere.example/' });
    await app.call('sync:refresh', { view: { kind: 'links' }, force: true });
    const plan = await app.call<TransferPlan>('transfer:plan', request([made.json.id]));
    expect(plan.unreadable).toEqual([
      { id: made.json.id, shortUrl: expect.any(String), reason: expect.stringMatching(/details were never read/), reasonRef: { key: 'importNotes.transferNeverRead' }, neverRead: true },
    ]);
    expect(plan.toCreate).toBe(0);
    // What the dialog's "read them now" does: one details read each, and the link can be copied.
    await app.call('links:get', { id: made.json.id, force: true });
    expect(await app.call<TransferPlan>('transfer:plan', request([made.json.id]))).toMatchObject({ unreadable: [], toCreate: 1 });
    const self = await app.raw('transfer:plan', request([made.json.id], { targetProfileId: sourceId }));
    expect(self).toMatchObject({ ok: false, error: { code: 'invalid-input', message: expect.stringMatching(/another profile/) } });
  });

  it('an alias the target uses for another address: a new random alias, or the link left out', async () => {
    await app.call('profiles:switch', { id: targetId });
    await make({ url: 'https://other.example/', custom: 'taken' });
    await app.call('profiles:switch', { id: sourceId });
    const clash = await make({ url: 'https://mine.example/', custom: 'taken' });

    const plan = await app.call<TransferPlan>('transfer:plan', request([clash], { aliasTaken: 'skip' }));
    expect(plan.aliasClashes).toEqual([{ id: clash, alias: 'taken', shortUrl: expect.stringMatching(/\/taken$/) }]);
    const skipped = await run(request([clash], { aliasTaken: 'skip' }));
    expect(skipped.counts).toMatchObject({ cancelled: 1, created: 0 });
    expect(await linksOn(target)).toHaveLength(1);

    const random = await run(request([clash], { aliasTaken: 'random' }));
    expect(random.counts).toMatchObject({ created: 1 });
    const onTarget = await linksOn(target);
    expect(onTarget).toHaveLength(2);
    const copy = onTarget.find((l) => l.longUrl === 'https://mine.example/');
    expect(copy?.alias).not.toBe('taken');
    // Run again: the random-alias copy is that link (same address, same domain): nothing twice,
    // and the check promises no new random alias for it (once the target's mirror holds the copy).
    await app.call('profiles:switch', { id: targetId });
    await app.call('sync:refresh', { view: { kind: 'links' }, force: true });
    await app.call('profiles:switch', { id: sourceId });
    const replan = await app.call<TransferPlan>('transfer:plan', request([clash], { aliasTaken: 'random' }));
    expect(replan).toMatchObject({ aliasClashes: [], alreadyThere: 1, toCreate: 0 });
    const again = await run(request([clash], { aliasTaken: 'random' }));
    expect(again.counts).toMatchObject({ reused: 1, created: 0 });
    expect(await linksOn(target)).toHaveLength(2);
  });
});

describe('move to another profile', () => {
  it('deletes from the source only the links the target confirmed; a refused copy stays', async () => {
    const a = await make({ url: 'https://move.example/a', custom: 'move-a' });
    const b = await make({ url: 'https://move.example/b', custom: 'move-b' });
    // Not asked for: stays.
    await make({ url: 'https://move.example/c', custom: 'move-c' });
    await target.api('POST', '/api/url/add', { url: 'https://move.example/b', custom: 'move-b' });
    const domainLink = await source.api<{ id: number }>('POST', '/api/domain/add', { domain: 'https://go.brand.test' });
    expect(domainLink.status).toBeLessThan(300);
    await app.call('sync:refresh', { view: { kind: 'domains' }, force: true });
    // The target refuses a domain it does not have: that copy fails, and the link stays.
    const branded = await make({ url: 'https://move.example/d', custom: 'move-d', domain: 'https://go.brand.test' });

    // The target knows move-b already (same alias, same address): that row is reused and confirmed.
    await app.call('profiles:switch', { id: targetId });
    await app.call('sync:refresh', { view: { kind: 'links' }, force: true });
    await app.call('profiles:switch', { id: sourceId });

    const job = await run(request([a, b, branded], { mode: 'move' }));
    expect(job.counts).toMatchObject({ created: 1, reused: 1, failed: 1 });
    expect(job.transfer).toMatchObject({ removedFromSource: 2, removeFailed: 0 });
    const left = await linksOn(source);
    expect(left.map((l) => l.alias).sort()).toEqual(['move-c', 'move-d']);
    const rows = await app.call<BulkRowsPage>('bulk:rows', { id: job.id });
    expect(rows.rows.map((r) => [r.source?.linkId, r.status, r.source?.removal])).toEqual([
      [a, 'created', 'removed'],
      [b, 'reused', 'removed'],
      [branded, 'failed', null],
    ]);
  });

  it('a link the check said cannot be copied (a password link) is left out, not counted as a failure', async () => {
    const a = await make({ url: 'https://count.example/a', custom: 'count-a' });
    // Made on the service's site: its password was never known to Linkdeck (the API never gives it back).
    const locked = await source.api<{ id: number }>('POST', '/api/url/add', { url: 'https://count.example/locked', custom: 'count-locked', password: 'secret' });
    await app.call('sync:refresh', { view: { kind: 'links' }, force: true });
    await app.call('links:get', { id: locked.json.id, force: true });
    const plan = await app.call<TransferPlan>('transfer:plan', request([a, locked.json.id], { mode: 'move' }));
    expect(plan).toMatchObject({ links: 2, toCreate: 1, unreadable: [{ id: locked.json.id, reason: expect.stringMatching(/password/) }] });
    const job = await run(request([a, locked.json.id], { mode: 'move' }));
    expect(job.counts).toMatchObject({ created: 1, failed: 0, cancelled: 1 });
    const rows = await app.call<BulkRowsPage>('bulk:rows', { id: job.id });
    expect(rows.rows.map((r) => [r.status, r.error])).toEqual([
      ['created', null],
      ['cancelled', expect.stringMatching(/^Left out: It asks for a password/)],
    ]);
    // Issue 44: the same sentence kept as keys, so the job card says it in the person's language.
    expect(rows.rows[1]?.errorRef).toEqual({ key: 'importNotes.transferLeftOut', params: { reason: { key: 'importNotes.transferPassword' } } });
  });

  it('a link with several problems is left out with each said in the person’s language (issue 44), in the dry run and on its row', async () => {
    // Made on the service's site with an expiry already past and a meta title longer than
    // Linkdeck's 255 characters: the service takes both, Linkdeck's check (as for every row) refuses both.
    const made = await source.api<{ id: number }>('POST', '/api/url/add', {
      url: 'https://several.example/', custom: 'several-problems', expiry: '2001-02-03 04:05:06', metatitle: 'T'.repeat(300),
    });
    await app.call('sync:refresh', { view: { kind: 'links' }, force: true });
    await app.call('links:get', { id: made.json.id, force: true });
    const plan = await app.call<TransferPlan>('transfer:plan', request([made.json.id]));
    const [entry] = plan.unreadable;
    expect(entry?.reason).toMatch(/^The expiry 2001-02-03 04:05:06 UTC is in the past .* The meta title is 300 characters long; keep it to 255\.$/);
    const german = createTranslator('de', SHARED_MESSAGES);
    const inGerman = (ref: MessageRef | undefined) => (ref ? renderMessage(ref, german) : '');
    expect(inGerman(entry?.reasonRef)).toMatch(/^Das Ablaufdatum 2001-02-03 04:05:06 UTC liegt in der Vergangenheit .* Der Metatitel ist 300 Zeichen lang; erlaubt sind höchstens 255\.$/);

    const job = await run(request([made.json.id]));
    expect(job.counts).toMatchObject({ created: 0, failed: 0, cancelled: 1 });
    const [row] = (await app.call<BulkRowsPage>('bulk:rows', { id: job.id })).rows;
    // English for the command line and the result CSV, as before; the keyed list beside it.
    expect(row?.error).toBe(`Left out: ${entry?.reason}`);
    expect(row?.errorRef).toMatchObject({ key: 'importNotes.transferLeftOut', params: { reason: { key: 'importNotes.sentences' } } });
    const words = inGerman(row?.errorRef);
    expect(words).toBe(`Ausgelassen: ${inGerman(entry?.reasonRef)}`);
    expect(words).not.toMatch(/expiry|meta title|importNotes\.|validation\./i);
  });

  it('a delete the source answers "not found" (gone already, an answer lost and sent again) counts as removed', async () => {
    const a = await make({ url: 'https://gone.example/a', custom: 'gone-a' });
    // Deleted behind Linkdeck's back: the move's delete meets a 404.
    const del = await source.api('DELETE', `/api/url/${a}/delete`);
    expect(del.status).toBe(200);
    const job = await run(request([a], { mode: 'move' }));
    expect(job.counts).toMatchObject({ created: 1 });
    expect(job.transfer).toMatchObject({ removedFromSource: 1, removeFailed: 0 });
    expect(await linksOn(source)).toHaveLength(0);
    expect((await linksOn(target)).map((l) => l.alias)).toEqual(['gone-a']);
  });
});

