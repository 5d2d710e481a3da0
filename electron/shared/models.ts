/**
 * Linkdeck's own models of what the link service serves, normalised from the many shapes real
 * deployments answer with (see electron/backend/api). Pure types: every layer imports them.
 *
 * Dates are kept as the service wrote them (`YYYY-MM-DD HH:MM:SS`, or `YYYY-MM-DD` for channel
 * items) because the service does not say which time zone it means; they sort as text.
 */
import type { ClearedOnUpdate } from './link-update.js';
import type { PixelType } from './pixel-types.js';
import type { QrData, QrType } from './qr-codes.js';

export type { ClearedOnUpdate, PixelType };

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

/** A short link as lists show it. */
export interface LinkSummary {
  id: number;
  alias: string;
  shortUrl: string;
  longUrl: string;
  clicks: number;
  title: string;
  /** The link's note (the API calls it `description`); may be empty. */
  description: string;
  /** Creation date. */
  date: string;
}

/** A short link as lists show it (the same as {@link LinkSummary}). */
export type Link = LinkSummary;

/** Name → count (countries, referrers, browsers, operating systems, social networks). */
export type CountMap = Record<string, number>;

/** A link's click statistics. Maps are empty where the service answers `0`. */
export interface LinkStats {
  clicks: number;
  uniqueClicks: number;
  topCountries: CountMap;
  topReferrers: CountMap;
  topBrowsers: CountMap;
  topOs: CountMap;
  /** One counter per social network, keyed by lowercase network name. */
  socialCount: CountMap;
}

/**
 * Fields of a link's details beyond the spec's `details`. A faithful deployment sends none of
 * them; the local link service sends them all so a client can mirror a link completely. Each is
 * present only when the service sent it (and it could be read).
 */
export interface LinkDetailsExtras {
  /** True when the alias was chosen by the user. */
  custom?: boolean;
  /** The branded domain (with its scheme) the short URL is on; null: the service's own host. */
  domain?: string | null;
  /** The redirect type in the form the input takes (a splash page or overlay by its id). */
  redirect?: LinkRedirect;
  status?: 'public' | 'private';
  /** Whether the link asks for a password (the password itself is never sent). */
  passwordProtected?: boolean;
  metaTitle?: string;
  metaDescription?: string;
  metaImage?: string;
  /** Lowercase language tag → target URL. */
  language?: Record<string, string>;
  deepLink?: DeepLinks;
  /** Pixel ids. */
  pixels?: number[];
  /** Channel id, or null when the link is in no channel. */
  channel?: number | null;
  /** Campaign id, or null when the link is in no campaign. */
  campaign?: number | null;
  parameters?: UrlParameter[];
  /** The link's click counter (the list's `clicks`). */
  clicks?: number;
  /** When the link was last changed, `YYYY-MM-DD HH:MM:SS`. */
  updated?: string;
}

/** Statistics of a link nobody has visited (or whose statistics were never read). */
export const emptyLinkStats = (): LinkStats => ({
  clicks: 0,
  uniqueClicks: 0,
  topCountries: {},
  topReferrers: {},
  topBrowsers: {},
  topOs: {},
  socialCount: {},
});

/** One link with its targeting and statistics (`GET /api/url/:id`). */
export interface LinkDetails extends LinkDetailsExtras {
  id: number;
  /** Derived from the short URL's last path segment. */
  alias: string;
  shortUrl: string;
  longUrl: string;
  title: string;
  description: string;
  /** Lowercase location name → target URL. */
  location: Record<string, string>;
  /** Lowercase device name → target URL. */
  device: Record<string, string>;
  /** Expiry date, or null when the link never expires. */
  expiry: string | null;
  date: string;
  stats: LinkStats;
}

/** How a short link sends its visitors on. */
export type RedirectType = 'direct' | 'frame' | 'splash';

/** A redirect type, or (on create) a custom splash page or a call-to-action overlay. */
export type LinkRedirect = RedirectType | { splashPageId: number } | { overlayId: number };

export interface GeoTarget {
  location: string;
  link: string;
}
export interface DeviceTarget {
  device: string;
  link: string;
}
export interface LanguageTarget {
  /** Language code such as `en` or `pt-BR`. */
  language: string;
  link: string;
}

/** App-store links opened instead of the long URL on matching devices. */
export interface DeepLinks {
  /** iOS App Store link. */
  apple?: string;
  /** Google Play link. */
  google?: string;
  /** On create: let the service derive the deep links from the long URL. */
  auto?: boolean;
}

