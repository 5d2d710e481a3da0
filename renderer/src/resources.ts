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
import { t } from './i18n/index.js';
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
  /** Plural, capitalised: a heading (in the current language: read it where it is shown). */
  readonly title: string;
  /** Plural, lower case, for a sentence that names the resource (prefer the whole sentences below). */
  readonly noun: string;
  readonly empty: string;
  /** "Could not load the channels": the error title of its table. */
  readonly loadFailed: string;
  /** "3 channels." under its table. */
  countText(n: number): string;
  /** "Showing the first 100 of 2,345 links." when the table shows a window of them. */
  showingFirst(shown: number, total: number): string;
  readonly columns: Column[];
  useStore: () => ListView;
}

/*
 * Words are read through getters, so each read gives the current language's (a table's computed
 * follows a language switch). Every key is written out in full: the catalogue check finds it.
 */

/** Typed column: reads a field of the model, shown as text; `title` is read when shown. */
function col<T>(key: keyof T & string, title: () => string, format: (value: T[keyof T & string]) => string = plain, extra: Partial<Column> = {}): Column {
  return {
    key,
    get title() {
      return title();
    },
    text: (row: Record<string, unknown>) => format(row[key] as T[keyof T & string]),
    ...extra,
  };
}

function plain(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  return typeof value === 'string' || typeof value === 'number' ? String(value) : '—';
}

/** A service date in the person's format (dates.ts says why it is not converted). */
const serviceDate = (value: unknown) => formatServiceDate(value);
const yesNo = (value: unknown) => (value === true ? t('resources.yes') : value === false ? t('resources.no') : '—');
const count = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? formatNumber(value) : '—');
const pixelType = (value: unknown) => (isPixelType(value) ? pixelTypeInfo(value).name : plain(value));
/**
 * An overlay's kind: the service's code (`message`, `contact`: the two its API answers show) in
 * the person's words; a kind not known here is shown as the service wrote it.
 */
const overlayType = (value: unknown) => (typeof value === 'string' && value.trim() ? t('resources.overlayType', { type: value }) : plain(value));

const C = {
  name: () => t('resources.column.name'),
  created: () => t('resources.column.created'),
};

