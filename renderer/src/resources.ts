/**
 * The lists the frame shows, read from the profile's offline mirror: for each, its store, its
 * words and its columns. One table component renders them all from this.
 */
import type { Campaign, Channel, Domain, LinkSummary, NotOffered, Overlay, Pixel, SplashPage } from '../../electron/shared/models.js';
import { isPixelType, pixelTypeInfo } from '../../electron/shared/pixel-types.js';
import {
  useCampaignsStore,
  useChannelsStore,
  useDomainsStore,
  useLinksStore,
  useOverlaysStore,
  usePixelsStore,
  useSplashStore,
} from './stores/resource-lists.js';
import type { LoadStatus } from './stores/load-status.js';
import { formatNumber } from './i18n/format.js';
import { formatServiceDate } from './composables/dates.js';

export type ResourceKey = 'links' | 'channels' | 'campaigns' | 'domains' | 'pixels' | 'overlays' | 'splash';

export interface Column {
  key: string;
  title: string;
  /** The cell's text; never throws on a missing field. */
  text: (row: Record<string, unknown>) => string;
  align?: 'left' | 'right';
  /** Long text (URLs) is cut with an ellipsis and shown whole on hover. */
  ellipsis?: boolean;
  width?: number;
}

/** What the table needs from a list store, whatever it lists. */
export interface ListView {
  readonly items: readonly unknown[];
  readonly total: number;
  readonly status: LoadStatus;
  readonly error: unknown;
  /** Unix ms of the last complete sync of what the list shows, or null. */
  readonly syncedAt: number | null;
  /** Set when the profile's service has no endpoint for the collection (an older version). */
  readonly notOffered: NotOffered | null;
  load(): Promise<void>;
  /** Asks the sync to read the list again from the service. */
  refresh(): Promise<void>;
  /** A manual refresh: now, and asking again about a collection not offered. */
  refreshNow(): Promise<void>;
}

export interface ResourceDefinition {
  key: ResourceKey;
  /** Plural, capitalised: a heading. */
  title: string;
  /** Plural, lower case: in sentences. */
  noun: string;
  empty: string;
  columns: Column[];
  useStore: () => ListView;
}

/** Typed column: reads a field of the model, shown as text. */
function col<T>(key: keyof T & string, title: string, format: (value: T[keyof T & string]) => string = plain, extra: Partial<Column> = {}) {
  return { key, title, text: (row: Record<string, unknown>) => format(row[key] as T[keyof T & string]), ...extra } satisfies Column;
}

function plain(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  return typeof value === 'string' || typeof value === 'number' ? String(value) : '—';
}

/** A service date in the person's format (dates.ts says why it is not converted). */
const serviceDate = (value: unknown) => formatServiceDate(value);
const yesNo = (value: unknown) => (value === true ? 'Yes' : value === false ? 'No' : '—');
const count = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? formatNumber(value) : '—');
const pixelType = (value: unknown) => (isPixelType(value) ? pixelTypeInfo(value).name : plain(value));

export const RESOURCES: Record<ResourceKey, ResourceDefinition> = {
  links: {
    key: 'links',
    title: 'Links',
    noun: 'links',
    empty: 'No short links yet.',
    useStore: useLinksStore,
    columns: [
      col<LinkSummary>('shortUrl', 'Short URL', plain, { width: 260 }),
      col<LinkSummary>('longUrl', 'Long URL', plain, { ellipsis: true }),
      col<LinkSummary>('title', 'Title', plain, { ellipsis: true }),
      col<LinkSummary>('clicks', 'Clicks', count, { align: 'right', width: 90 }),
      col<LinkSummary>('date', 'Created', serviceDate, { width: 180 }),
    ],
  },
  channels: {
    key: 'channels',
    title: 'Channels',
    noun: 'channels',
    empty: 'No channels yet.',
    useStore: useChannelsStore,
    columns: [
      col<Channel>('name', 'Name'),
      col<Channel>('description', 'Description', plain, { ellipsis: true }),
      col<Channel>('color', 'Colour', plain, { width: 120 }),
      col<Channel>('starred', 'Starred', yesNo, { width: 100 }),
    ],
  },
  campaigns: {
    key: 'campaigns',
    title: 'Campaigns',
    noun: 'campaigns',
    empty: 'No campaigns yet.',
    useStore: useCampaignsStore,
    columns: [
      col<Campaign>('name', 'Name'),
      col<Campaign>('public', 'Public', yesNo, { width: 100 }),
      col<Campaign>('rotator', 'Rotator', plain, { ellipsis: true }),
      col<Campaign>('list', 'List page', plain, { ellipsis: true }),
    ],
  },
  domains: {
    key: 'domains',
    title: 'Domains',
    noun: 'branded domains',
    empty: 'No branded domains yet.',
    useStore: useDomainsStore,
    columns: [
      col<Domain>('domain', 'Domain'),
      col<Domain>('redirectRoot', 'Root redirects to', plain, { ellipsis: true }),
      col<Domain>('redirect404', 'Unknown links redirect to', plain, { ellipsis: true }),
    ],
  },
  pixels: {
    key: 'pixels',
    title: 'Pixels',
    noun: 'tracking pixels',
    empty: 'No tracking pixels yet.',
    useStore: usePixelsStore,
    columns: [
      col<Pixel>('name', 'Name'),
      col<Pixel>('type', 'Platform', pixelType),
      col<Pixel>('tag', 'Tag'),
      col<Pixel>('date', 'Created', serviceDate, { width: 180 }),
    ],
  },
  overlays: {
    key: 'overlays',
    title: 'Call-to-action overlays',
    noun: 'overlays',
    empty: 'No overlays on this service.',
    useStore: useOverlaysStore,
    columns: [col<Overlay>('name', 'Name'), col<Overlay>('type', 'Type', plain, { width: 140 }), col<Overlay>('date', 'Created', serviceDate, { width: 180 })],
  },
  splash: {
    key: 'splash',
    title: 'Splash pages',
    noun: 'splash pages',
    empty: 'No splash pages on this service.',
    useStore: useSplashStore,
    columns: [col<SplashPage>('name', 'Name'), col<SplashPage>('date', 'Created', serviceDate, { width: 180 })],
  },
};
