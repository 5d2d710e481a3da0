import type { LinkFilterField, MirrorLink, PendingKind } from '../../shared/models.js';
import { readFailedMark } from '../outbox/failed-mark.js';

/**
 * A link_health row (aliased `h`) still tells about link `l`: it checked the long URL the link
 * has now. A check made before the long URL was edited says nothing about the new target.
 */
export const healthCurrent = (link = 'l', health = 'h') => `${health}.url = ${link}.long_url`;

/**
 * The link's health state for a list row: a scalar subquery rather than a join, so every query
 * that reads LINK_COLUMNS gets it without changing its FROM, and it costs one primary-key
 * lookup per row of the window (never per matching row).
 */
const HEALTH_COLUMN = `(SELECT h.state FROM link_health h WHERE h.link_id = l.id AND ${healthCurrent()}) AS health`;

/** The columns a list answer reads (aliased `l.` in queries). */
export const LINK_COLUMNS = `l.id, l.alias, l.short_url, l.long_url, l.clicks, l.title, l.description,
  l.date, l.domain, l.channel_id, l.channel_known, l.campaign_id, l.campaign_known, l.status,
  l.password, l.expiry, l.expiry_known, l.details_at, l.pending, l.failed, l.op_id, ${HEALTH_COLUMN}`;

/**
 * LINK_COLUMNS as one JSON object per row, for reading a window as one JSON text (JSON.parse of
 * 50 rows costs a fraction of libsql making a JS object per row and column). Made from
 * LINK_COLUMNS, so the two cannot drift; a column this cannot name fails at load.
 */
export const LINK_JSON = `json_object(${LINK_COLUMNS.split(',')
  .map((column) => {
    const text = column.trim();
    const name = /^l\.(\w+)$/.exec(text)?.[1] ?? /^\(.*\) AS (\w+)$/s.exec(text)?.[1];
    if (!name) throw new Error(`LINK_JSON cannot name the column ${text}`);
    return `'${name}', ${text.replace(/ AS \w+$/, '')}`;
  })
  .join(', ')})`;

export interface LinkRow {
  id: number;
  alias: string;
  short_url: string;
  long_url: string;
  clicks: number;
  title: string;
  description: string;
  date: string;
  domain: string;
  channel_id: number | null;
  channel_known: number;
  campaign_id: number | null;
  campaign_known: number;
  status: string | null;
  password: number | null;
  expiry: string | null;
  expiry_known: number;
  details_at: number | null;
  pending: string | null;
  failed: string | null;
  op_id: string | null;
  /** ok | broken from the last check of the current long URL; null: not checked. */
  health?: string | null;
}

const PENDING: readonly PendingKind[] = ['create', 'update', 'delete'];

/** A row as the list shows it; `nowText` is the current time in the service's date form. */
export function toMirrorLink(r: LinkRow, nowText: string): MirrorLink {
  const unknown: LinkFilterField[] = [];
  if (r.channel_known !== 1) unknown.push('channel');
  if (r.campaign_known !== 1) unknown.push('campaign');
  if (r.status === null) unknown.push('status');
  if (r.password === null) unknown.push('password');
  if (r.expiry_known !== 1) unknown.push('expired');
  const status = r.status === 'public' || r.status === 'private' ? r.status : null;
  const expiry = r.expiry_known === 1 ? r.expiry : null;
  return {
    id: r.id,
    alias: r.alias,
    shortUrl: r.short_url,
    longUrl: r.long_url,
    clicks: r.clicks,
    title: r.title,
    description: r.description,
    date: r.date,
    provisional: r.id < 0,
    domain: r.domain,
    channelId: r.channel_known === 1 ? r.channel_id : null,
    campaignId: r.campaign_known === 1 ? r.campaign_id : null,
    status,
    passwordProtected: r.password === null ? null : r.password === 1,
    expiry,
    expired: r.expiry_known !== 1 ? null : expiry !== null && expiry <= nowText,
    unknown,
    detailsFetchedAt: r.details_at,
    pending: PENDING.includes(r.pending as PendingKind) ? (r.pending as PendingKind) : null,
    ...readFailedMark(r.failed),
    opId: r.op_id,
    health: r.health === 'ok' || r.health === 'broken' ? r.health : null,
  };
}