export interface UrlParameter {
  name: string;
  value: string;
}

/** What a person fills in to create (or edit) a short link. Only `url` is required. */
export interface LinkInput {
  url: string;
  /** Custom alias. */
  custom?: string;
  type?: LinkRedirect;
  password?: string;
  /** Branded domain, with its scheme. */
  domain?: string;
  /** `YYYY-MM-DD HH:MM:SS`. */
  expiry?: string;
  geoTarget?: GeoTarget[];
  deviceTarget?: DeviceTarget[];
  languageTarget?: LanguageTarget[];
  metaTitle?: string;
  metaDescription?: string;
  /** Link to a jpg or png image. */
  metaImage?: string;
  /** Note. The API accepts it on create only. */
  description?: string;
  /** Pixel ids. */
  pixels?: number[];
  /** Channel id. */
  channel?: number;
  /** Campaign id. */
  campaign?: number;
  deepLink?: DeepLinks;
  /** The API accepts it on create only; the service's default is `private`. */
  status?: 'public' | 'private';
  parameters?: UrlParameter[];
}

/**
 * The fields an update carries. `status` and `deepLink.auto` are create-only in the API. The note
 * (`description`) is create-only in the spec, but real deployments clear it when an update leaves
 * it out, so it is sent (our local service ignores it there, as the spec says).
 *
 * A queued `link.update` holds only the fields the person changed (and `url`); the outbox sends
 * the complete link, built from the mirror when it goes out (see link-known-fields.ts).
 */
export type LinkUpdateInput = Omit<LinkInput, 'status' | 'channel' | 'campaign'> & {
  /** Channel id; null takes the link out of its channel. */
  channel?: number | null;
  /** Campaign id; null takes the link out of its campaign. */
  campaign?: number | null;
};

/** What creating or updating a link answers. */
export interface LinkSaved {
  id: number;
  shortUrl: string;
}

export type ChannelItemType = 'links' | 'bio' | 'qr';

export interface Channel {
  id: number;
  name: string;
  description: string;
  /** Badge colour, `#RRGGBB` (may be empty). */
  color: string;
  starred: boolean;
}

export interface ChannelInput {
  name: string;
  description?: string;
  color?: string;
  starred?: boolean;
}

export interface ChannelItem {
  /** `links`, `bio`, `qr`, or another type a deployment has. */
  type: string;
  id: number;
  title: string;
  preview: string;
  link: string;
  /** `YYYY-MM-DD`. */
  date: string;
}

export interface Campaign {
  id: number;
  name: string;
  public: boolean;
  /** Rotator address, or null when the campaign has none. */
  rotator: string | null;
  /** Public list page address. */
  list: string;
}

export interface CampaignInput {
  name?: string;
  /** Rotator slug. */
  slug?: string;
  public?: boolean;
}

export interface Domain {
  id: number;
  /** With its scheme, e.g. `https://go.example.com`. */
  domain: string;
  /** Where the bare domain redirects (may be empty). */
  redirectRoot: string;
  /** Where unknown aliases redirect (may be empty). */
  redirect404: string;
}

export interface DomainInput {
  domain: string;
  redirectRoot?: string;
  redirect404?: string;
}

export interface Pixel {
  id: number;
  /** One of the 13 {@link PixelType}s on a faithful service; kept as text in case a deployment has more. */
  type: string;
  name: string;
  tag: string;
  date: string;
}

export interface PixelInput {
  type: PixelType;
  name: string;
  tag: string;
}

/**
 * What a pixel update sends (services from 6.2 on; the spec shows no update): the tag, which
 * the update requires, and the name. The type stays: the tag's format depends on it.
 */
export type PixelUpdateInput = Pick<PixelInput, 'name' | 'tag'>;

/**
 * A QR code as a list shows it (issue 31). Deployments list `{id, name, link, scans, date}`
 * (6.1 says `title` for `name`); `type` and `content` come from the details or from what this
 * app sent, and stay null until one of them is known.
 */
export interface QrCode {
  id: number;
  name: string;
  /** The image's address on the service (`<site>/qr/<alias>`). */
  link: string;
  /** Counted scans (a static type is never counted: 0). */
  scans: number;
  date: string;
  type: string | null;
  /** What the code holds (`data` as sent), or null when not known. */
  content: QrData | null;
  /** The hidden short link a dynamic code's image holds, once a read of its details told it. */
  shortUrl: string | null;
}

