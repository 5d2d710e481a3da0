import type { Profile } from '../shared/profile-validation.js';
import type { BudgetState, ConnectionState } from '../shared/contract.js';
import type { Accounts } from './accounts/index.js';
import { createApiClient } from './api/client.js';
import { ApiClientError } from './api/errors.js';
import { AppError } from './app-error.js';
import type { EventHub } from './event-hub.js';
import { createProfileApi, createScheduler, type ProfileApi } from './scheduler/index.js';

interface Session {
  baseUrl: string;
  api: ProfileApi;
  unsubscribe: () => void;
}

/**
 * One API client and one rate-aware queue per profile, made when first needed and kept while
 * the app runs, so a profile's budget survives switching back and forth. Publishes the current
 * profile's budget and whether its service answers.
 */
export class ProfileSessions {
  private readonly sessions = new Map<string, Session>();
  private connection: ConnectionState = { profileId: null, online: true };

  constructor(
    private readonly accounts: Accounts,
    private readonly events: EventHub,
    private readonly fetchImpl?: typeof fetch,
  ) {}

  /** The scheduled API of the current profile; a clear error when there is none. */
  current(): { profile: Profile; api: ProfileApi } {
    const profile = this.accounts.current();
    if (!profile) throw AppError.of('invalid-input', 'Choose the local workspace or connect to a service first.');
    return { profile, api: this.sessionFor(profile).api };
  }

  /** Runs a call on the current profile's API, tracking whether its service can be reached. */
  async call<T>(fn: (api: ProfileApi) => Promise<T>): Promise<T> {
    const { profile, api } = this.current();
    try {
      const value = await fn(api);
      this.setOnline(profile.id, true);
      return value;
    } catch (error) {
      if (error instanceof ApiClientError && error.code === 'offline') this.setOnline(profile.id, false, error.message);
      else if (error instanceof ApiClientError) this.setOnline(profile.id, true);
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
    return { ...this.connection, profileId: this.accounts.current()?.id ?? null };
  }

  /** Forgets sessions of removed profiles and of profiles whose address changed; republishes. */
  refresh(): void {
    const live = new Map(this.accounts.list().map((p) => [p.id, p]));
    for (const [id, session] of this.sessions) {
      const profile = live.get(id);
      if (!profile || profile.baseUrl !== session.baseUrl) this.drop(id);
    }
    this.events.emit('budget:changed', this.budget());
    this.events.emit('connection:changed', this.connectionState());
  }

  close(): void {
    for (const id of [...this.sessions.keys()]) this.drop(id);
  }

  private sessionFor(profile: Profile): Session {
    const existing = this.sessions.get(profile.id);
    if (existing && existing.baseUrl === profile.baseUrl) return existing;
    if (existing) this.drop(profile.id);
    const client = createApiClient({
      baseUrl: profile.baseUrl,
      apiKey: async () => {
        const key = await this.accounts.keyFor(profile.id);
        if (!key) throw new ApiClientError('unauthorized', `Enter the API key of "${profile.name}" again: it was kept for the last session only.`);
        return key;
      },
      ...(profile.authScheme ? { authScheme: profile.authScheme } : {}),
      onAuthSchemeLearned: (scheme) => void this.accounts.setAuthScheme(profile.id, scheme).catch(() => {}),
      ...(this.fetchImpl ? { fetch: this.fetchImpl } : {}),
    });
    const api = createProfileApi({ client, scheduler: createScheduler() });
    const unsubscribe = api.scheduler.subscribe((state) => {
      if (this.accounts.current()?.id === profile.id) this.events.emit('budget:changed', { profileId: profile.id, ...state });
    });
    const session = { baseUrl: profile.baseUrl, api, unsubscribe };
    this.sessions.set(profile.id, session);
    return session;
  }

  private drop(id: string): void {
    const session = this.sessions.get(id);
    if (!session) return;
    session.unsubscribe();
    session.api.close();
    this.sessions.delete(id);
  }

  private setOnline(profileId: string, online: boolean, reason?: string): void {
    if (this.connection.profileId === profileId && this.connection.online === online) return;
    this.connection = online ? { profileId, online } : { profileId, online, ...(reason ? { reason } : {}) };
    this.events.emit('connection:changed', this.connection);
  }
}
