import type { StatsFillState } from '../../shared/analytics.js';
import { toAppError } from '../app-error.js';
import type { Mirror } from '../mirror/mirror.js';
import type { Clock } from '../scheduler/clock.js';
import { estimateEtaMs } from '../sync/eta.js';
import { crawlDetails, pickCondition, type CrawlPick } from '../sync/details-crawl.js';
import { ProgressTracker } from '../sync/progress.js';
import type { Connectivity } from '../sync/connectivity.js';
import type { SyncApi } from '../sync/sync-api.js';

/*
 * "Fill the gaps": reads the details (and so the statistics) of every link the mirror has none
 * for, with the details crawl's own step, one request per link at background priority: the
 * scheduler sends them only from the budget the user's actions leave (it keeps a quarter of each
 * window back from background work), so the app stays as responsive as during a sync.
 *
 * On a profile without a rate limit (the local workspace) reading costs nothing: the fill starts
 * by itself when the view asks for its state, and it also reads again the statistics of links
 * clicked since their details were read, so "Who clicked" counts the clicks the page shows.
 */

export interface FillTarget {
  profileId: string;
  api: SyncApi;
  mirror: Mirror;
  connectivity: Connectivity;
  /** The service sets no rate limit that matters (see shared/unmetered.ts). */
  unmetered: boolean;
}

/** Links per crawl step: small, so that a stop or a profile switch takes effect soon. */
const STEP = 5;
/** Time one details read takes when the budget does not hold it back (for the ETA). */
const LATENCY_MS = 250;

/** Which links a fill reads for this target. */
const pickOf = (target: Pick<FillTarget, 'unmetered'>): CrawlPick => (target.unmetered ? 'stale' : 'never-read');

/** Links the fill has left to read: without statistics (and, unmetered, with stale ones). */
export const linksWithoutStats = (mirror: Mirror, pick: CrawlPick = 'never-read'): number =>
  mirror.sql.count(`SELECT COUNT(*) AS n FROM links WHERE ${pickCondition(pick)}`);

export class StatsFill {
  private owner: string | null = null;
  private running = false;
  private read = 0;
  private error: string | null = null;
  private controller: AbortController | null = null;
  private done: Promise<void> = Promise.resolve();

  constructor(private readonly clock: Clock) {}

  /** What the fill does for this profile now, with the ETA of what is left. */
  state(target: FillTarget): StatsFillState {
    const left = linksWithoutStats(target.mirror, pickOf(target));
    const mine = this.owner === target.profileId;
    const budget = target.api.scheduler?.state();
    const etaMs =
      left === 0
        ? null
        : budget
          ? estimateEtaMs({ requestsLeft: left, budget, now: this.clock.now(), latencyMs: LATENCY_MS })
          : left * LATENCY_MS;
    return {
      running: mine && this.running,
      left,
      read: mine ? this.read : 0,
      etaMs,
      error: mine ? this.error : null,
      automatic: target.unmetered,
    };
  }

  /**
   * The state the view asks for; unmetered, a fill with links left starts first (not again after
   * it stopped on an error: the view offers to try again).
   */
  stateOrStart(target: FillTarget): StatsFillState {
    const now = this.state(target);
    if (target.unmetered && now.left > 0 && !now.running && now.error === null) return this.start(target);
    return now;
  }

  start(target: FillTarget): StatsFillState {
    if (this.running && this.owner === target.profileId) return this.state(target);
    this.stop();
    this.owner = target.profileId;
    this.running = true;
    this.read = 0;
    this.error = null;
    const controller = new AbortController();
    this.controller = controller;
    this.done = this.run(target, controller.signal);
    return this.state(target);
  }

  /** Stops reading (the request in flight is cancelled); what was read stays. */
  stop(): void {
    this.controller?.abort();
    this.controller = null;
    this.running = false;
  }

  /** Resolves when the current run has ended (tests, closing). */
  settled(): Promise<void> {
    return this.done;
  }

  ownerId(): string | null {
    return this.owner;
  }

  private async run(target: FillTarget, signal: AbortSignal): Promise<void> {
    const ctx = {
      api: target.api,
      mirror: target.mirror,
      clock: this.clock,
      connectivity: target.connectivity,
      progress: new ProgressTracker(this.clock, () => undefined, () => {}, { syncedAt: null, online: true, nextProbeAt: null }),
      priority: 'background' as const,
      signal,
    };
    try {
      while (!signal.aborted) {
        const pick = pickOf(target);
        const read = await crawlDetails(ctx, STEP, pick);
        this.read += read;
        // A step that read nothing forgot links gone from the service; stop once none is left.
        if (read === 0 && linksWithoutStats(target.mirror, pick) === 0) break;
      }
    } catch (error) {
      if (!signal.aborted) this.error = toAppError(error).message;
    } finally {
      if (this.controller?.signal === signal) {
        this.running = false;
        this.controller = null;
      }
    }
  }
}
