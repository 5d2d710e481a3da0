/**
 * Linkdeck's own models of what the link service serves, normalised from the many shapes real
 * deployments answer with (see electron/backend/api). Pure types: every layer imports them.
 *
 * Dates are kept as the service wrote them (`YYYY-MM-DD HH:MM:SS`, or `YYYY-MM-DD` for channel
 * items) because the service does not say which time zone it means; they sort as text.
 */
import type { PixelType } from './pixel-types.js';

export type { PixelType };

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

/** One link with its targeting and statistics (`GET /api/url/:id`). */
export interface LinkDetails {
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
 * The fields the update endpoint accepts. The note (`description`), `status` and `deepLink.auto`
 * are create-only in the API: the client leaves them out of an update body.
 */
export type LinkUpdateInput = Omit<LinkInput, 'description' | 'status'>;

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
