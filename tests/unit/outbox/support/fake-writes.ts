import { ApiClientError } from '../../../../electron/backend/api/errors.js';
import type { OutboxApi } from '../../../../electron/backend/outbox/outbox-api.js';
import type { ScheduledOptions } from '../../../../electron/backend/scheduler/profile-api.js';
import type { LinkSummary, Page } from '../../../../electron/shared/models.js';

/*
 * The outbox's side of a link service, in memory: answers like the API client does, records
 * every call, and lets a test script a failure (or a call that never returns) for the next
 * calls of a method. A call leaves at once (its `onSend` is called, as the profile's queue
 * does when it lets a request out), unless it is 'held': then it waits in the queue until it is
 * cancelled, and never leaves.
 */

export type Behaviour =
  | 'ok'
  | 'hang'
  | 'held'
  | ApiClientError
  /** On the wire until `until` resolves, then answers (or fails) as `then`. */
  | { until: Promise<unknown>; then: 'ok' | ApiClientError };

export interface WriteCall {
  method: string;
  args: unknown[];
  idempotencyKey: string | undefined;
  priority: string | undefined;
}

export class FakeWrites {
  calls: WriteCall[] = [];
  links: LinkSummary[] = [];
  private script = new Map<string, Behaviour[]>();
  private nextId = 100;

  /** The next calls of `method` behave as given, in order (then 'ok'). */
  on(method: string, ...behaviours: Behaviour[]): void {
    this.script.set(method, [...(this.script.get(method) ?? []), ...behaviours]);
  }

  methods(): string[] {
    return this.calls.map((c) => c.method);
  }

  private async run<T>(
    method: string,
    args: unknown[],
    options: ScheduledOptions | undefined,
    answer: () => T,
  ): Promise<T> {
    const behaviour = this.script.get(method)?.shift() ?? 'ok';
    if (behaviour === 'held') {
      this.held.push(method);
      return this.untilCancelled(options);
    }
    // The queue lets it out: a throw here means the request must not leave.
    options?.onSend?.();
    this.calls.push({
      method,
      args,
      idempotencyKey: options?.idempotencyKey,
      priority: options?.priority,
    });
    await Promise.resolve();
    if (behaviour === 'hang') return this.untilCancelled(options);
    let outcome: 'ok' | ApiClientError = behaviour === 'ok' || behaviour instanceof ApiClientError ? behaviour : 'ok';
    if (typeof behaviour === 'object' && 'until' in behaviour) {
      await Promise.race([behaviour.until, this.untilCancelled(options)]);
      outcome = behaviour.then;
    }
    if (outcome instanceof ApiClientError) throw outcome;
    return answer();
  }

  /** Calls that waited in the queue and never left (behaviour 'held'). */
  held: string[] = [];

  private untilCancelled<T>(options: ScheduledOptions | undefined): Promise<T> {
    return new Promise<T>((_, reject) => {
      options?.signal?.addEventListener(
        'abort',
        () => reject(new DOMException('cancelled', 'AbortError')),
        { once: true },
      );
    });
  }

  private page<T>(items: T[]): Page<T> {
    return { items, total: items.length, perPage: 100, page: 1, maxPage: 1, hasNext: false };
  }

