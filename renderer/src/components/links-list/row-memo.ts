import type { MirrorLink } from '../../../../electron/shared/models.js';

/**
 * What a Links row shows of its link (issue 43): the row's v-memo compares these values, not the
 * link object, because every answer of the local service brings new objects for the same links
 * (a search narrowing key after key brings back mostly the same rows). A field LinkRow.vue or
 * link-badges.ts starts to show must be added here, or the row keeps showing its old value.
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

export interface RowSlot<R> {
  row: R;
  link: MirrorLink | undefined;
  /** The link's id, so the same link keeps its DOM across answers; a row not read yet (or,
   *  defensively, a second row with an id already shown) is keyed by its index. */
  key: number | string;
}

/** The visible rows with their links and keys, each link read once per render. */
export function rowSlots<R extends { index: number }>(rows: readonly R[], rowAt: (index: number) => MirrorLink | undefined): RowSlot<R>[] {
  const seen = new Set<number>();
  return rows.map((row) => {
    const link = rowAt(row.index);
    if (link && !seen.has(link.id)) {
      seen.add(link.id);
      return { row, link, key: link.id };
    }
    return { row, link, key: `at${row.index}` };
  });
}