export const RESOURCES: Record<ResourceKey, ResourceDefinition> = {
  links: {
    key: 'links',
    get title() {
      return t('resources.links.title');
    },
    get noun() {
      return t('resources.links.noun');
    },
    get empty() {
      return t('resources.links.empty');
    },
    get loadFailed() {
      return t('resources.links.loadFailed');
    },
    countText: (n) => t('resources.links.count', { n }),
    showingFirst: (shown, total) => t('resources.links.showingFirst', { shown, total }),
    useStore: useLinksStore,
    get columns() {
      return [
        col<LinkSummary>('shortUrl', () => t('resources.column.shortUrl'), plain, { width: 260 }),
        col<LinkSummary>('longUrl', () => t('resources.column.longUrl'), plain, { ellipsis: true }),
        col<LinkSummary>('title', () => t('resources.column.title'), plain, { ellipsis: true }),
        col<LinkSummary>('clicks', () => t('resources.column.clicks'), count, { align: 'right', width: 90 }),
        col<LinkSummary>('date', C.created, serviceDate, { width: 180 }),
      ];
    },
  },
  channels: {
    key: 'channels',
    get title() {
      return t('resources.channels.title');
    },
    get noun() {
      return t('resources.channels.noun');
    },
    get empty() {
      return t('resources.channels.empty');
    },
    get loadFailed() {
      return t('resources.channels.loadFailed');
    },
    countText: (n) => t('resources.channels.count', { n }),
    showingFirst: (shown, total) => t('resources.channels.showingFirst', { shown, total }),
    useStore: useChannelsStore,
    get columns() {
      return [
        col<Channel>('name', C.name),
        col<Channel>('description', () => t('resources.column.description'), plain, { ellipsis: true }),
        col<Channel>('color', () => t('resources.column.colour'), plain, { width: 120 }),
        col<Channel>('starred', () => t('resources.column.starred'), yesNo, { width: 100 }),
      ];
    },
  },
  campaigns: {
    key: 'campaigns',
    get title() {
      return t('resources.campaigns.title');
    },
    get noun() {
      return t('resources.campaigns.noun');
    },
    get empty() {
      return t('resources.campaigns.empty');
    },
    get loadFailed() {
      return t('resources.campaigns.loadFailed');
    },
    countText: (n) => t('resources.campaigns.count', { n }),
    showingFirst: (shown, total) => t('resources.campaigns.showingFirst', { shown, total }),
    useStore: useCampaignsStore,
    get columns() {
      return [
        col<Campaign>('name', C.name),
        col<Campaign>('public', () => t('resources.column.public'), yesNo, { width: 100 }),
        col<Campaign>('rotator', () => t('resources.column.rotator'), plain, { ellipsis: true }),
        col<Campaign>('list', () => t('resources.column.listPage'), plain, { ellipsis: true }),
      ];
    },
  },
  domains: {
    key: 'domains',
    get title() {
      return t('resources.domains.title');
    },
    get noun() {
      return t('resources.domains.noun');
    },
    get empty() {
      return t('resources.domains.empty');
    },
    get loadFailed() {
      return t('resources.domains.loadFailed');
    },
    countText: (n) => t('resources.domains.count', { n }),
    showingFirst: (shown, total) => t('resources.domains.showingFirst', { shown, total }),
    useStore: useDomainsStore,
    get columns() {
      return [
        col<Domain>('domain', () => t('resources.column.domain')),
        col<Domain>('redirectRoot', () => t('resources.column.rootRedirects'), plain, { ellipsis: true }),
        col<Domain>('redirect404', () => t('resources.column.unknownRedirects'), plain, { ellipsis: true }),
      ];
    },
  },
  pixels: {
    key: 'pixels',
    get title() {
      return t('resources.pixels.title');
    },
    get noun() {
      return t('resources.pixels.noun');
    },
    get empty() {
      return t('resources.pixels.empty');
    },
    get loadFailed() {
      return t('resources.pixels.loadFailed');
    },
    countText: (n) => t('resources.pixels.count', { n }),
    showingFirst: (shown, total) => t('resources.pixels.showingFirst', { shown, total }),
    useStore: usePixelsStore,
    get columns() {
      return [
        col<Pixel>('name', C.name),
        col<Pixel>('type', () => t('resources.column.platform'), pixelType),
        col<Pixel>('tag', () => t('resources.column.tag')),
        col<Pixel>('date', C.created, serviceDate, { width: 180 }),
      ];
    },
  },
  overlays: {
    key: 'overlays',
    get title() {
      return t('resources.overlays.title');
    },
    get noun() {
      return t('resources.overlays.noun');
    },
    get empty() {
      return t('resources.overlays.empty');
    },
    get loadFailed() {
      return t('resources.overlays.loadFailed');
    },
    countText: (n) => t('resources.overlays.count', { n }),
    showingFirst: (shown, total) => t('resources.overlays.showingFirst', { shown, total }),
    useStore: useOverlaysStore,
    get columns() {
      return [col<Overlay>('name', C.name), col<Overlay>('type', () => t('resources.column.type'), overlayType, { width: 160 }), col<Overlay>('date', C.created, serviceDate, { width: 180 })];
    },
  },
  splash: {
    key: 'splash',
    get title() {
      return t('resources.splash.title');
    },
    get noun() {
      return t('resources.splash.noun');
    },
    get empty() {
      return t('resources.splash.empty');
    },
    get loadFailed() {
      return t('resources.splash.loadFailed');
    },
    countText: (n) => t('resources.splash.count', { n }),
    showingFirst: (shown, total) => t('resources.splash.showingFirst', { shown, total }),
    useStore: useSplashStore,
    get columns() {
      return [col<SplashPage>('name', C.name), col<SplashPage>('date', C.created, serviceDate, { width: 180 })];
    },
  },
};
