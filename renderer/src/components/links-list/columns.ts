import type { LinkSort } from '../../../../electron/shared/models.js';

/** A column of the links list after the checkbox; `sort` is the mirror order its header asks for. */
export interface LinkColumn {
  id: string;
  label: string;
  sort: LinkSort | null;
  align?: 'end';
}

export const COLUMNS: readonly LinkColumn[] = [
  { id: 'short', label: 'Short link', sort: 'alias' },
  { id: 'destination', label: 'Destination', sort: 'url' },
  { id: 'clicks', label: 'Clicks', sort: 'clicks', align: 'end' },
  { id: 'created', label: 'Created', sort: 'date' },
  { id: 'channel', label: 'Channel', sort: null },
  { id: 'campaign', label: 'Campaign', sort: null },
  { id: 'state', label: 'State', sort: 'state' },
];

/**
 * A first click on a header asks for the order people mean by it: names A to Z, numbers,
 * dates and states (what needs a look) highest first. A click on the current one turns it round.
 */
export function nextSort(current: LinkSort, direction: 'asc' | 'desc', clicked: LinkSort): { sort: LinkSort; direction: 'asc' | 'desc' } {
  if (clicked === current) return { sort: clicked, direction: direction === 'asc' ? 'desc' : 'asc' };
  return { sort: clicked, direction: clicked === 'alias' || clicked === 'url' || clicked === 'title' ? 'asc' : 'desc' };
}