/** What creating a QR code sends: colours as `rgb(r,g,b)`, the only form deployments parse. */
export interface QrInput {
  type: QrType;
  data: QrData;
  name?: string;
  background?: string;
  foreground?: string;
  /** The web address of a PNG or JPG the service fetches (drawn only where its plan allows). */
  logo?: string;
}

/** A QR code update: the fields to change (6.1 has no update; 6.1 and 6.2 keep type and name). */
export type QrUpdateInput = Partial<QrInput>;

/** What creating or updating a QR code answers. */
export interface QrSaved {
  id: number;
  /** The image's address. */
  link: string;
}

/** A QR code read whole (`GET /api/qr/:id`), with its scan statistics. */
export interface QrDetails {
  id: number;
  type: string | null;
  name: string;
  link: string;
  scans: number;
  date: string;
  content: QrData | null;
  background: string | null;
  foreground: string | null;
  logo: string | null;
  /** Whether scans are counted (a hidden short link); null when the service does not say. */
  dynamic: boolean | null;
  /** The hidden short link the image encodes, when the service says. */
  shortUrl: string | null;
  stats: LinkStats;
}

/** A QR code's details as the mirror holds them. */
export interface MirrorQrDetails {
  qr: Mirrored<QrCode>;
  details: QrDetails | null;
  fetchedAt: number | null;
  source: 'mirror' | 'network';
}

/** A call-to-action overlay (read-only through the API). */
export interface Overlay {
  id: number;
  /** `message`, `contact`, … */
  type: string;
  name: string;
  date: string;
}

/** A custom splash page (read-only through the API). */
export interface SplashPage {
  id: number;
  name: string;
  date: string;
}

export interface Account {
  id: number;
  email: string;
  username: string;
  avatar: string;
  /** Plan, such as `pro`. */
  status: string;
  /** When the plan expires, or null when it does not. */
  expires: string | null;
  registered: string;
}

export interface AccountUpdate {
  email?: string;
  password?: string;
}

/** A service's answer that only confirms (delete, assign, update). */
export interface Confirmation {
  /** The service's confirmation text (empty when it sent none). */
  message: string;
}

/** Request priorities of a profile's queue, most urgent first. */
export const PRIORITIES = ['user', 'clipboard', 'view', 'background'] as const;
export type Priority = (typeof PRIORITIES)[number];

/** The rate budget of one profile's queue, as published to the UI. */
export interface RateBudgetState {
  /** Requests the service allows per window. */
  limit: number;
  /** Requests we may still send now without risking a rate-limit answer. */
  remaining: number;
  /** Unix milliseconds at which the budget next grows (now when it is full). */
  resetAt: number;
  /** Unix milliseconds until which nothing is sent after a rate-limit answer, or null. */
  pausedUntil: number | null;
  inFlight: number;
  queued: Record<Priority, number>;
}

/* ------------------------------------------------------------------------------------------
 * The offline mirror, its sync and the outbox (issue 4). What list views read, what the sync
 * reports and what the outbox view shows.
 * ---------------------------------------------------------------------------------------- */

/** Where an answer came from and how fresh it is. */
export interface Freshness {
  source: 'mirror';
  /** Unix ms of the last complete sync of what the answer shows; null: never synced. */
  syncedAt: number | null;
}

/** A change not yet confirmed by the service. */
export type PendingKind = 'create' | 'update' | 'delete';

/** The outbox's marks on a mirrored object (a link, channel, campaign …). */
export interface OutboxMarks {
  /** The newest unconfirmed change, or null. */
  pending: PendingKind | null;
  /** The service's message for a change it refused, or null. */
  failed: string | null;
  /** The outbox operation behind `pending`/`failed` (to retry or discard it), or null. */
  opId: string | null;
}

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

/** A mirrored object of a small collection, with the outbox's marks. */
export type Mirrored<T> = T & OutboxMarks & { provisional: boolean };

export interface MirrorList<T> extends Freshness {
  items: Mirrored<T>[];
  /**
   * Set when the profile's service has no endpoint for this collection (an older version): the
   * list is empty for that reason, nothing can be made in it, and the sync asks again later.
   */
  notOffered?: NotOffered;
}

/** The small collections a service may lack (older deployments have no routes for some). */
export type OptionalCollection =
  'domains' | 'channels' | 'campaigns' | 'pixels' | 'overlays' | 'splash' | 'qrs';

