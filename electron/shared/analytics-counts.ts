/**
 * What the Analytics view counts (issue 37, item 1): the one place that decides it.
 *
 * - **Clicks** are visits of the links a person made: the links the Links view lists. Every
 *   "clicks" figure of the page (the header, both timelines, top links, movers, channels,
 *   campaigns, who clicked) counts those and nothing else.
 * - **Scans** are visits of QR codes' hidden short links (a dynamic code encodes one so that its
 *   scans can be counted). They are not links a person made, never appear in the Links view, and
 *   are never counted as clicks: the page shows them apart, as QR code scans, with their own
 *   total and (where the service counts them) their own timeline.
 *
 * Before this, the local service's timeline counted both while the totals beside it counted
 * clicks only, and the page said "12 clicks" above a chart of 22.
 *
 * The local service applies the split in SQL with the predicates below (a hidden link is a row of
 * `links` whose `qr_id` is set); the mirror holds listed links only, so its sums are clicks, and
 * QR codes' scans come from the QR code list (or, on the local service, with the timeline).
 */
export const COUNTED_AS_CLICKS_SQL = 'qr_id IS NULL';
export const COUNTED_AS_SCANS_SQL = 'qr_id IS NOT NULL';

/** The two figures the page's header shows, apart. */
export interface CountedFigures {
  /** Links listed (QR codes' hidden links excluded). */
  links: number;
  /** Their clicks. */
  clicks: number;
  /** QR codes that count scans (dynamic types). */
  codes: number;
  /** Their scans. */
  scans: number;
}
