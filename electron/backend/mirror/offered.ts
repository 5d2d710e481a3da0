import { englishText, isMessageRef, type MessageRef } from '../../shared/message-ref.js';
import type { NotOffered, OptionalCollection } from '../../shared/models.js';
import type { Sql } from './sqlite.js';
import { readState, writeState } from './sync-state.js';

/*
 * Collections the profile's service has no endpoint for (a 6.1-era deployment has no branded
 * domains, channels or campaigns). Kept with the sync's other facts (sync_state, no table of its
 * own), per profile since each profile has its own mirror file. A deployment may be upgraded, so
 * the mark is a verdict with a date: the sync asks again after ASK_AGAIN_MS, a manual refresh at
 * once, and the first answer with the collection removes it.
 */

/** How long the sync trusts "not offered" before it asks the service again by itself. */
export const ASK_AGAIN_MS = 24 * 60 * 60_000;

export const OPTIONAL_COLLECTIONS: readonly OptionalCollection[] = [
  'domains',
  'channels',
  'campaigns',
  'pixels',
  'overlays',
  'splash',
  'qrs',
];

/**
 * `message` is English; `ref` (issue 44) the same as a message key, shown in the person's
 * language. Marks written by older versions have `message` only.
 */
interface StoredMark {
  message: string;
  ref?: MessageRef;
  since: number;
  checkedAt: number;
}

const keyOf = (collection: OptionalCollection) => `not-offered:${collection}`;

export function readNotOffered(sql: Sql, collection: OptionalCollection): NotOffered | null {
  const mark = readState<StoredMark>(sql, keyOf(collection));
  if (!mark || typeof mark.message !== 'string' || typeof mark.checkedAt !== 'number') return null;
  const since = typeof mark.since === 'number' ? mark.since : mark.checkedAt;
  return {
    message: mark.message,
    ...(isMessageRef(mark.ref) ? { ref: mark.ref } : {}),
    since,
    checkedAt: mark.checkedAt,
    nextCheckAt: mark.checkedAt + ASK_AGAIN_MS,
  };
}

/** Records that the service answered "no such endpoint" for the collection at `now`. */
export function writeNotOffered(
  sql: Sql,
  collection: OptionalCollection,
  words: string | MessageRef,
  now: number,
): void {
  const since = readNotOffered(sql, collection)?.since ?? now;
  const mark: StoredMark =
    typeof words === 'string' ? { message: words, since, checkedAt: now } : { message: englishText(words), ref: words, since, checkedAt: now };
  writeState(sql, keyOf(collection), mark);
}

/** The service answered with the collection: it is offered (again). */
export function clearNotOffered(sql: Sql, collection: OptionalCollection): void {
  writeState(sql, keyOf(collection), undefined);
}

/** The collection an outbox change makes, edits or fills, if it is one a service may lack. */
export function collectionOfChange(kind: string): OptionalCollection | null {
  const object = kind.slice(0, kind.indexOf('.'));
  switch (object) {
    case 'domain':
    case 'channel':
    case 'campaign':
    case 'pixel':
      return `${object}s`;
    default:
      return null;
  }
}
