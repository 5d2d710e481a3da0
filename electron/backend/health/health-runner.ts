import { msg } from '../../shared/message-ref.js';
import { randomUUID } from 'node:crypto';
import type { HealthJob } from '../../shared/health.js';
import { AppError } from '../app-error.js';
import type { Mirror } from '../mirror/index.js';
import type { Outbound } from '../net/outbound-request.js';
import { CheckCancelled, checkUrl, DEFAULT_TIMEOUT_MS, isWebUrl, MAX_REDIRECTS, type UrlCheck } from './check-url.js';
import { runPerHost } from './host-pool.js';
import { pruneOrphans, readTargets, writeResults, type HealthTarget } from './health-store.js';

export interface HealthRunnerOptions {
  /**
   * Straight to the target sites (never the service's API client: checks cost no budget), under
   * the outbound rules (the strict ones by default). A job may bring its own (the setting).
   */
  outbound?: Outbound;
  /** One link's whole check, ms (10 s). */
  timeoutMs?: number;
  /** Checks at once over all hosts (4). */
  concurrency?: number;
  /** Pause between two checks of the same host, ms (250). */
  hostGapMs?: number;
  maxRedirects?: number;
  /** Progress events at most this often, ms (250); the first and the last always go out. */
  progressIntervalMs?: number;
  /** Results are written in batches at most this often, ms (500), so a list is not reread per link. */
  writeIntervalMs?: number;
  /** Wall clock for checkedAt and the job's times. */
  now?: () => number;
  onProgress?: (job: HealthJob & { profileId: string }) => void;
  log?: (message: string) => void;
}

/** Where a job reads its links and writes its results: the profile's mirror. */
export interface HealthSource {
  profileId: string;
  mirror: Mirror;
}

export interface HealthRunner {
  /**
   * Starts checking the given links (all mirrored links without ids). One job at a time.
   * `outbound` replaces the runner's for this job (the rules as the setting is now).
   */
  start(source: HealthSource, ids?: readonly number[], outbound?: Outbound): HealthJob;
  /** The running job, or the last one; null before any (or after `forget`). */
  status(): HealthJob | null;
  /** Stops the running job (requests in flight are aborted); resolves once it has stopped. */
  cancel(): Promise<HealthJob | null>;
  /** Cancels any job and forgets the last one (the profile changed). */
  forget(): Promise<void>;
  /** Resolves when the running job (if any) has finished. */
  settled(): Promise<void>;
  /** The profile of the running or last job. */
  profileId(): string | null;
}

export function createHealthRunner(options: HealthRunnerOptions = {}): HealthRunner {
  const now = options.now ?? (() => Date.now());
  const progressEvery = options.progressIntervalMs ?? 250;
  const writeEvery = options.writeIntervalMs ?? 500;
  let job: HealthJob | null = null;
  let running: { controller: AbortController; done: Promise<void> } | null = null;
  let jobProfile: string | null = null;

  const snapshot = (): HealthJob | null => (job ? { ...job } : null);

  async function run(source: HealthSource, targets: HealthTarget[], controller: AbortController, outbound: Outbound | undefined): Promise<void> {
    const current = job!;
    let lastProgress = 0;
    let progressTimer: ReturnType<typeof setTimeout> | undefined;
    const publish = (force = false) => {
      if (!options.onProgress) return;
      const at = now();
      clearTimeout(progressTimer);
      if (!force && at - lastProgress < progressEvery) {
        // Throttled: the latest figures go out when the interval is over.
        progressTimer = setTimeout(() => publish(true), progressEvery - (at - lastProgress));
        return;
      }
      lastProgress = at;
      options.onProgress({ ...current, profileId: source.profileId });
    };

    let buffer: { target: HealthTarget; check: UrlCheck; at: number }[] = [];
    let lastWrite = now();
    const flush = () => {
      if (buffer.length === 0) return;
      const batch = buffer;
      buffer = [];
      lastWrite = now();
      try {
        source.mirror.write(['links'], () => writeResults(source.mirror.sql, batch));
      } catch (error) {
        // The profile's file was closed under us (profile removed): nothing more can be kept.
        options.log?.(`[health] results could not be stored: ${(error as Error).message}`);
        controller.abort();
      }
    };

    publish(true);
    await runPerHost(
      targets,
      (t) => hostnameOf(t.url),
      async (target) => {
        if (!isWebUrl(target.url)) {
          // Not a web page (mailto:, an app link …): nothing Linkdeck can request; left unchecked.
          current.checked += target.linkIds.length;
          publish();
          return;
        }
        let check: UrlCheck;
        try {
          check = await checkUrl(target.url, {
            timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
            maxRedirects: options.maxRedirects ?? MAX_REDIRECTS,
            signal: controller.signal,
            ...(outbound ? { outbound } : {}),
          });
        } catch (error) {
          if (error instanceof CheckCancelled) return;
          throw error;
        }
        if (controller.signal.aborted) return;
        buffer.push({ target, check, at: now() });
        current.checked += target.linkIds.length;
        if (check.state === 'broken') current.broken += target.linkIds.length;
        if (check.state === 'not-checked') current.notChecked += target.linkIds.length;
        if (now() - lastWrite >= writeEvery) flush();
        publish();
      },
      { concurrency: options.concurrency ?? 4, hostGapMs: options.hostGapMs ?? 250, signal: controller.signal },
    ).catch((error: unknown) => options.log?.(`[health] the check stopped: ${(error as Error).message}`));
    flush();
    current.status = controller.signal.aborted ? 'cancelled' : 'done';
    current.finishedAt = now();
    publish(true);
    clearTimeout(progressTimer);
  }

  return {
    start(source, ids, outbound) {
      if (running) throw AppError.keyed('invalid-input', msg('errors.health.running'));
      let read: { targets: HealthTarget[]; links: number };
      try {
        source.mirror.write(['links'], () => pruneOrphans(source.mirror.sql));
        read = readTargets(source.mirror.sql, ids);
      } catch (error) {
        options.log?.(`[health] the links could not be read: ${(error as Error).message}`);
        throw AppError.keyed('internal', msg('errors.health.unreadable'));
      }
      if (read.links === 0) {
        throw AppError.keyed('invalid-input', ids === undefined ? msg('errors.health.noLinks') : msg('errors.health.noneSynced'));
      }
      const controller = new AbortController();
      job = { id: randomUUID(), status: 'running', total: read.links, checked: 0, broken: 0, notChecked: 0, startedAt: now(), finishedAt: null };
      const done = run(source, read.targets, controller, outbound ?? options.outbound).finally(() => {
        running = null;
      });
      running = { controller, done };
      jobProfile = source.profileId;
      return { ...job };
    },
    status: snapshot,
    async cancel() {
      if (running) {
        running.controller.abort();
        await running.done;
      }
      return snapshot();
    },
    async forget() {
      // Forgotten at once: the new profile must not see the old one's job, even while it stops.
      const stopping = running;
      job = null;
      jobProfile = null;
      if (stopping) {
        stopping.controller.abort();
        await stopping.done;
      }
    },
    settled: () => running?.done ?? Promise.resolve(),
    profileId: () => jobProfile,
  };
}

function hostnameOf(url: string): string {
  try {
    return new URL(url).hostname.toLowerCase();
  } catch {
    return '';
  }
}