  readonly api: OutboxApi = {
    links: {
      create: (input, o) =>
        this.run('links.create', [input], o, () => {
          const id = this.nextId++;
          const alias = input.custom ?? `r${id}`;
          const link = {
            id,
            alias,
            shortUrl: `https://s.test/${alias}`,
            longUrl: input.url,
            clicks: 0,
            title: '',
            description: '',
            date: '2026-01-01 00:00:00',
          };
          this.links.unshift(link);
          return { id, shortUrl: link.shortUrl };
        }),
      update: (id, input, o) =>
        this.run('links.update', [id, input], o, () => ({
          id,
          shortUrl: `https://s.test/${input.custom ?? `r${id}`}`,
        })),
      delete: (id, o) =>
        this.run('links.delete', [id], o, () => ({ message: 'Link has been deleted.' })),
      list: (query, o) => this.run('links.list', [query], o, () => this.page(this.links)),
      getByShort: (short, o) =>
        this.run(
          'links.getByShort',
          [short],
          o,
          () => this.links.find((l) => l.alias === short.split('/').pop()) ?? null,
        ),
    },
    channels: {
      create: (input, o) =>
        this.run('channels.create', [input], o, () => ({
          id: this.nextId++,
          name: input.name,
          description: input.description ?? '',
          color: input.color ?? '',
          starred: input.starred ?? false,
        })),
      update: (id, input, o) =>
        this.run('channels.update', [id, input], o, () => ({ message: 'Channel updated.' })),
      delete: (id, o) =>
        this.run('channels.delete', [id], o, () => ({ message: 'Channel deleted.' })),
      assign: (channelId, type, itemId, o) =>
        this.run('channels.assign', [channelId, type, itemId], o, () => ({ message: 'Added.' })),
      list: (query, o) => this.run('channels.list', [query], o, () => this.page([])),
    },
    campaigns: {
      create: (input, o) =>
        this.run('campaigns.create', [input], o, () => ({
          id: this.nextId++,
          name: input.name ?? '',
          public: input.public ?? false,
          rotator: null,
          list: 'https://s.test/c/1',
        })),
      update: (id, input, o) =>
        this.run('campaigns.update', [id, input], o, () => ({
          id,
          name: input.name,
          public: input.public ?? false,
          rotator: null,
          list: `https://s.test/c/${id}`,
        })),
      delete: (id, o) =>
        this.run('campaigns.delete', [id], o, () => ({ message: 'Campaign deleted.' })),
      assign: (campaignId, linkId, o) =>
        this.run('campaigns.assign', [campaignId, linkId], o, () => ({ message: 'Added.' })),
      list: (query, o) => this.run('campaigns.list', [query], o, () => this.page([])),
    },
    domains: {
      create: (input, o) =>
        this.run('domains.create', [input], o, () => ({
          id: this.nextId++,
          domain: input.domain,
          redirectRoot: input.redirectRoot ?? '',
          redirect404: input.redirect404 ?? '',
        })),
      update: (id, input, o) =>
        this.run('domains.update', [id, input], o, () => ({ message: 'Domain updated.' })),
      delete: (id, o) =>
        this.run('domains.delete', [id], o, () => ({ message: 'Domain deleted.' })),
      list: (query, o) => this.run('domains.list', [query], o, () => this.page([])),
    },
    pixels: {
      create: (input, o) =>
        this.run('pixels.create', [input], o, () => ({ id: this.nextId++, ...input, date: '' })),
      update: (id, input, o) =>
        this.run('pixels.update', [id, input], o, () => ({ message: 'Pixel updated.', ...input })),
      delete: (id, o) =>
        this.run('pixels.delete', [id], o, () => ({ message: 'Pixel deleted.' })),
      list: (query, o) => this.run('pixels.list', [query], o, () => this.page([])),
    },
    qrs: {
      create: (input, o) =>
        this.run('qrs.create', [input], o, () => {
          const id = this.nextId++;
          return { id, link: `https://s.test/qr/q${id}` };
        }),
      update: (id, input, o) =>
        this.run('qrs.update', [id, input], o, () => ({ id, link: `https://s.test/qr/q${id}`, message: 'QR updated.' })),
      delete: (id, o) => this.run('qrs.delete', [id], o, () => ({ message: 'QR deleted.' })),
      list: (query, o) => this.run('qrs.list', [query], o, () => this.page([])),
      get: (id, o) =>
        this.run('qrs.get', [id], o, () => {
          throw new ApiClientError('not-found', `QR code ${id} was not found.`, { status: 404 });
        }),
    },
  };
}

export const fail = (
  code: ConstructorParameters<typeof ApiClientError>[0],
  message = `${code} failure`,
  status?: number,
) => new ApiClientError(code, message, status ? { status } : {});
