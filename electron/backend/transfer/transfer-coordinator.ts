import { msg } from '../../shared/message-ref.js';
import { randomUUID } from 'node:crypto';
import type { BulkJob, BulkRow, BulkRowsPage } from '../../shared/bulk.js';
import type { ExportFile } from '../../shared/exports.js';
import type { TransferPlan, TransferRequest } from '../../shared/transfer.js';
import { AppError } from '../app-error.js';
import type { BulkRunner } from '../bulk/bulk-runner.js';
import { storeAliasChoices } from '../bulk/alias-taken.js';
import { insertJob, getJob } from '../bulk/bulk-store.js';
import type { ProfileWorkspace } from '../sync/profile-workspace.js';
import type { ProfileApi } from '../scheduler/index.js';
import { planTransfer, type TransferSide } from './transfer-plan.js';
import type { TransferRegistry } from './transfer-registry.js';
import { sweepRemovals } from './transfer-removals.js';
import { transferResultCsv, type CreatedNames } from './transfer-result-csv.js';
import { deleteTransfer, getTransfer, insertTransfer, pendingRemovals, transferInfo, transferRows } from './transfer-store.js';

/** What the coordinator needs of the profile sessions (wired by createBackend). */
export interface TransferSessions {
  open(profileId: string): { profile: { id: string; name: string }; api: Pick<ProfileApi, 'scheduler'>; workspace: ProfileWorkspace };
  currentProfileId(): string | null;
}

export interface TransferCoordinatorOptions {
  sessions: TransferSessions;
  registry: TransferRegistry;
  /** Pushes a transfer job to the SOURCE profile's views (the target's own push comes from the bulk handlers). */
  emit: (job: BulkJob & { profileId: string }) => void;
  now?: () => number;
  newId?: () => string;
  log: (message: string) => void;
}

/** A bulk job handle of another profile (a transfer whose source is the current one). */
export interface RoutedJob {
  targetProfileId: string;
  runner: BulkRunner;
}

/**
 * Copying or moving links between profiles. A transfer is a bulk job of the TARGET profile (its
 * creates paced by the target's budget, resumed with the target's session) with its rows' source
 * links beside it; a move then deletes each confirmed link through the SOURCE's outbox
 * (transfer-removals.ts). Sessions open lazily, so `resume()` opens, at start, the sessions every
 * unfinished transfer needs (from transfers.json).
 */
export class TransferCoordinator {
  private readonly followed = new WeakSet<ProfileWorkspace>();
  private readonly now: () => number;
  private readonly newId: () => string;

  constructor(private readonly options: TransferCoordinatorOptions) {
    this.now = options.now ?? Date.now;
    this.newId = options.newId ?? randomUUID;
  }

  plan(request: TransferRequest): TransferPlan {
    return this.draft(request).draft.plan;
  }

