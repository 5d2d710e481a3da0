import type { FastifyReply } from 'fastify';
import { ApiError } from '../errors.js';

/*
 * The robustness principle for a link's optional structured fields (parameters, geotarget,
 * devicetarget, languagetarget, pixels, deeplink): an item the service cannot use is dropped and
 * the rest of the request goes on, as real deployments do. The API's own documentation prints an
 * add-link request whose `parameters` hold a targeting-shaped row beside a proper one; a client
 * that copied it must still get its link. Required and scalar fields keep their 400s.
 *
 * What was dropped is told without breaking anyone: an extra `dropped` list in the answer
 * (clients of the spec ignore keys they do not know) and an `X-Linkdeck-Dropped` header.
 */

/** One dropped item: where it was in the request (`parameters[1]`, `deeplink.apple`) and why. */
export interface DroppedItem {
  field: string;
  reason: string;
}

export const DROPPED_HEADER = 'X-Linkdeck-Dropped';
/** The answer lists at most this many; the last entry then says how many more there were. */
export const MAX_DROPPED_LISTED = 50;

/**
 * Runs `read` on one optional item; a 400 it throws drops the item (recorded under `field`)
 * instead of refusing the request. Any other failure is a real fault and goes on up.
 */
export function usable<T>(dropped: DroppedItem[], field: string, read: () => T): T | undefined {
  try {
    return read();
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 400) throw error;
    dropped.push({ field, reason: `${error.message} ${field} was left out.` });
    return undefined;
  }
}

/** The top-level fields that lost something ("parameters, pixels"): short enough for a header. */
export function droppedFields(dropped: readonly DroppedItem[]): string {
  return [...new Set(dropped.map((d) => /^[a-z]+/i.exec(d.field)?.[0] ?? d.field))].join(', ');
}

/** Adds the dropped items to a success answer (body and header); unchanged when none was. */
export function withDropped<T extends object>(
  reply: FastifyReply,
  answer: T,
  dropped: readonly DroppedItem[],
): T | (T & { dropped: DroppedItem[] }) {
  if (dropped.length === 0) return answer;
  reply.header(DROPPED_HEADER, droppedFields(dropped));
  const over = dropped.length > MAX_DROPPED_LISTED;
  const listed = dropped.slice(0, over ? MAX_DROPPED_LISTED - 1 : MAX_DROPPED_LISTED);
  if (over) {
    const rest = dropped.slice(listed.length);
    listed.push({
      field: droppedFields(rest),
      reason: `${rest.length} more items were left out.`,
    });
  }
  return { ...answer, dropped: listed };
}
