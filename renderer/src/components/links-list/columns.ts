import type { LinkSort } from '../../../../electron/shared/models.js';
import type { LayoutColumn } from '../table/table-layout.js';

/**
 * A column of the links list after the checkbox; `sort` is the mirror order its header asks for;
 * its widths and when it gives way as the shared table layout takes them (table-layout.ts).
 */
export interface LinkColumn extends LayoutColumn {
  /** The message key of its header. */
  label: string;
  sort: LinkSort | null;
  align?: 'end';
}

/** The checkbox's column, before every other. */
export const CHECK_COLUMN: LayoutColumn = { id: 'check', min: 32, grow: 0 };

// Minimums: the header label with its sort arrow in the longest language (pt-BR's "Cliques ↕"
// needs 77 px), or the content that must show whole (a short
// link's host, port and alias; a date; two badges). Channel and campaign leave first (the
// detail names them), then the date.
export const COLUMNS: readonly LinkColumn[] = [
  { id: 'short', label: 'links.columns.short', sort: 'alias', min: 170, grow: 1.2 },
  { id: 'destination', label: 'links.columns.destination', sort: 'url', min: 200, grow: 3 },
  { id: 'clicks', label: 'links.columns.clicks', sort: 'clicks', align: 'end', min: 80, grow: 0 },
  { id: 'created', label: 'links.columns.created', sort: 'date', min: 112, grow: 0, drop: 3 },
  { id: 'channel', label: 'links.columns.channel', sort: null, min: 100, grow: 0.7, drop: 2 },
  { id: 'campaign', label: 'links.columns.campaign', sort: null, min: 100, grow: 0.7, drop: 1 },
  { id: 'state', label: 'links.columns.state', sort: 'state', min: 150, grow: 0.5 },
];

/**
 * A first click on a header asks for the order people mean by it: names A to Z, numbers,
 * dates and states (what needs a look) highest first. A click on the current one turns it round.
 */
export function nextSort(current: LinkSort, direction: 'asc' | 'desc', clicked: LinkSort): { sort: LinkSort; direction: 'asc' | 'desc' } {
  if (clicked === current) return { sort: clicked, direction: direction === 'asc' ? 'desc' : 'asc' };
  return { sort: clicked, direction: clicked === 'alias' || clicked === 'url' || clicked === 'title' ? 'asc' : 'desc' };
}