  async start(request: TransferRequest): Promise<BulkJob> {
    const { draft, sourceId, target } = this.draft(request);
    if (draft.rows.length === 0) throw AppError.keyed('invalid-input', msg('errors.transfer.chooseLinks'));
    const { workspace } = target;
    const outbox = workspace.outbox;
    // Names the target lacks: created there first (provisional ids until the service answers;
    // the outbox sends the links after them and puts the real ids in).
    const channelIds = new Map<string, number>();
    const campaignIds = new Map<string, number>();
    if (request.createMissing) {
      // With what the source's ones carry (colour, description, public flag), as the dry run said.
      for (const input of draft.namesToCreate.channels) channelIds.set(input.name.toLowerCase(), idOf(outbox.enqueue({ kind: 'channel.create', input })));
      for (const input of draft.namesToCreate.campaigns) campaignIds.set((input.name ?? '').toLowerCase(), idOf(outbox.enqueue({ kind: 'campaign.create', input })));
    }
    const rows = draft.rows.map((row, idx) => {
      const channel = draft.channelOfRow.get(idx);
      const campaign = draft.campaignOfRow.get(idx);
      const input = { ...row.input };
      if (channel !== undefined && channelIds.has(channel)) input.channel = channelIds.get(channel) as number;
      if (campaign !== undefined && campaignIds.has(campaign)) input.campaign = campaignIds.get(campaign) as number;
      return { ...row, input };
    });
    const jobId = this.newId();
    const now = this.now();
    const name = `${request.mode === 'move' ? 'Move' : 'Copy'} from ${draft.plan.sourceName}`;
    // The app-level entry first: a crash before the job is written leaves an entry without a job
    // (dropped at the next start), never a job nobody resumes.
    await this.options.registry.add({ jobId, sourceProfileId: sourceId, targetProfileId: target.profile.id, finished: false });
    const sql = workspace.data.mirror.sql;
    // The rows name created channels and campaigns by their provisional ids, which the mirror
    // forgets once the service answers: their names are kept for the result CSV.
    if (channelIds.size + campaignIds.size > 0) workspace.data.mirror.setState(createdNamesKey(jobId), createdNames(draft.plan, channelIds, campaignIds));
    sql.transaction(() => {
      // Written paused, then resumed through the runner: rows left out by the dry run are settled
      // before the runner sees the job.
      insertJob(sql, { id: jobId, name, createdAt: now, finishedAt: null, status: 'paused', reuse: true, total: rows.length }, rows);
      storeAliasChoices(sql, jobId, rows.map(() => request.aliasTaken));
      insertTransfer(sql, { jobId, mode: request.mode, sourceProfileId: sourceId, sourceName: draft.plan.sourceName, targetName: draft.plan.targetName, leftOut: draft.plan.leftOut }, rows);
    });
    this.follow(target.profile.id, workspace);
    workspace.bulk.resume(jobId);
    return this.decorate(workspace.bulk.get(jobId), target.profile.id);
  }

  /** The job with its `transfer` when it is one (a job of the profile `profileId` is looked up in its file). */
  decorate(job: BulkJob, targetProfileId: string): BulkJob {
    try {
      const sql = this.options.sessions.open(targetProfileId).workspace.data.mirror.sql;
      const stored = getTransfer(sql, job.id);
      return stored ? { ...job, transfer: transferInfo(sql, stored, targetProfileId) } : job;
    } catch {
      return job;
    }
  }

  /** Rows with their source link, for a transfer's job. */
  rows(page: BulkRowsPage, jobId: string, offset: number, targetProfileId: string): BulkRowsPage {
    const sql = this.options.sessions.open(targetProfileId).workspace.data.mirror.sql;
    if (!getTransfer(sql, jobId)) return page;
    const sources = new Map(transferRows(sql, jobId, offset, page.rows.length).map((r) => [r.idx, r]));
    const rows: BulkRow[] = page.rows.map((row) => {
      const s = sources.get(row.index);
      return s ? { ...row, source: { linkId: s.linkId, shortUrl: s.shortUrl, removal: s.removal, error: s.error, ...(s.errorRef ? { errorRef: s.errorRef } : {}) } } : row;
    });
    return { ...page, rows };
  }

  resultCsv(file: ExportFile, jobId: string, targetProfileId: string): ExportFile {
    const sql = this.options.sessions.open(targetProfileId).workspace.data.mirror.sql;
    const stored = getTransfer(sql, jobId);
    const mirror = this.options.sessions.open(targetProfileId).workspace.data.mirror;
    return stored ? { ...file, content: transferResultCsv(sql, jobId, mirror, mirror.state<CreatedNames>(createdNamesKey(jobId)) ?? null) } : file;
  }

