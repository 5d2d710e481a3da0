import { englishText, msg } from '../shared/message-ref.js';
import type { BudgetState, ConnectionState } from '../shared/contract.js';
import type { Profile } from '../shared/profile-validation.js';
import type { Accounts } from './accounts/index.js';
import { createApiClient } from './api/client.js';
import { ApiClientError } from './api/errors.js';
import { rebaseShortUrls } from './mirror/rebase-short-urls.js';
import { AppError } from './app-error.js';
import type { EventHub } from './event-hub.js';
import { createProfileApi, createScheduler, type ProfileApi } from './scheduler/index.js';
import { openProfileWorkspace, type ProfileWorkspace, type SyncIntervals } from './sync/index.js';

export interface Session {
  profile: Profile;
  api: ProfileApi;
  /** The profile's mirror, sync and outbox. */
  workspace: ProfileWorkspace;
}

interface OpenSession extends Session {
  baseUrl: string;
  stop: () => void;
  /** False from the moment it starts closing: its events then speak for nothing. */
  liveness: { live: boolean };
}

export interface ProfileSessionsOptions {
  fetch?: typeof fetch;
  /** Sync timings (tests shorten them). */
  syncIntervals?: Partial<SyncIntervals>;
  log?: (message: string) => void;
  /**
   * How long a create whose answer was lost waits before it is looked up (default 60 s, see
   * ProfileWorkspaceOptions). Tests against a fast local service shorten it.
   */
  outboxServerMaxExecutionMs?: number;
}

/**
 * One session per profile, made when first needed and kept while the app runs: its API client
 * and rate-aware queue (so a profile's budget survives switching back and forth) and its
 * workspace (offline mirror, background sync, outbox). Publishes the current profile's budget,
 * connectivity, sync progress, outbox state and mirror changes.
 */
export class ProfileSessions {
  private readonly sessions = new Map<string, OpenSession>();
  /** Set by closeAll (the backend closing): no session opens after it. */
  private closed = false;

  constructor(
    private readonly accounts: Accounts,
    private readonly events: EventHub,
    private readonly options: ProfileSessionsOptions = {},
  ) {}

  /** The current profile's session; a clear error when there is none. */
  current(): Session {
    const profile = this.accounts.current();
    if (!profile) throw AppError.keyed('invalid-input', msg('errors.noProfile'));
    return this.sessionFor(profile);
  }

  /**
   * Any profile's session, opened (sync and outbox running) if it is not yet: a transfer works on
   * two profiles at once, the current one and another. A clear error when the profile is gone.
   */
  open(profileId: string): Session {
    const profile = this.accounts.get(profileId);
    if (!profile) throw AppError.keyed('not-found', msg('errors.profileRemoved'));
    return this.sessionFor(profile);
  }

  /** Runs a direct call on the current profile's API; its outcome tells the connectivity. */
  async call<T>(fn: (api: ProfileApi) => Promise<T>): Promise<T> {
    const { api, workspace } = this.current();
    try {
      const value = await fn(api);
      workspace.connectivity.reportOnline();
      return value;
    } catch (error) {
      if (error instanceof ApiClientError) workspace.connectivity.report(error);
      throw error;
    }
  }

  budget(): BudgetState {
    const profile = this.accounts.current();
    if (!profile) {
      return { profileId: null, limit: 30, remaining: 30, resetAt: Date.now(), pausedUntil: null, inFlight: 0, queued: { user: 0, clipboard: 0, view: 0, background: 0 } };
    }
    return { profileId: profile.id, ...this.sessionFor(profile).api.scheduler.state() };
  }

  connectionState(): ConnectionState {
    const profile = this.accounts.current();
    if (!profile) return { profileId: null, online: true };
    // The workspace's service is not running: nothing has failed yet, but nothing can work either.
    const taken = profile.kind === 'local' ? this.accounts.localPortTaken() : null;
    if (taken) {
      // The port as text: a number argument would get the locale's thousands separators.
      const reasonRef = msg('errors.localPortTaken', { port: String(taken) });
      return { profileId: profile.id, online: false, reason: englishText(reasonRef), reasonRef };
    }
    const state = this.sessionFor(profile).workspace.connectivity.state();
    return {
      profileId: profile.id,
      online: state.online,
      ...(state.reason ? { reason: state.reason } : {}),
      ...(state.reasonRef ? { reasonRef: state.reasonRef } : {}),
    };
  }

