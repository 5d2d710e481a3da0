import type { StoreContext } from '../context.js';
import { first, q, type Work } from '../database/work.js';
import { badRequest } from '../errors.js';
import type { DroppedItem } from './dropped.js';
import type { LinkInput } from './link-input.js';

/** What a link input refers to, checked to belong to the user. Undefined: not in the input. */
export interface LinkReferences {
  /** 0: the service's own host. */
  domainId?: number;
  pixels?: number[];
  channelId?: number | null;
  campaignId?: number | null;
  splashId?: number;
  overlayId?: number;
}

type OwnedTable = 'pixels' | 'channels' | 'campaigns' | 'splash_pages' | 'overlays';

function* owns(table: OwnedTable, id: number, userId: number): Work<boolean> {
  return (yield* first(q(`SELECT 1 AS ok FROM ${table} WHERE id = ? AND user_id = ?`, id, userId))) !== undefined;
}

/** The lower-case host (with a non-default port) of "https://go.example.com" or "go.example.com". */
export function domainHost(domain: string): string | null {
  const hasScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(domain);
  try {
    const url = new URL(hasScheme ? domain : `http://${domain}`);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    return url.host.toLowerCase() || null;
  } catch {
    return null;
  }
}

/**
 * The domain id for the input's `domain`: one of the user's branded domains (matched by host, so
 * "https://go.example.com", "go.example.com" and "GO.example.com/" all match), or 0 when it names
 * the service's own address.
 */
export function* resolveDomain(ctx: StoreContext, userId: number, domain: string): Work<number> {
  const host = domainHost(domain);
  if (host !== null && host === domainHost(ctx.baseUrl())) return 0;
  const row =
    host === null
      ? undefined
      : yield* first<{ id: number }>(q('SELECT id FROM domains WHERE host = ? AND user_id = ?', host, userId));
  if (!row) {
    throw badRequest(
      `The domain ${JSON.stringify(domain.slice(0, 200))} is not one of your branded domains. Add it with POST /api/domain/add first, or leave "domain" out to use the service's own address.`,
    );
  }
  return row.id;
}

/**
 * Checks every id of the input against the user's own objects; the message names the unknown
 * one. A pixel that is not the user's is an unusable item of an optional list: it is left out and
 * recorded in `dropped` (as real deployments skip it), never linked.
 */
export function* resolveReferences(
  ctx: StoreContext,
  userId: number,
  input: LinkInput,
  dropped: DroppedItem[] = [],
): Work<LinkReferences> {
  const refs: LinkReferences = {};
  if (input.domain !== undefined)
    refs.domainId = input.domain === null ? 0 : yield* resolveDomain(ctx, userId, input.domain);
  if (input.pixels !== undefined) {
    refs.pixels = [];
    for (const id of input.pixels) {
      if (yield* owns('pixels', id, userId)) {
        refs.pixels.push(id);
        continue;
      }
      dropped.push({
        field: 'pixels',
        reason: `There is no pixel with the id ${id} among yours (list them with GET /api/pixels); it was left out.`,
      });
    }
  }
  if (input.channel !== undefined) {
    if (input.channel !== null && !(yield* owns('channels', input.channel, userId))) {
      throw badRequest(
        `There is no channel with the id ${input.channel} among yours. List your channels with GET /api/channels.`,
      );
    }
    refs.channelId = input.channel;
  }
  if (input.campaign !== undefined) {
    if (input.campaign !== null && !(yield* owns('campaigns', input.campaign, userId))) {
      throw badRequest(
        `There is no campaign with the id ${input.campaign} among yours. List your campaigns with GET /api/campaigns.`,
      );
    }
    refs.campaignId = input.campaign;
  }
  if (input.type?.kind === 'splash-page') {
    if (!(yield* owns('splash_pages', input.type.id, userId))) {
      throw badRequest(
        `The type names splash page ${input.type.id}, which is not one of yours. List your splash pages with GET /api/splash.`,
      );
    }
    refs.splashId = input.type.id;
  }
  if (input.type?.kind === 'overlay') {
    if (!(yield* owns('overlays', input.type.id, userId))) {
      throw badRequest(
        `The type names overlay ${input.type.id}, which is not one of yours. List your overlays with GET /api/overlay.`,
      );
    }
    refs.overlayId = input.type.id;
  }
  return refs;
}
