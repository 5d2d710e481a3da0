import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openProfileData } from '../../electron/backend/mirror/index.js';
import type { Clock } from '../../electron/backend/scheduler/clock.js';
import { openProfileWorkspace } from '../../electron/backend/sync/index.js';
import type { LinkInput, OutboxSummary } from '../../electron/shared/models.js';
import {
  seededRandom,
  startFaultProxy,
  type FaultProxy,
  type ProxyLogEntry,
} from '../support/fault-proxy.js';
import { startTestService, type TestService } from '../support/service.js';
import { openSeeder } from '../unit/mirror/support/service-seed.js';
import { profileApiFor } from '../unit/sync/support/profile-api.js';
import { outboxFaultScript } from './support/outbox-fault-script.js';
import { startWorker, type WorkerHandle } from './support/outbox-worker-harness.js';
import type { WorkerConfig } from './support/outbox-worker-protocol.js';

/*
 * The fault test: a scripted HTTP fault layer in front of the local service (timeouts,
 * 5xx, resets before and after the server commits, truncated answers, 429 storms) and the
 * backend, a child process, SIGKILLed mid-queue 20 times and restarted on the same data dir:
 * 1,000 queued creates end as exactly 1,000 links on the server, none lost, none duplicated,
 * and the mirror holds exactly those links under their real ids.
 *
 * OUTBOX_FAULTS_SEED=<n> runs another seed (the fault script's draws and the kill plan; the
 * timing of a run still varies). Each run prints its figures. About a minute on 2 cores.
 */

const SEED = Number(process.env['OUTBOX_FAULTS_SEED'] ?? 20_240_604);
const LINKS = 1_000;
const KILLS = 20;
/** The client's timeout per HTTP attempt: short, so that timeouts cost little. */
const TIMEOUT_MS = 400;

const CREATE_PATH = '/api/url/add';
const isCreate = (e: ProxyLogEntry) => e.method === 'POST' && e.path.startsWith(CREATE_PATH);
/** A look-up of a create whose answer was lost: by long URL (`q`) or by short URL (`short`). */
const isLookup = (e: ProxyLogEntry) =>
  e.method === 'GET' && /^\/api\/urls\?(.*&)?(q|short)=/.test(e.path);

/** The moment of a kill, once the child has settled enough creates. */
type Moment =
  /** Right away. */
  | 'settled'
  /** A create was forwarded to the service and has no answer yet. */
  | 'create-in-flight'
  /** The service answered a create: the answer is on its way to the child. */
  | 'create-answered'
  /** The child is looking up a create whose answer it lost. */
  | 'look-up';
const MOMENTS: readonly Moment[] = ['settled', 'create-in-flight', 'create-answered', 'look-up'];

const settledOf = (s: OutboxSummary) => LINKS - s.queued - s.failed;

interface ServerLink {
  id: number;
  alias: string;
  shorturl: string;
  longurl: string;
}

interface MirrorRow {
  id: number;
  long_url: string;
  short_url: string;
  pending: string | null;
  failed: string | null;
}

/** Every link of the service's first user, read directly (not through the proxy). */
async function serverLinks(service: TestService): Promise<ServerLink[]> {
  const links: ServerLink[] = [];
  for (let page = 1; page <= 1_000; page++) {
    const r = await service.api<{ data: { urls: ServerLink[]; nextpage: number } }>(
      'GET',
      `/api/urls?limit=100&page=${page}`,
    );
    expect(r.status, r.text).toBe(200);
    for (const u of r.json.data.urls)
      links.push({ id: u.id, alias: u.alias, shorturl: u.shorturl, longurl: u.longurl });
    if (!r.json.data.nextpage || r.json.data.urls.length === 0) break;
  }
  return links;
}

/** The kill plan: settled counts, strictly increasing, spread over the queue. */
function killThresholds(random: () => number): number[] {
  const picked = new Set<number>();
  while (picked.size < KILLS) picked.add(15 + Math.floor(random() * (LINKS - 80)));
  return [...picked].sort((a, b) => a - b);
}

