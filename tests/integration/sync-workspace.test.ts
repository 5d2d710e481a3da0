import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openProfileWorkspace, type ProfileWorkspace } from '../../electron/backend/sync/index.js';
import type { OutboxSummary, SyncProgress } from '../../electron/shared/models.js';
import { startTestService, type TestService } from '../support/service.js';
import { openSeeder } from '../unit/mirror/support/service-seed.js';
import { profileApiFor } from '../unit/sync/support/profile-api.js';

/*
 * A profile's workspace as the backend opens it: started, it mirrors the service by itself;
 * changes go out through the outbox; closed and opened again, it carries on where it was.
 */

let service: TestService;
let dir: string;
const open: ProfileWorkspace[] = [];

afterEach(async () => {
  for (const w of open.splice(0)) await w.close();
  await service.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Resolves when `predicate` holds for an event pushed to `listeners`. */
function waitFor<T>(
  listeners: ((value: T) => void)[],
  predicate: (value: T) => boolean,
): Promise<T> {
  return new Promise((resolve) => listeners.push((value) => predicate(value) && resolve(value)));
}

describe('profile workspace', () => {
  it('syncs by itself once started, sends changes, and resumes after a reopen', async () => {
    service = await startTestService({ rateLimit: 0 });
    const seeder = openSeeder(service);
    seeder.links(120);
    seeder.close();
    dir = mkdtempSync(join(tmpdir(), 'linkdeck-workspace-'));
    const api = profileApiFor(service.url, service.key);
    const progress: ((p: SyncProgress) => void)[] = [];
    const outboxChanges: ((s: OutboxSummary) => void)[] = [];
    const topics: string[] = [];
    const workspace = openProfileWorkspace({
      dir,
      baseUrl: service.url,
      api,
      onProgress: (p) => progress.forEach((l) => l(p)),
      onOutboxChange: (s) => outboxChanges.forEach((l) => l(s)),
      onMirrorChange: (c) => topics.push(...c.topics),
    });
    open.push(workspace);
    const synced = waitFor(progress, (p) => p.phase === 'idle' && p.syncedAt !== null);
    workspace.start();
    await synced;
    expect(workspace.data.mirror.linkCount()).toBe(120);
    expect(topics).toEqual(expect.arrayContaining(['links', 'channels', 'account']));

    const sent = waitFor(outboxChanges, (s) => s.queued === 0 && s.failed === 0 && !s.sending);
    const op = workspace.outbox.enqueue({
      kind: 'link.create',
      input: { url: 'https://example.com/ws', custom: 'wspace' },
    });
    await sent;
    const id = workspace.outbox.resolveId(op.provisionalId!)!;
    expect(workspace.data.mirror.link(id)).toMatchObject({ alias: 'wspace', pending: null });
    await workspace.close();
    open.pop();

    const again = openProfileWorkspace({ dir, baseUrl: service.url, api });
    open.push(again);
    expect(again.data.mirror.linkCount()).toBe(121);
    expect(again.data.mirror.links({ q: 'wspace' }).items.map((l) => l.id)).toEqual([id]);
    api.close();
  });
});