  /**
   * Closes sessions of removed profiles and of profiles whose address changed (the local
   * workspace moves port between runs); opens the current one (so its sync runs) and republishes.
   */
  async refresh(): Promise<void> {
    const live = new Map(this.accounts.list().map((p) => [p.id, p]));
    for (const [id, session] of this.sessions) {
      const profile = live.get(id);
      if (!profile || profile.baseUrl !== session.baseUrl) await this.close(id);
    }
    const current = this.accounts.current();
    if (current) this.sessionFor(current);
    this.events.emit('budget:changed', this.budget());
    this.events.emit('connection:changed', this.connectionState());
  }

  /** Stops a profile's sync and outbox and closes its mirror (before its data is removed). */
  async close(id: string): Promise<void> {
    const session = this.sessions.get(id);
    if (!session) return;
    this.sessions.delete(id);
    session.liveness.live = false;
    session.stop();
    await session.workspace.close();
    session.api.close();
  }

  /**
   * The local workspace's short links moved to another base (its public address changed): the
   * mirror follows in one UPDATE, without a resync. Returns how many links moved.
   */
  rebaseShortUrls(profile: Profile, from: string, to: string): number {
    const session = this.sessionFor(profile);
    const moved = rebaseShortUrls(session.workspace.data.sql, from, to);
    if (moved > 0 && this.accounts.current()?.id === profile.id) this.events.emit('mirror:changed', { profileId: profile.id, topics: ['links'] });
    return moved;
  }

  async closeAll(): Promise<void> {
    this.closed = true;
    for (const id of [...this.sessions.keys()]) await this.close(id);
  }

  private sessionFor(profile: Profile): OpenSession {
    const existing = this.sessions.get(profile.id);
    if (existing && existing.baseUrl === profile.baseUrl) return existing;
    if (existing) void this.close(profile.id);
    // A late event of a closing profile (its sync cancelled) must not open it again, unseen: its
    // outbox would start sending with nobody left to close its file.
    if (this.closed) throw AppError.keyed('internal', msg('errors.closing'));

    const client = createApiClient({
      baseUrl: profile.baseUrl,
      apiKey: async () => {
        // The workspace did not start because another program holds its port: whatever answers
        // there is not ours, so the workspace's key is not sent to it.
        const taken = profile.kind === 'local' ? this.accounts.localPortTaken() : null;
        if (taken) throw new ApiClientError('offline', msg('errors.localPortTaken', { port: String(taken) }));
        const key = await this.accounts.keyFor(profile.id);
        if (!key) throw new ApiClientError('unauthorized', msg('errors.keyForSessionOnly', { name: profile.name }));
        return key;
      },
      ...(profile.authScheme ? { authScheme: profile.authScheme } : {}),
      onAuthSchemeLearned: (scheme) => void this.accounts.setAuthScheme(profile.id, scheme).catch(() => {}),
      ...(this.options.fetch ? { fetch: this.options.fetch } : {}),
    });
    const api = createProfileApi({ client, scheduler: createScheduler() });
    // A session being closed (or replaced) publishes nothing more.
    const liveness = { live: true };
    const isCurrent = () => liveness.live && this.accounts.current()?.id === profile.id;
    const profileId = profile.id;
    const workspace = openProfileWorkspace({
      dir: this.accounts.dataDirFor(profile.id),
      baseUrl: profile.baseUrl,
      api,
      ...(this.options.syncIntervals ? { intervals: this.options.syncIntervals } : {}),
      ...(this.options.log ? { log: this.options.log } : {}),
      ...(this.options.outboxServerMaxExecutionMs !== undefined ? { outboxServerMaxExecutionMs: this.options.outboxServerMaxExecutionMs } : {}),
      onProgress: (progress) => isCurrent() && this.events.emit('sync:progress', { ...progress, profileId }),
      onOutboxChange: (summary) => isCurrent() && this.events.emit('outbox:changed', { ...summary, profileId }),
      onMirrorChange: (change) => isCurrent() && this.events.emit('mirror:changed', { profileId, topics: change.topics }),
      onConnectivity: () => isCurrent() && this.events.emit('connection:changed', this.connectionState()),
    });
    const stopBudget = api.scheduler.subscribe((state) => {
      if (isCurrent()) this.events.emit('budget:changed', { profileId, ...state });
    });
    const session: OpenSession = { profile, api, workspace, baseUrl: profile.baseUrl, stop: stopBudget, liveness };
    this.sessions.set(profile.id, session);
    workspace.start();
    return session;
  }
}
