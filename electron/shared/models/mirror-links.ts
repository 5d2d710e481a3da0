/**
 * Links in the offline mirror (issue 4): what the links list asks for and gets (query, filters,
 * facets), and what the detail view opens (details, readings over time, import origins). Part of
 * the shared models (see ../models.ts).
 */
import type { ClearedOnUpdate } from '../link-update.js';
import type { LinkDetails, LinkStats, LinkSummary } from './links.js';
import type { Freshness } from './mirror.js';
import type { OutboxMarks } from './outbox.js';

/** Link fields some services only tell in a link's details: unknown until then. */
export type LinkFilterField = 'channel' | 'campaign' | 'status' | 'password' | 'expired';

/** A link as the mirror lists it. */
export interface MirrorLink extends LinkSummary, OutboxMarks {
  /** True for a link whose create is still in the outbox: its id is negative and provisional. */
  provisional: boolean;
  /** The host of the short URL (`go.brand.com`, or the service's own host); '' while unknown. */
  domain: string;
  channelId: number | null;
  campaignId: number | null;
  status: 'public' | 'private' | null;
  passwordProtected: boolean | null;
  expiry: string | null;
  /** Whether the link has expired (null when its expiry is unknown). */
  expired: boolean | null;
  /** The fields above that the mirror does not know for this link (its details were never read). */
  unknown: LinkFilterField[];
  /** Unix ms of the last details read, or null. */
  detailsFetchedAt: number | null;
  /**
   * The last health check of its long URL ('ok' or 'broken'), or null when never checked (or
   * checked before the long URL changed). Absent where the answer does not carry it.
   */
  health?: 'ok' | 'broken' | null;
}

/**
 * The orders of the links list. 'alias': the short link's alias; 'url': the destination (long
 * URL); 'state': what needs a look first (see STATE_RANK in the mirror's schema): a refused
 * change, an unconfirmed one, an expiry, a password, private, then the rest.
 */
export type LinkSort = 'date' | 'clicks' | 'title' | 'alias' | 'url' | 'state';

export interface MirrorLinkFilters {
  /** A channel id, or 'none' for links in no channel. */
  channel?: number | 'none';
  /** A campaign id, or 'none'. */
  campaign?: number | 'none';
  /** The host of the short URLs (see {@link MirrorLink.domain}). */
  domain?: string;
  status?: 'public' | 'private';
  /** true: password-protected links only; false: links without a password. */
  password?: boolean;
  /** true: expired links only; false: links that have not expired (or never expire). */
  expired?: boolean;
  /** Links with an unconfirmed change ('pending'), a refused one ('failed') or either ('any'). */
  outbox?: 'pending' | 'failed' | 'any';
  /** By the last health check of the target: 'broken', 'ok', or 'unchecked' (never checked). */
  health?: 'broken' | 'ok' | 'unchecked';
}

export interface MirrorLinkQuery {
  /** Search as you type over alias, short URL, long URL, title and note (word prefixes). */
  q?: string;
  /** Default 'date'. */
  sort?: LinkSort;
  /** Default 'desc'. */
  direction?: 'asc' | 'desc';
  /** Rows to skip (a virtual list asks for windows). Default 0. */
  offset?: number;
  /** Default 50, at most 500. */
  limit?: number;
  filters?: MirrorLinkFilters;
}

export interface MirrorLinkPage extends Freshness {
  items: MirrorLink[];
  /** Links matching the query. */
  total: number;
  offset: number;
  limit: number;
  /**
   * Links left out only because a filtered field is unknown for them (their details were
   * never read): "and 120 links whose campaign is not known yet".
   */
  unknown: number;
}

export interface FacetValue<V> {
  /** null: none (no channel, no campaign…). */
  value: V | null;
  count: number;
}

export interface Facet<V> {
  values: FacetValue<V>[];
  /** Links whose value is unknown (details never read). */
  unknown: number;
}

/**
 * Counts per filter value for the filter UI. Each facet counts the links matching the search
 * and every other active filter (not its own), so a person sees what choosing a value gives.
 */
export interface LinkFacets extends Freshness {
  channel: Facet<number>;
  campaign: Facet<number>;
  domain: Facet<string>;
  status: Facet<'public' | 'private'>;
  password: Facet<boolean>;
  expired: Facet<boolean>;
  outbox: Facet<'pending' | 'failed'>;
  /** By the last health check; `unchecked` counts the links never checked. Absent on older backends. */
  health?: Facet<'ok' | 'broken' | 'unchecked'>;
}

/** One reading of a link's statistics, for charts over time. */
export interface LinkSnapshot {
  /** Unix ms. */
  at: number;
  clicks: number;
  /** Null for readings from a list (lists carry only the click count). */
  uniqueClicks: number | null;
  stats: LinkStats | null;
  source: 'details' | 'list';
}

/**
 * What a link's import kept from the service it came from: its clicks there (they cannot be
 * moved to this one), when it was made there, and its tags after the first. One per source: a
 * second import from another source adds one, the same source again updates its own.
 */
export interface LinkOrigin {
  /** Where the link came from, as the import named it ("Bitly export", "Kutt at kutt.it"). */
  source: string;
  /** The service's name ("Bitly"), for "created on Bitly 2023-04-02"; null for an unknown file. */
  service: string | null;
  /** Its click count there, or null when the import had none. */
  clicks: number | null;
  /** Unix ms it was made there, or null. */
  created: number | null;
  /** Its tags there after the first (which named the channel). */
  tags: string[];
  /** Unix ms of the import. */
  importedAt: number;
  /** The alias it had there, when the import could not keep it (issue 39). */
  oldAlias?: string;
  /** Its expiry there, as the import read it, when it had passed or could not be read. */
  oldExpiry?: string;
  /** Values of the import that could not be read, left out of the link. */
  leftOut?: { field: 'clicks' | 'created' | 'expiry' | 'channel' | 'campaign' | 'domain' | 'status' | 'type'; value: string }[];
}

/** A link as the detail view opens it from the mirror. */
export interface MirrorLinkDetails extends Freshness {
  link: MirrorLink;
  /** The last details read (with its statistics), or null when never read. */
  details: LinkDetails | null;
  /** Unix ms of that read. */
  fetchedAt: number | null;
  /** Readings over time, oldest first. */
  snapshots: LinkSnapshot[];
  /** True when the details are older than the refresh age and could not be read again now. */
  stale: boolean;
  /**
   * Fields whose current value Linkdeck cannot know (set on the service's website, and never
   * returned by it): an update that does not set them makes the service clear them.
   */
  unknownOnUpdate: ClearedOnUpdate[];
  /** What its imports kept from the services it came from (clicks, created date, tags), oldest import first. */
  origins: LinkOrigin[];
}
