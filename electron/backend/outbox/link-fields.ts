import type { LinkInput, LinkSaved, OutboxMutation } from '../../shared/models.js';
import {
  completeLinkUpdate,
  forgetPixelInSentFields,
  recordAssignedCampaign,
  recordCreatedFields,
  recordUpdatedFields,
} from '../mirror/link-known-fields.js';
import type { Sql } from '../mirror/sqlite.js';

/*
 * A queued link edit holds only what the person changed. It is completed from the mirror when it
 * is sent, not when it was typed: two queued edits of one link then never undo each other, and
 * the service (which clears every field an update leaves out) gets the complete link.
 */

/** The operation as it goes on the wire: a link update completed from what the mirror knows. */
export function completedForSending(sql: Sql, m: OutboxMutation): OutboxMutation {
  if (m.kind !== 'link.update') return m;
  return { ...m, input: completeLinkUpdate(sql, m.id, m.input).input };
}

/**
 * After the service confirmed a link create or update: what was sent is now the link's state
 * (run in the transaction that settles the operation, before its other mirror writes). A
 * confirmed pixel delete takes the pixel off what the links were sent.
 */
export function recordConfirmedLinkFields(
  sql: Sql,
  m: OutboxMutation,
  answer: unknown,
  now: number,
  resolve: (id: number) => number,
): void {
  if (m.kind === 'link.create') {
    const saved = answer as LinkSaved | null;
    if (saved && typeof saved.id === 'number') recordCreatedFields(sql, saved.id, resolveRefs(m.input, resolve), now);
  } else if (m.kind === 'link.update') {
    const { input, cleared } = completeLinkUpdate(sql, m.id, resolveRefs(m.input, resolve));
    recordUpdatedFields(sql, m.id, input, cleared, now);
  } else if (m.kind === 'campaign.assign') {
    recordAssignedCampaign(sql, resolve(m.linkId), resolve(m.campaignId), now);
  } else if (m.kind === 'pixel.delete') {
    forgetPixelInSentFields(sql, m.id);
  }
}

/** The campaign and pixels a change names, with provisional ids replaced by the service's. */
function resolveRefs<T extends Pick<LinkInput, 'pixels'> & { campaign?: number | null }>(input: T, resolve: (id: number) => number): T {
  return {
    ...input,
    ...(typeof input.campaign === 'number' ? { campaign: resolve(input.campaign) } : {}),
    ...(input.pixels ? { pixels: input.pixels.map(resolve) } : {}),
  };
}
