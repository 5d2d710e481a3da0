import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach } from 'vitest';
import { createApiClient } from '../../../electron/backend/api/client.js';
import { openProfileData, type ProfileData } from '../../../electron/backend/mirror/index.js';
import { createOutbox, type Outbox } from '../../../electron/backend/outbox/index.js';
import { createProfileApi, createScheduler } from '../../../electron/backend/scheduler/index.js';
import type { ProfileApi } from '../../../electron/backend/scheduler/profile-api.js';
import { createConnectivity, type Connectivity } from '../../../electron/backend/sync/index.js';
import type { OutboxItem } from '../../../electron/shared/models.js';
import {
  startDeploymentDouble,
  type DeploymentDouble,
  type DoubleOptions,
  type ObjectKind,
} from '../../support/deployment-double.js';
import { startFaultProxy, type FaultProxy } from '../../support/fault-proxy.js';
import { FakeClock } from '../../unit/scheduler/support/fake-clock.js';

/*
 * The outbox of one profile, as the app builds it (real API client, scheduler, mirror file),
 * against a scripted deployment double over HTTP. The outbox's and the connectivity's time is a
 * FakeClock: "the service's longest run" (60 s, the app's default) passes when the test says,
 * so a test waits on signals, never on the clock. HTTP timeouts are real, and scaled down.
 */

/** The outbox's default: how long a real server may go on with a request. */
export const MAX_EXECUTION_MS = 60_000;

export interface RigOptions {
  double?: DoubleOptions;
  /** The client's timeout of reads and other changes (real ms). Default 5 s. */
  timeoutMs?: number;
  /** The client's timeout of creates (real ms). Default: the app's (60 s). */
  createTimeoutMs?: number;
  /**
   * Requests a minute the scheduler assumes (the double sends no rate headers). Default: the
   * app's (the spec's 30); tests of whole sync runs need more, as the budget runs in real time.
   */
  budgetLimit?: number;
  /** The connectivity's first delay between probes (fake ms). Default 10; the app's is 2 s. */
  probeDelayMs?: number;
  /** A scripted fault proxy in front of the double: the client talks to it. */
  proxy?: boolean;
}

export interface Rig {
  double: DeploymentDouble;
  /** The fault proxy between client and double, when asked for. */
  proxy: FaultProxy | undefined;
  clock: FakeClock;
  dir: string;
  data: ProfileData;
  api: ProfileApi;
  connectivity: Connectivity;
  outbox: Outbox;
  /** Resolves when the outbox item matches (checked now and at every outbox change). */
  whenItem(opId: string, check: (item: OutboxItem | null) => boolean): Promise<OutboxItem | null>;
  /** The outbox again on the same file, as after a restart (the old one is left as it is). */
  reopen(): Rig;
  /** What the mirror shows of one object of `kind`. */
  mirrored(
    kind: ObjectKind,
    id: number,
  ):
    | ({ pending: string | null; failed: string | null; provisional: boolean } & Record<
        string,
        unknown
      >)
    | null;
  /** Requests other than the connectivity probe after the `from`th. */
  callsSince(from: number): string[];
  close(): Promise<void>;
}

export async function openRig(options: RigOptions = {}): Promise<Rig> {
  const double = await startDeploymentDouble(options.double);
  const proxy = options.proxy ? await startFaultProxy({ target: double.url }) : undefined;
  const dir = mkdtempSync(join(tmpdir(), 'linkdeck-outbox-double-'));
  const clock = new FakeClock();
  const closers: (() => Promise<void> | void)[] = [];

  function build(): Rig {
    const data = openProfileData(dir, { clock, baseUrl: double.url });
    const client = createApiClient({
      baseUrl: proxy?.url ?? double.url,
      apiKey: () => double.key,
      timeoutMs: options.timeoutMs ?? 5_000,
      ...(options.createTimeoutMs !== undefined
        ? { createTimeoutMs: options.createTimeoutMs }
        : {}),
      retryDelayMs: 10,
    });
    const scheduler = createScheduler({
      jitterMs: 0,
      ...(options.budgetLimit !== undefined ? { defaultLimit: options.budgetLimit } : {}),
    });
    const api = createProfileApi({ client, scheduler });
    const connectivity = createConnectivity({
      clock,
      probe: () => api.account.get(),
      minDelayMs: options.probeDelayMs ?? 10,
      maxDelayMs: options.probeDelayMs ?? 10,
    });
    const outbox = createOutbox({
      mirror: data.mirror,
      api,
      connectivity,
      clock,
      retryMinMs: 20,
      baseUrl: double.url,
    });
    outbox.start();
    closers.push(async () => {
      await outbox.stop();
      connectivity.close();
      api.close();
      if (data.sql.db.open) data.close();
    });
    const rig: Rig = {
      double,
      proxy,
      clock,
      dir,
      data,
      api,
      connectivity,
      outbox,
      whenItem(opId, check) {
        return new Promise((resolve) => {
          const test = () => {
            const item = outbox.get(opId);
            if (!check(item)) return false;
            stop();
            resolve(item);
            return true;
          };
          const stop = outbox.onChange(() => void test());
          test();
        });
      },
      reopen: build,
      mirrored(kind, id) {
        const m = data.mirror;
        const found =
          kind === 'link'
            ? m.link(id)
            : (
                {
                  channel: () => m.channels().items,
                  campaign: () => m.campaigns().items,
                  pixel: () => m.pixels().items,
                  domain: () => m.domains().items,
                }[kind]() as { id: number }[]
              ).find((o) => o.id === id);
        return (found ?? null) as ReturnType<Rig['mirrored']>;
      },
      callsSince(from) {
        return double.requests
          .slice(from)
          .filter((r) => r.path !== '/api/account')
          .map((r) => `${r.method} ${r.path}${r.query.size > 0 ? `?${r.query.toString()}` : ''}`);
      },
      async close() {
        for (const close of closers.splice(0).reverse()) await close();
        await proxy?.close();
        await double.close();
        rmSync(dir, { recursive: true, force: true });
      },
    };
    return rig;
  }
  return build();
}

/** Opens rigs for a test file's tests and closes each after its test. */
export function rigsClosedAfterEach(): (options?: RigOptions) => Promise<Rig> {
  const rigs: Rig[] = [];
  afterEach(async () => {
    for (const rig of rigs.splice(0)) await rig.close();
  });
  return async (options: RigOptions = {}) => {
    const r = await openRig(options);
    rigs.push(r);
    return r;
  };
}