  /** A job of another profile that the current one may reach by id: a transfer it is the source of. */
  route(jobId: string): RoutedJob | null {
    const entry = this.options.registry.get(jobId);
    const current = this.options.sessions.currentProfileId();
    if (!entry || entry.targetProfileId === current || entry.sourceProfileId !== current) return null;
    const session = this.options.sessions.open(entry.targetProfileId);
    this.follow(entry.targetProfileId, session.workspace);
    return { targetProfileId: entry.targetProfileId, runner: session.workspace.bulk };
  }

  /** Transfers whose source is this profile (they live in their target's file), decorated. */
  jobsFromSource(profileId: string): BulkJob[] {
    const out: BulkJob[] = [];
    for (const entry of this.options.registry.list()) {
      if (entry.sourceProfileId !== profileId || entry.targetProfileId === profileId) continue;
      try {
        const session = this.options.sessions.open(entry.targetProfileId);
        this.follow(entry.targetProfileId, session.workspace);
        out.push(this.decorate(session.workspace.bulk.get(entry.jobId), entry.targetProfileId));
      } catch (error) {
        this.options.log(`[transfer] job ${entry.jobId} could not be read: ${(error as Error).message}`);
      }
    }
    return out;
  }

  /** Before `bulk:remove`: a move's deletes still waiting for an answer keep it. */
  beforeRemove(jobId: string, targetProfileId: string): void {
    const sql = this.options.sessions.open(targetProfileId).workspace.data.mirror.sql;
    if (!getTransfer(sql, jobId)) return;
    const waiting = pendingRemovals(sql, jobId).length;
    if (waiting > 0) throw AppError.keyed('invalid-input', msg('errors.transfer.stillDeleting', { n: waiting }));
  }

  async removed(jobId: string, targetProfileId: string): Promise<void> {
    const sql = this.options.sessions.open(targetProfileId).workspace.data.mirror.sql;
    deleteTransfer(sql, jobId);
    await this.options.registry.remove(jobId);
  }

  /**
   * At start: opens the target (and, for a move, the source) session of every unfinished
   * transfer, so its rows and deletes go on; drops entries whose job is gone.
   */
  async resume(): Promise<void> {
    for (const entry of this.options.registry.list()) {
      if (entry.finished) continue;
      try {
        const target = this.options.sessions.open(entry.targetProfileId);
        const sql = target.workspace.data.mirror.sql;
        if (!getJob(sql, entry.jobId)) {
          await this.options.registry.remove(entry.jobId);
          continue;
        }
        this.follow(entry.targetProfileId, target.workspace);
        this.settleTransfer(entry.targetProfileId, target.workspace, entry.jobId);
      } catch (error) {
        // Its target profile was removed (and its data with it): nothing is left to resume.
        if (error instanceof AppError && error.info.code === 'not-found') await this.options.registry.remove(entry.jobId);
        else this.options.log(`[transfer] an unfinished transfer could not be resumed: ${(error as Error).message}`);
      }
    }
  }

  /** Subscribes once to a target workspace's jobs (sessions open lazily: every way in calls this). */
  follow(targetProfileId: string, workspace: ProfileWorkspace): void {
    if (this.followed.has(workspace)) return;
    this.followed.add(workspace);
    workspace.bulk.onChange((job) => {
      if (!workspace.data.mirror.sql.db.open) return;
      if (!getTransfer(workspace.data.mirror.sql, job.id)) return;
      this.settleTransfer(targetProfileId, workspace, job.id);
    });
  }

  /** A transfer's job changed: deletes of newly confirmed rows, the registry's "finished", the source's push. */
  private settleTransfer(targetProfileId: string, workspace: ProfileWorkspace, jobId: string): void {
    const sql = workspace.data.mirror.sql;
    const stored = getTransfer(sql, jobId);
    if (!stored) return;
    const push = () => this.pushToSource(targetProfileId, workspace, jobId);
    if (stored.mode === 'move') {
      try {
        const source = this.options.sessions.open(stored.sourceProfileId).workspace;
        sweepRemovals({ targetSql: sql, jobId, source: { outbox: source.outbox, mirror: source.data.mirror }, onChange: push, log: this.options.log });
      } catch (error) {
        this.options.log(`[transfer] the source of job ${jobId} cannot be reached for its deletes: ${(error as Error).message}`);
      }
    }
    push();
  }

