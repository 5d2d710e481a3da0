/**
 * The bridge calls the link editor makes, in one place (components reach the app only through
 * bridge.ts). The small collections come from their mirror stores; these are the rest.
 */
import { call } from '../../bridge.js';
import { asMirrorLinkPage } from '../../composables/shape.js';
import type { LinkInput, LinkUpdateInput, MirrorLink, OutboxItem } from '../../../../electron/shared/models.js';
import type { OutboxOutcome } from '../../../../electron/shared/contract.js';

export const getLink = (id: number) => call('links:get', { id });
export const createLink = (input: LinkInput): Promise<OutboxItem> => call('links:create', input);
export const updateLink = (id: number, input: LinkUpdateInput): Promise<OutboxItem> => call('links:update', { id, input });
export const waitForOutcome = (opId: string): Promise<OutboxOutcome> => call('outbox:wait', { opId });
export const discardOperation = (opId: string): Promise<void> => call('outbox:discard', { opId });
export const findReusable = (url: string, domain?: string): Promise<MirrorLink | null> => call('links:reusable', { url, ...(domain ? { domain } : {}) });

const hostOf = (domain: string): string => {
  try {
    return new URL(domain).host.toLowerCase();
  } catch {
    return domain.toLowerCase();
  }
};

/**
 * A mirrored link already using `alias` on the chosen domain ('' is the service's own host, which
 * is any host not among the branded ones). Aliases are compared exactly: the service's are.
 */
export async function aliasTakenBy(alias: string, domain: string, brandedDomains: string[], exceptId: number | null): Promise<MirrorLink | null> {
  const page = asMirrorLinkPage(await call('links:list', { q: alias, limit: 50 }));
  const branded = new Set(brandedDomains.map(hostOf));
  const wanted = domain ? hostOf(domain) : null;
  return (
    page.items.find((link) => {
      if (link.alias !== alias || link.id === exceptId) return false;
      const host = link.domain.toLowerCase();
      // A link whose host is not known yet ('') may be on any domain: count it as taken.
      if (host === '') return true;
      return wanted === null ? !branded.has(host) : host === wanted;
    }) ?? null
  );
}
