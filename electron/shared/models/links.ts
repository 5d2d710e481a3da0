/**
 * Short links as the service serves them (lists, details, statistics) and as a person fills them
 * in to create or edit one. Part of the shared models (see ../models.ts).
 */

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
