import type { ApiClient } from '../../../../electron/backend/api/client.js';
import type { Mirror } from '../../../../electron/backend/mirror/mirror.js';
import type { LinkSummary, Page } from '../../../../electron/shared/models.js';

/*
 * The server's state (read through the API, every page) and the mirror's, in one comparable
 * shape: "the mirror equals the server, every collection and field".
 */

async function all<T>(fetch: (page: number) => Promise<Page<T>>): Promise<T[]> {
  const items: T[] = [];
  for (let page = 1; ; page++) {
    const answer = await fetch(page);
    items.push(...answer.items);
    if (!answer.hasNext || answer.items.length === 0) return items;
  }
}

const byId = <T extends { id: number }>(items: T[]) => [...items].sort((a, b) => a.id - b.id);

export async function serverState(client: ApiClient) {
  const links = await all((page) => client.links.list({ page, limit: 100 }));
  const channels = await all((page) => client.channels.list({ page, limit: 100 }));
  const channelItems: Record<number, unknown[]> = {};
  for (const c of channels) {
    channelItems[c.id] = byId(
      await all((page) => client.channels.items(c.id, { page, limit: 100 })),
    );
  }
  return {
    links: byId(links),
    channels: byId(channels),
    channelItems,
    campaigns: byId(await all((page) => client.campaigns.list({ page, limit: 100 }))),
    domains: byId(await all((page) => client.domains.list({ page, limit: 100 }))),
    pixels: byId(await all((page) => client.pixels.list({ page, limit: 100 }))),
    overlays: byId(await all((page) => client.overlays.list({ page, limit: 100 }))),
    splash: byId(await all((page) => client.splash.list({ page, limit: 100 }))),
    account: await client.account.get(),
  };
}

export function mirrorState(mirror: Mirror) {
  const links: LinkSummary[] = mirror.sql
    .all<{
      id: number;
      alias: string;
      short_url: string;
      long_url: string;
      clicks: number;
      title: string;
      description: string;
      date: string;
    }>(
      'SELECT id, alias, short_url, long_url, clicks, title, description, date FROM links WHERE id > 0 ORDER BY id',
    )
    .map((r) => ({
      id: r.id,
      alias: r.alias,
      shortUrl: r.short_url,
      longUrl: r.long_url,
      clicks: r.clicks,
      title: r.title,
      description: r.description,
      date: r.date,
    }));
  const strip = <
    T extends {
      id: number;
      pending: unknown;
      failed: unknown;
      opId: unknown;
      provisional: unknown;
    },
  >(
    items: T[],
  ) =>
    byId(
      items.map((item) => {
        const { pending: _p, failed: _f, opId: _o, provisional: _v, ...rest } = item;
        return rest as Omit<T, 'pending' | 'failed' | 'opId' | 'provisional'> & { id: number };
      }),
    );
  const channels = strip(mirror.channels().items);
  const channelItems: Record<number, unknown[]> = {};
  for (const c of channels) channelItems[c.id] = byId(mirror.channelItems(c.id).items);
  return {
    links,
    channels,
    channelItems,
    campaigns: strip(mirror.campaigns().items),
    domains: strip(mirror.domains().items),
    pixels: strip(mirror.pixels().items),
    overlays: strip(mirror.overlays().items),
    splash: strip(mirror.splashPages().items),
    account: mirror.account()?.account,
  };
}

/** The channel of each link on the server (from every channel's items). */
export function channelOfLinks(
  state: Awaited<ReturnType<typeof serverState>>,
): Map<number, number> {
  const out = new Map<number, number>();
  for (const [channelId, items] of Object.entries(state.channelItems)) {
    for (const item of items as { id: number; type: string }[]) {
      if (item.type === 'links') out.set(item.id, Number(channelId));
    }
  }
  return out;
}
