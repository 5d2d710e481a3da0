import type { MirrorLink } from '../../../../electron/shared/models.js';
import { middleSplit } from '../table/table-layout.js';
import { shortUrlParts } from './short-url.js';
import { shownTitle } from './shown-title.js';

/**
 * What a Links row shows of its link (issue 43): the row's v-memo compares these values, not the
 * link object, because every answer of the local service brings new objects for the same links
 * (a search narrowing key after key brings back mostly the same rows). A field LinkRows.vue,
 * rowFace or link-badges.ts starts to show must be added here, or the row keeps showing its old value.
 */
export function shownFields(link: MirrorLink | undefined): unknown[] {
  if (!link) return NO_LINK;
  return [
    link.id,
    link.shortUrl,
    link.longUrl,
    link.title,
    link.clicks,
    link.date,
    link.channelId,
    link.campaignId,
    link.health,
    link.status,
    link.passwordProtected,
    link.expired,
    link.expiry,
    link.failed,
    link.pending,
  ];
}

const NO_LINK: unknown[] = Array.from({ length: 15 }, () => undefined);

/**
 * The texts a row cuts out of its link, made once per row and answer: the rows are plain
 * elements in one template (LinkRows.vue), which has no per-row computed to hold them.
 */
export interface RowFace {
  /** The short URL's host (may be cut), its port and path (never cut) and its alias (whole). */
  hostname: string;
  port: string;
  alias: string;
  /** The title, or '' where it only repeats the address. */
  title: string;
  /** The destination cut in its middle: the head shrinks, the tail stays. */
  longHead: string;
  longTail: string;
}

export function rowFace(link: MirrorLink): RowFace {
  const short = shortUrlParts(link.shortUrl);
  const long = middleSplit(link.longUrl, 24);
  return { hostname: short.hostname, port: short.port, alias: short.alias, title: shownTitle(link.title, link.longUrl), longHead: long.head, longTail: long.tail };
}

export interface RowSlot<R> {
  row: R;
  link: MirrorLink | undefined;
  /** Its texts (undefined while the row is not read yet). */
  face: RowFace | undefined;
  /** Its place's key (RowPlaces): the elements a row is drawn in, whichever link it shows. */
  key: number;
}

/**
 * Keys for the rows on screen that reuse the elements of the rows that left (issue 43). A new
 * query shows its rows in the same places as the last one: each place keeps its elements and
 * only its texts and marks change, where keys by link id made ~17 rows of ~20 elements again at
 * every keystroke (and Blink's heap filled with the old ones: major GCs). A scroll hands the
 * elements of the rows that left the screen to the rows that came in.
 */
export class RowPlaces {
  private byIndex = new Map<number, number>();
  private next = 0;

  /** The key of each row index, in order; an index that stays on screen keeps its key. */
  keys(indices: readonly number[]): number[] {
    const kept = new Map<number, number>();
    const free: number[] = [];
    const wanted = new Set(indices);
    for (const [index, key] of this.byIndex) {
      if (wanted.has(index)) kept.set(index, key);
      else free.push(key);
    }
    const keys = indices.map((index) => {
      let key = kept.get(index);
      if (key === undefined) kept.set(index, (key = free.pop() ?? this.next++));
      return key;
    });
    this.byIndex = kept;
    return keys;
  }
}

/** The visible rows with their links, texts and keys, each link read once per render. */
export function rowSlots<R extends { index: number }>(rows: readonly R[], rowAt: (index: number) => MirrorLink | undefined, places: RowPlaces): RowSlot<R>[] {
  const keys = places.keys(rows.map((row) => row.index));
  return rows.map((row, i) => {
    const link = rowAt(row.index);
    return { row, link, face: link ? rowFace(link) : undefined, key: keys[i]! };
  });
}