  private pushTimers = new Map<string, ReturnType<typeof setTimeout>>();

  /** At most a few pushes a second per job (deletes answer one by one). */
  private pushToSource(targetProfileId: string, workspace: ProfileWorkspace, jobId: string): void {
    if (this.pushTimers.has(jobId)) return;
    const timer = setTimeout(() => {
      this.pushTimers.delete(jobId);
      const sql = workspace.data.mirror.sql;
      if (!sql.db.open) return;
      const stored = getTransfer(sql, jobId);
      const job = getJob(sql, jobId);
      if (!stored || !job) return;
      const presented = this.decorate(workspace.bulk.get(jobId), targetProfileId);
      const finished = (job.status === 'done' || job.status === 'cancelled') && presented.counts.sending === 0 && pendingRemovals(sql, jobId).length === 0 && (stored.mode === 'copy' || confirmedLeft(presented) === 0);
      void this.options.registry.update(jobId, { finished });
      const current = this.options.sessions.currentProfileId();
      // The target's own views get the job from the bulk handlers; the source's from here.
      if (current === stored.sourceProfileId && current !== targetProfileId) this.options.emit({ ...presented, profileId: current });
      else if (current === targetProfileId) this.options.emit({ ...presented, profileId: current });
    }, 250);
    timer.unref?.();
    this.pushTimers.set(jobId, timer);
  }

  /**
   * Stops the push timers (the backend closes) and waits for the registry's last write: a timer
   * that fired just before may have started one, which would otherwise land in the data folder
   * after the backend said it was closed.
   */
  async close(): Promise<void> {
    for (const timer of this.pushTimers.values()) clearTimeout(timer);
    this.pushTimers.clear();
    await this.options.registry.settled();
  }

  private draft(request: TransferRequest) {
    const currentId = this.options.sessions.currentProfileId();
    if (!currentId) throw AppError.keyed('invalid-input', msg('errors.noProfile'));
    if (request.targetProfileId === currentId) throw AppError.keyed('invalid-input', msg('errors.transfer.sameProfile'));
    const source = this.options.sessions.open(currentId);
    const target = this.options.sessions.open(request.targetProfileId);
    this.follow(target.profile.id, target.workspace);
    const side = (s: typeof source): TransferSide => ({ mirror: s.workspace.data.mirror, name: s.profile.name, budget: s.api.scheduler.state() });
    const draft = planTransfer(request, side(source), side(target), this.now());
    return { draft, sourceId: currentId, target };
  }
}

/** Rows a move has confirmed whose source link is not settled yet (estimated from the counts). */
function confirmedLeft(job: BulkJob): number {
  const t = job.transfer;
  if (!t) return 0;
  return Math.max(0, job.counts.created + job.counts.reused - t.removedFromSource - t.removeFailed);
}

/** Sync-state key of the names a transfer created, by provisional id. */
const createdNamesKey = (jobId: string) => `transfer-names:${jobId}`;

function createdNames(plan: TransferPlan, channelIds: Map<string, number>, campaignIds: Map<string, number>): CreatedNames {
  const byId = (names: string[], ids: Map<string, number>) =>
    Object.fromEntries(names.flatMap((name) => (ids.has(name.toLowerCase()) ? [[String(ids.get(name.toLowerCase())), name]] : [])));
  return { channels: byId(plan.missingChannels, channelIds), campaigns: byId(plan.missingCampaigns, campaignIds) };
}

const idOf = (item: { provisionalId?: number | null; id?: number | null }): number => {
  const id = item.provisionalId ?? item.id;
  if (typeof id !== 'number') throw AppError.keyed('internal', msg('errors.transfer.noProvisionalId'));
  return id;
};