/** The first of several signals; the others are left to settle (or not) harmlessly. */
function firstOf(signals: Promise<string>[]): Promise<string> {
  for (const s of signals) s.catch(() => undefined);
  return Promise.race(signals);
}

describe('outbox under faults', () => {
  let service: TestService;
  let proxy: FaultProxy;
  let dir: string;
  let worker: WorkerHandle | undefined;

  beforeAll(async () => {
    service = await startTestService({ rateLimit: 0 });
    proxy = await startFaultProxy({ target: service.url, seed: SEED });
    dir = mkdtempSync(join(tmpdir(), 'linkdeck-outbox-faults-'));
  });

  afterAll(async () => {
    await worker?.kill();
    await proxy?.close();
    await service?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it(`${LINKS} queued creates, a fault layer and ${KILLS} kills mid-queue: exactly ${LINKS} links, none lost, none duplicated`, async () => {
    const started = Date.now();
    const random = seededRandom(SEED ^ 0x6b696c6c);
    const items: LinkInput[] = Array.from({ length: LINKS }, (_, n) =>
      // One in eight asks for a custom alias (looked up by short URL when its answer is lost).
      n % 8 === 3
        ? { url: `https://example.com/item/${n}`, custom: `fx-${n}` }
        : { url: `https://example.com/item/${n}` },
    );
    const script = outboxFaultScript(SEED, TIMEOUT_MS);
    proxy.script(script.rules);

    const found = new Set<string>();
    let offlineMarks = 0;
    const config: WorkerConfig = {
      dir,
      baseUrl: proxy.url,
      key: service.key,
      timeoutMs: TIMEOUT_MS,
    };
    const start = () =>
      startWorker(config, {
        onLog: (message) => {
          if (message.includes('before its answer was lost')) found.add(message);
        },
        onConnectivity: (online) => {
          if (!online) offlineMarks++;
        },
      });

    worker = await start();
    await worker.enqueue(items);
    const enqueuedAt = Date.now();

    const kills: { moment: Moment; reached: string; settled: number; queued: number }[] = [];
    for (const threshold of killThresholds(random)) {
      const current: WorkerHandle = worker;
      // Progress observed in this very child before it dies: at least one create settled.
      const target = Math.max(threshold, settledOf(current.summary) + 1);
      await current.until((s) => settledOf(s) >= target, `${target} creates are settled`);
      const moment = MOMENTS[Math.floor(random() * MOMENTS.length)] as Moment;
      let reached = 'settled';
      if (moment !== 'settled') {
        const mark = proxy.log.at(-1)?.seq ?? 0;
        const wanted =
          moment === 'create-in-flight'
            ? (e: ProxyLogEntry) => isCreate(e) && e.forwarded && !e.reachedServer
            : moment === 'create-answered'
              ? (e: ProxyLogEntry) => isCreate(e) && e.reachedServer
              : isLookup;
        reached = await firstOf([
          proxy
            .waitFor((e) => e.seq > mark && e.outcome === 'pending' && wanted(e), {
              timeoutMs: 120_000,
            })
            .then(() => moment),
          // Should the moment not come (no lost answer to look up), more progress will.
          current
            .until((s) => settledOf(s) >= target + 20, `${target + 20} creates are settled`)
            .then(() => 'settled (fallback)'),
        ]);
      }
      const at = current.summary;
      await current.kill();
      kills.push({ moment, reached, settled: settledOf(at), queued: at.queued });
      // Every fourth restart comes back into a 429 storm (HTTP 429 and in-body, in turn).
      if (kills.length % 4 === 1)
        script.storm.arm(3 + Math.floor(random() * 3), kills.length % 8 === 1 ? 'http' : 'body');
      worker = await start();
    }

    // The last start: everything left goes out, the faults still on.
    const last: WorkerHandle = worker;
    await last.until((s) => s.queued === 0 && s.failed === 0, 'the outbox is empty');
    const drainedAt = Date.now();
    const final = await last.finish();
    worker = undefined;

    // What the server holds (asked directly) and what the mirror holds (the file, read after
    // the backend closed it).
    const links = await serverLinks(service);
    const data = openProfileData(dir, { baseUrl: proxy.url });
    let mirror: {
      rows: MirrorRow[];
      linkCount: number;
      outboxRows: number;
      resolved: number[];
    };
    try {
      mirror = {
        rows: data.sql.all<MirrorRow>(
          'SELECT id, long_url, short_url, pending, failed FROM links ORDER BY id',
        ),
        linkCount: data.mirror.linkCount(),
        outboxRows: data.sql.count('SELECT COUNT(*) AS n FROM outbox'),
        resolved: data.sql
          .all<{ real_id: number }>(`SELECT real_id FROM outbox_ids WHERE kind = 'link'`)
          .map((r) => r.real_id),
      };
    } finally {
      data.close();
    }

    // What the fault layer did, and how the outbox coped.
    const counts = proxy.counts();
    const creates = proxy.log.filter(isCreate);
    const byKey = new Map<string, ProxyLogEntry[]>();
    for (const e of creates) {
      const key = e.idempotencyKey ?? `(no key) #${e.seq}`;
      byKey.set(key, [...(byKey.get(key) ?? []), e]);
    }
    // Creates sent again after they had reached the service (a blind resend).
    const resentAfterCommit = [...byKey.values()].filter(
      (list) => list.filter((e) => e.reachedServer).length > 1,
    );
    // Creates the service made whose answer never reached the child over the wire.
    const lostOnWire = [...byKey.values()].filter((list) =>
      list.some((e) => e.reachedServer && e.outcome !== 'answered'),
    ).length;
    const rules = Object.fromEntries(proxy.rules().map((r) => [r.name, r.applied]));
    const figures = {
      seed: SEED,
      seconds: {
        total: (drainedAt - started) / 1000,
        enqueue: (enqueuedAt - started) / 1000,
      },
      starts: KILLS + 1,
      kills: kills.map((k) => `${k.reached}@${k.settled}`).join(', '),
      requests: counts.requests,
      reachedServer: counts.reachedServer,
      faulted: counts.faulted,
      byFault: counts.byFault,
      byOutcome: counts.byOutcome,
      creates: {
        requests: creates.length,
        reachedServer: creates.filter((e) => e.reachedServer).length,
        keys: byKey.size,
        lostOnWire,
        resentAfterCommit: resentAfterCommit.length,
      },
      lookups: { requests: proxy.log.filter(isLookup).length, found: found.size },
      offlineMarks,
      rules,
    };
    console.log(`outbox fault figures: ${JSON.stringify(figures, null, 2)}`);

    // The backend's outbox at the end: empty, nothing refused.
    expect(final.summary).toEqual({ queued: 0, failed: 0, sending: false });
    expect(final.items).toEqual([]);
    // Every kill was mid-queue, after progress in that very process.
    expect(kills).toHaveLength(KILLS);
    for (const k of kills) expect(k.queued, JSON.stringify(k)).toBeGreaterThan(0);

    // The server: exactly the 1,000 long URLs, each once.
    const count = new Map<string, number>();
    for (const l of links) count.set(l.longurl, (count.get(l.longurl) ?? 0) + 1);
    const expected = items.map((i) => i.url);
    const expectedSet = new Set(expected);
    expect({
      missing: expected.filter((u) => !count.has(u)),
      duplicated: [...count].filter(([, n]) => n > 1).map(([u, n]) => `${u} ×${n}`),
      unexpected: [...count.keys()].filter((u) => !expectedSet.has(u)),
    }).toEqual({ missing: [], duplicated: [], unexpected: [] });
    expect(links).toHaveLength(LINKS);
    // Custom aliases were honoured (a blind resend of one would have been refused as taken).
    const byUrl = new Map(links.map((l) => [l.longurl, l]));
    expect(
      items
        .filter((i) => i.custom && byUrl.get(i.url)?.alias !== i.custom)
        .map((i) => `${i.url}: ${byUrl.get(i.url)?.alias} instead of ${i.custom}`),
    ).toEqual([]);

    // The mirror: exactly those links under their real ids, the same URLs, nothing pending
    // or failed, the outbox on disk empty, each create resolved to a distinct link.
    const byId = new Map(links.map((l) => [l.id, l]));
    const mirrorIds = new Set(mirror.rows.map((r) => r.id));
    expect({
      notMirrored: links.filter((l) => !mirrorIds.has(l.id)).map((l) => `${l.id} ${l.longurl}`),
      notOnServer: mirror.rows.filter((r) => !byId.has(r.id)).map((r) => `${r.id} ${r.long_url}`),
      different: mirror.rows
        .filter((r) => {
          const l = byId.get(r.id);
          return l && (l.longurl !== r.long_url || l.shorturl !== r.short_url);
        })
        .map((r) => `${r.id} ${r.long_url} ${r.short_url}`),
      marked: mirror.rows.filter((r) => r.pending !== null || r.failed !== null).map((r) => r.id),
    }).toEqual({ notMirrored: [], notOnServer: [], different: [], marked: [] });
    expect(mirror.linkCount).toBe(LINKS);
    expect(mirror.outboxRows).toBe(0);
    expect(mirror.resolved).toHaveLength(LINKS);
    expect(new Set(mirror.resolved)).toEqual(new Set(byId.keys()));

    // No create was ever sent again once it had reached the service: one key per create,
    // one request per key on the server. Lost answers were looked up, not resent.
    expect(resentAfterCommit.map((list) => list.map((e) => `#${e.seq} ${e.outcome}`))).toEqual([]);
    expect(byKey.size).toBe(LINKS);
    expect(creates.filter((e) => e.reachedServer)).toHaveLength(LINKS);
    // Every answer lost on the wire was found by a look-up; a kill loses at most one more.
    expect(lostOnWire).toBeGreaterThan(0);
    expect(found.size).toBeGreaterThanOrEqual(lostOnWire);
    expect(found.size).toBeLessThanOrEqual(lostOnWire + KILLS);

    // The mix really happened: every kind of fault, both kinds of 429, a good share faulted.
    for (const kind of [
      'delay',
      'delayResponse',
      'timeout',
      'status',
      'resetBeforeForward',
      'resetAfterCommit',
      'truncate',
    ] as const) {
      expect(counts.byFault[kind] ?? 0, kind).toBeGreaterThan(0);
    }
    expect(rules['429 storm']).toBeGreaterThan(0);
    expect(rules['429 storm (in a 200 body)']).toBeGreaterThan(0);
    expect(counts.faulted / counts.requests).toBeGreaterThan(0.1);
  }, 300_000);
});

describe('outbox and deletion sweep', () => {
  it('keeps a link in the mirror that a create queued before a sweep made during it', async () => {
    const service = await startTestService({ rateLimit: 0 });
    const dir = mkdtempSync(join(tmpdir(), 'linkdeck-outbox-sweep-'));
    const api = profileApiFor(service.url, service.key);
    // Time moves only when the test says, so that "queued before the sweep began" is exact.
    let now = Date.now();
    const clock: Clock = {
      now: () => now,
      setTimeout: (callback, ms) => setTimeout(callback, ms),
      clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
    };
    const workspace = openProfileWorkspace({ dir, baseUrl: service.url, api, clock });
    try {
      const seeder = openSeeder(service);
      seeder.links(150);
      seeder.close();
      await workspace.sync.firstSync();
      expect(workspace.data.mirror.linkCount()).toBe(150);

      now += 1_000;
      const op = workspace.outbox.enqueue({
        kind: 'link.create',
        input: { url: 'https://example.com/made-during-a-sweep' },
      });
      now += 1_000;
      // The sweep reads the newest page (100 links a page) before the link exists.
      expect(await workspace.sync.sweepStep()).toEqual({ done: false, deleted: 0 });
      now += 1_000;
      workspace.outbox.start();
      const { id } = await workspace.outbox.settled(op.opId);
      now += 1_000;
      // The last page: the sweep never listed the new link, and must not take it for deleted.
      expect(await workspace.sync.sweepStep()).toEqual({ done: true, deleted: 0 });

      expect(workspace.data.mirror.link(id as number)).toMatchObject({
        longUrl: 'https://example.com/made-during-a-sweep',
        pending: null,
      });
      expect(workspace.data.mirror.linkCount()).toBe(151);
    } finally {
      await workspace.close();
      api.close();
      await service.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
