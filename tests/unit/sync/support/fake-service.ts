import { ApiClientError } from '../../../../electron/backend/api/errors.js';
import type { ScheduledOptions } from '../../../../electron/backend/scheduler/profile-api.js';
import type { SyncApi } from '../../../../electron/backend/sync/sync-api.js';
import type {
  Account,
  Channel,
  ChannelItem,
  LinkDetails,
  LinkSummary,
  Page,
  RateBudgetState,
} from '../../../../electron/shared/models.js';

/*
 * An in-memory link service behind the sync's API: pages like the reference service (limit
 * capped at 100, `perpage` says what was used), and scriptable: offline, refusing large limits.
 */

export interface Call {
  method: string;
  args: unknown[];
  priority: string | undefined;
  /** When it was made (by `now`). */
  at: number;
}

export class FakeService {
  links: LinkSummary[] = [];
  channels: Channel[] = [];
  items = new Map<number, ChannelItem[]>();
  account: Account = {
    id: 1,
    email: 'you@test',
    username: 'you',
    avatar: '',
    status: 'pro',
    expires: null,
    registered: '2025-01-01 00:00:00',
  };
  maxLimit = 100;
  offline = false;
  /** Answer limits above the maximum with invalid-input (as some deployments do). */
  refuseLargeLimit = false;
  calls: Call[] = [];
  /** The clock calls are stamped with. */
  now: () => number = Date.now;
  budget: RateBudgetState = {
    limit: 30,
    remaining: 30,
    resetAt: 0,
    pausedUntil: null,
    inFlight: 0,
    queued: { user: 0, clipboard: 0, view: 0, background: 0 },
  };
  private nextId = 1;

  addLinks(count: number, start = Date.UTC(2025, 0, 1)): LinkSummary[] {
    const added: LinkSummary[] = [];
    for (let i = 0; i < count; i++) {
      const id = this.nextId++;
      const date = new Date(start + id * 1000).toISOString().slice(0, 19).replace('T', ' ');
      const link = {
        id,
        alias: `a${id}`,
        shortUrl: `https://s.test/a${id}`,
        longUrl: `https://example.com/${id}`,
        clicks: id % 7,
        title: `Link ${id}`,
        description: '',
        date,
      };
      this.links.push(link);
      added.push(link);
    }
    return added;
  }

  private track(method: string, args: unknown[], options?: ScheduledOptions): void {
    this.calls.push({ method, args, priority: options?.priority, at: this.now() });
    if (this.offline) throw new ApiClientError('offline', 'Could not reach the service.');
  }

  callsOf(method: string): Call[] {
    return this.calls.filter((c) => c.method === method);
  }

  private page<T>(all: T[], query: { page?: number; limit?: number } = {}): Page<T> {
    if (this.refuseLargeLimit && (query.limit ?? 0) > this.maxLimit)
      throw new ApiClientError('invalid-input', 'limit too large');
    const perPage = Math.min(query.limit ?? 15, this.maxLimit);
    const page = query.page ?? 1;
    const items = all.slice((page - 1) * perPage, page * perPage);
    const maxPage = Math.max(1, Math.ceil(all.length / perPage));
    return { items, total: all.length, perPage, page, maxPage, hasNext: page < maxPage };
  }

  readonly api: SyncApi = {
    links: {
      list: async (query = {}, options) => {
        this.track('links.list', [query], options);
        const sorted = [...this.links].sort((a, b) =>
          query.order === 'click' ? b.clicks - a.clicks || b.id - a.id : b.id - a.id,
        );
        return this.page(sorted, query);
      },
      get: async (id, options) => {
        this.track('links.get', [id], options);
        const link = this.links.find((l) => l.id === id);
        if (!link) throw new ApiClientError('not-found', `Link ${id} was not found.`);
        const details: LinkDetails = {
          id: link.id,
          alias: link.alias,
          shortUrl: link.shortUrl,
          longUrl: link.longUrl,
          title: link.title,
          description: link.description,
          location: {},
          device: {},
          expiry: null,
          date: link.date,
          stats: {
            clicks: link.clicks,
            uniqueClicks: Math.floor(link.clicks / 2),
            topCountries: {},
            topReferrers: {},
            topBrowsers: {},
            topOs: {},
            socialCount: {},
          },
        };
        return details;
      },
    },
    account: {
      get: async (options) => {
        this.track('account.get', [], options);
        return this.account;
      },
    },
    channels: {
      list: async (query, options) => {
        this.track('channels.list', [query], options);
        return this.page(this.channels, query);
      },
      items: async (id, query, options) => {
        this.track('channels.items', [id, query], options);
        return this.page(this.items.get(id) ?? [], query);
      },
    },
    campaigns: { list: async (q, o) => (this.track('campaigns.list', [q], o), this.page([], q)) },
    domains: { list: async (q, o) => (this.track('domains.list', [q], o), this.page([], q)) },
    pixels: { list: async (q, o) => (this.track('pixels.list', [q], o), this.page([], q)) },
    overlays: { list: async (q, o) => (this.track('overlays.list', [q], o), this.page([], q)) },
    splash: { list: async (q, o) => (this.track('splash.list', [q], o), this.page([], q)) },
    qrs: {
      list: async (q, o) => (this.track('qrs.list', [q], o), this.page([], q)),
      get: async (id, o) => {
        this.track('qrs.get', [id], o);
        throw new ApiClientError('not-found', `QR code ${id} was not found.`, { status: 404 });
      },
    },
    scheduler: { state: () => this.budget },
  };
}
