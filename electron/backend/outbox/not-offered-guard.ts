import { msg } from '../../shared/message-ref.js';
import type { OptionalCollection, OutboxMutation } from '../../shared/models.js';
import { AppError } from '../app-error.js';
import { collectionOfChange, readNotOffered } from '../mirror/offered.js';
import type { Sql } from '../mirror/sqlite.js';

/*
 * Nothing is queued for a collection the profile's service does not offer (mirror/offered.ts):
 * it could only be refused, and meanwhile it would hold back the changes that depend on it.
 * The views disable what would make such a change; this is the last word, in the same terms.
 */

/** The collections a change needs: its own, and those a link names (campaign, pixels …). */
function collectionsOf(mutation: OutboxMutation): OptionalCollection[] {
  const own = collectionOfChange(mutation.kind);
  const needed: OptionalCollection[] = own ? [own] : [];
  if (mutation.kind === 'channel.assign') needed.push('channels');
  if (mutation.kind === 'campaign.assign') needed.push('campaigns');
  if (mutation.kind === 'link.create' || mutation.kind === 'link.update') {
    const input = mutation.input;
    if (input.domain) needed.push('domains');
    if (input.pixels && input.pixels.length > 0) needed.push('pixels');
    if (typeof input.channel === 'number') needed.push('channels');
    if (typeof input.campaign === 'number') needed.push('campaigns');
    const type = input.type;
    if (typeof type === 'object' && 'overlayId' in type) needed.push('overlays');
    if (typeof type === 'object' && 'splashPageId' in type) needed.push('splash');
  }
  return needed;
}

/** Throws an 'invalid-input' refusal, in words, when the change needs a collection not offered. */
export function refuseNotOffered(sql: Sql, mutation: OutboxMutation): void {
  for (const collection of collectionsOf(mutation)) {
    const mark = readNotOffered(sql, collection);
    if (!mark) continue;
    throw AppError.keyed('invalid-input', msg('errors.notOffered.notQueued', { reason: mark.ref ?? mark.message }));
  }
}