/** Why a collection is "not offered by this service", and when the app asks again. */
export interface NotOffered {
  /** Words for a person: what the service does not offer and what it answered. */
  message: string;
  /** Unix ms of the first answer that said the endpoint is missing. */
  since: number;
  /** Unix ms of the last time the service was asked. */
  checkedAt: number;
  /** Unix ms from which the sync asks again by itself (a manual refresh asks at once). */
  nextCheckAt: number;
}

/** Every change the outbox carries to the service. Ids may be provisional (negative). */
export type OutboxMutation =
  | { kind: 'link.create'; input: LinkInput }
  | { kind: 'link.update'; id: number; input: LinkUpdateInput }
  | { kind: 'link.delete'; id: number }
  | { kind: 'channel.create'; input: ChannelInput }
  | { kind: 'channel.update'; id: number; input: Partial<ChannelInput> }
  | { kind: 'channel.delete'; id: number }
  | { kind: 'channel.assign'; channelId: number; type: ChannelItemType; itemId: number }
  | { kind: 'campaign.create'; input: CampaignInput }
  | { kind: 'campaign.update'; id: number; input: CampaignInput & { name: string } }
  | { kind: 'campaign.delete'; id: number }
  | { kind: 'campaign.assign'; campaignId: number; linkId: number }
  | { kind: 'domain.create'; input: DomainInput }
  | { kind: 'domain.update'; id: number; input: Omit<DomainInput, 'domain'> }
  | { kind: 'domain.delete'; id: number }
  | { kind: 'pixel.create'; input: PixelInput }
  | { kind: 'pixel.update'; id: number; input: PixelUpdateInput }
  | { kind: 'pixel.delete'; id: number }
  | { kind: 'qr.create'; input: QrInput }
  | { kind: 'qr.update'; id: number; input: QrUpdateInput }
  | { kind: 'qr.delete'; id: number };

export type OutboxKind = OutboxMutation['kind'];

/** queued: waiting its turn (or a retry); sending: on the wire; failed: refused, kept for the user. */
export type OutboxState = 'queued' | 'sending' | 'failed';

export interface OutboxItem {
  opId: string;
  /** Position in the profile's queue (sent in this order). */
  seq: number;
  mutation: OutboxMutation;
  state: OutboxState;
  /** What it does, in words: "Create a link to https://…". */
  summary: string;
  /** For a create: the provisional id the mirror shows until the service answers. */
  provisionalId: number | null;
  attempts: number;
  /** The last failure (the service's message for a refusal). */
  lastError: { code: string; message: string } | null;
  /** Unix ms of the next attempt after a transient failure, or null. */
  nextAttemptAt: number | null;
  /** True after an attempt whose answer never came: the next one looks the result up first. */
  outcomeUnknown: boolean;
  /**
   * The opId of the change this one waits for (the root of the chain: a refused change, or one
   * waiting for a retry or a lost answer, on the same object or one this change needs), or null.
   */
  blockedBy: string | null;
  createdAt: number;
}

/** What the outbox reports after each change (for a badge and the outbox view). */
export interface OutboxSummary {
  queued: number;
  failed: number;
  /** True while an operation is on the wire. */
  sending: boolean;
}

export type SyncCollection =
  | 'account'
  | 'domains'
  | 'channels'
  | 'campaigns'
  | 'pixels'
  | 'overlays'
  | 'splash'
  | 'qrs'
  | 'links'
  | 'channel-items';

export interface SyncProgress {
  /** idle: up to date; first-sync: mirroring everything; incremental: catching up; sweep: checking for deletions. */
  phase: 'idle' | 'first-sync' | 'incremental' | 'sweep';
  /** What is being fetched now. */
  collection: SyncCollection | null;
  /** Items mirrored so far in this run, and the expected total (grows as answers tell more). */
  done: number;
  total: number;
  /** Requests spent in this run, and the requests still expected. */
  requestsDone: number;
  requestsLeft: number;
  /** Time left, from the requests left and the rate budget; null when unknown. */
  etaMs: number | null;
  /** Unix ms the run began, or null when idle. */
  startedAt: number | null;
  /** Unix ms of the last complete sync of the links, or null. */
  syncedAt: number | null;
  online: boolean;
  /** When offline: Unix ms of the next probe. */
  nextProbeAt: number | null;
  /** The last run's failure (other than being offline), or null. */
  error: { code: string; message: string } | null;
}
