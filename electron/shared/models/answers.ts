/**
 * The envelopes the link service's answers come in: one page of a list, or a bare confirmation.
 * Part of the shared models (see ../models.ts).
 */

/** One page of a list endpoint. */
export interface Page<T> {
  items: T[];
  /** Number of results over all pages. */
  total: number;
  /** Page size the service used (not always the one asked for). */
  perPage: number;
  /** This page's number, from 1. */
  page: number;
  /** The last page's number (at least 1). */
  maxPage: number;
  /** Whether a page after this one exists. */
  hasNext: boolean;
}

/** A service's answer that only confirms (delete, assign, update). */
export interface Confirmation {
  /** The service's confirmation text (empty when it sent none). */
  message: string;
}
