/**
 * The bridge calls of the domains section, in one place (components reach the app only through
 * bridge.ts). The list itself comes from the domains mirror store.
 */
import { call } from '../../bridge.js';
import { asMirrorLinkPage } from '../../composables/shape.js';
import type { DomainInput, OutboxItem } from '../../../../electron/shared/models.js';
import type { OutboxOutcome } from '../../../../electron/shared/contract.js';

export const createDomain = (input: DomainInput): Promise<OutboxItem> => call('domains:create', input);
export const updateDomain = (id: number, input: Omit<DomainInput, 'domain'>): Promise<OutboxItem> => call('domains:update', { id, ...input });
export const deleteDomain = (id: number): Promise<OutboxItem> => call('domains:delete', { id });
/** Resolves when the service took the change; rejects with its refusal in words. */
export const waitForOutcome = (opId: string): Promise<OutboxOutcome> => call('outbox:wait', { opId });

/** The links of the mirror on a domain: the first few aliases and how many there are. */
export async function linksUsing(domain: string): Promise<{ aliases: string[]; total: number }> {
  const page = asMirrorLinkPage(await call('links:list', { filters: { domain }, limit: 5 }));
  return { aliases: page.items.map((l) => l.alias || l.shortUrl).filter(Boolean), total: page.total };
}
