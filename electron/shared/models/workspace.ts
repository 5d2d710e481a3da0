/**
 * A workspace's collections beside its links: channels (and their items), campaigns, branded
 * domains, pixels, and the read-only overlays and splash pages. Part of the shared models (see
 * ../models.ts).
 */
import type { PixelType } from '../pixel-types.js';

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
