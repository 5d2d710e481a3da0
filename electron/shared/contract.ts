/**
 * The contract between the renderer and the rest of Linkdeck: every capability the renderer
 * has, as one method per channel named `domain:verb`, and every event pushed to it.
 *
 * The Electron preload, the backend router and the web shell are all generated from
 * {@link CHANNELS} and {@link EVENTS}; nothing else crosses the boundary. Every call answers
 * with a {@link Result} envelope rather than throwing, because Electron keeps only the
 * `message` of an error thrown through `ipcMain.handle`.
 *
 * This file is pure TypeScript (types and two constant lists) so that the sandboxed preload can
 * bundle it without pulling in any library. The argument schemas live in `schemas.ts`.
 */
import type { PublicAddressCheck } from './local-reach.js';
import type { BulkJob, BulkOrigin, BulkRowsPage } from './bulk.js';
import type { AliasChoice, TargetAlias } from './import-aliases.js';
import type { ClipboardSettings } from './clipboard-rules.js';
import type { ClipboardStatus, DesktopNotice, DesktopSettings, DesktopSettingsPatch } from './desktop.js';
import type { AnalyticsAudience, AnalyticsComparison, AnalyticsOverview, AnalyticsRange, CompareItem, StatsFillState } from './analytics.js';
import type { AppErrorInfo } from './errors.js';
import type { MessageRef } from './message-ref.js';
import type { ExportFile } from './exports.js';
import type { HealthJob, HealthSettings, LinkHealth } from './health.js';
import type { LanguageChoice, LanguageState } from './language.js';
import type { LiveFetchProgress, LiveFetchRequest, LiveFetchResult } from './live-import.js';
import type { TransferPlan, TransferRequest } from './transfer.js';
import type { UtmParams, UtmTemplate } from './utm.js';
import type {
  Account,
  AccountUpdate,
  Campaign,
  CampaignInput,
  Channel,
  ChannelInput,
  ChannelItem,
  ChannelItemType,
  Domain,
  DomainInput,
  LinkFacets,
  LinkInput,
  LinkUpdateInput,
  MirrorLink,
  MirrorLinkDetails,
  MirrorLinkPage,
  MirrorLinkQuery,
  MirrorList,
  OutboxItem,
  OutboxMutation,
  OutboxSummary,
  Overlay,
  Pixel,
  PixelInput,
  PixelUpdateInput,
  MirrorQrDetails,
  QrCode,
  QrInput,
  QrUpdateInput,
  RateBudgetState,
  SplashPage,
  SyncProgress,
} from './models.js';

/** What every call answers: its value, or an error with a code the UI can act on. */
export type Result<T> = { ok: true; value: T } | { ok: false; error: AppErrorInfo };

/** What a view asks the sync to read again from the service (at 'view' priority). */
export type RefreshView =
  | { kind: 'links'; sort?: 'date' | 'clicks' | 'title' }
  | { kind: 'channel'; id: number }
  | { kind: 'domains' | 'channels' | 'campaigns' | 'pixels' | 'overlays' | 'splash' | 'qrs' | 'account' };

/** The channel items of one channel, from the mirror. */
export interface ChannelItemsList {
  items: ChannelItem[];
  source: 'mirror';
  syncedAt: number | null;
}

/** What a settled outbox operation answered: the object's id, and a link's short URL. */
export interface OutboxOutcome {
  opId: string;
  id: number | null;
  shortUrl: string | null;
}

/** A profile as the renderer sees it: never its key. */
export interface ProfileSummary {
  id: string;
  name: string;
  baseUrl: string;
  kind: 'local' | 'remote';
  /** Local workspace: the public address of its short links (none: they open only on this computer). */
  publicUrl?: string;
  /** Whether the address check reached this workspace when publicUrl was saved. */
  publicUrlVerified?: boolean;
  /** Local workspace: its service believes the X-Forwarded-For of a proxy on this computer. */
  trustLocalProxy?: boolean;
  /**
   * True when the profile has no key in this session (no OS keychain, and the app restarted):
   * the user must enter it again with `profiles:set-key`.
   */
  needsKey: boolean;
}

export interface KeychainStatus {
  kind: 'keychain' | 'memory';
  /** False when keys last only for this session (no OS keychain available). */
  persistent: boolean;
  /** Why the keychain is not used, in words for the user ("No keychain service is running…"). */
  reason?: string;
  /** What the user can do about it. */
  remedy?: string;
  /** The keychain's own error message (never a key), for a "details" disclosure. */
  details?: string;
  /** `reason` and `remedy` as messages, shown in the person's language (issue 44; older backends send words only). */
  reasonRef?: MessageRef;
  remedyRef?: MessageRef;
}

export interface ProfilesState {
  profiles: ProfileSummary[];
  currentId: string | null;
  keychain: KeychainStatus;
  /**
   * The local workspace's port was taken by another program at its last start: it waits for
   * `profiles:restart-local` (try again, or move to a free port).
   */
  localPortTaken?: number;
}

export interface AppInfo {
  name: string;
  version: string;
  /** Which shell hosts the renderer. */
  shell: 'electron' | 'web';
  platform: string;
}

/** The rate budget of the current profile's queue, for the rate-budget meter. */
export interface BudgetState extends RateBudgetState {
  profileId: string | null;
}

export interface ConnectionState {
  profileId: string | null;
  online: boolean;
  /** Why the service is unreachable, in words (English for a keyed reason), when offline… */
  reason?: string;
  /** …and as a message the window words in the person's language of now (issue 44). */
  reasonRef?: MessageRef;
}

/** Every capability of the renderer. Arguments are single objects (or none). */
export interface LinkdeckApi {
  /** Name, version and hosting shell of the app. */
  'app:info'(): Promise<AppInfo>;
  /** Opens an http(s) URL in the OS browser; any other scheme is refused. */
  'app:open-external'(arg: { url: string }): Promise<void>;
  /**
   * The language setting (also pushed as `language:changed`): the person's choice and, in the
   * desktop app, the OS's preferred languages (null in the web shell: the browser's count).
   */
  'language:get'(): Promise<LanguageState>;
  /** Saves the choice ('system' or a language Linkdeck speaks); every window follows at once. */
  'language:set'(arg: { choice: LanguageChoice }): Promise<LanguageState>;

  /** All profiles, the current one and whether keys are kept in the OS keychain. */
  'profiles:list'(): Promise<ProfilesState>;
  /** Starts (or resumes) the embedded local workspace and makes it current. */
  'profiles:use-local'(): Promise<ProfileSummary>;
  /**
   * Checks the base URL and key with `GET /api/account`, then saves the profile (key in the
   * keychain) and makes it current. The key crosses the boundary only here, inbound.
   */
  'profiles:connect'(arg: { name?: string; baseUrl: string; apiKey: string }): Promise<ProfileSummary>;
  /** Enters a profile's key again (checked with `GET /api/account` first). Inbound only. */
  'profiles:set-key'(arg: { id: string; apiKey: string }): Promise<ProfileSummary>;
  'profiles:switch'(arg: { id: string }): Promise<ProfileSummary>;
  'profiles:rename'(arg: { id: string; name: string }): Promise<ProfileSummary>;
  /** Removes a profile, its key and its local data. */
  'profiles:remove'(arg: { id: string }): Promise<ProfilesState>;
  /**
   * Starts the local workspace again after its port was taken: on the same port (`move: false`,
   * the user freed it) or on a free one (`move: true`: links made before stop opening).
   */
  'profiles:restart-local'(arg: { move: boolean }): Promise<ProfileSummary>;
  /**
   * Checks that a public address reaches this very workspace (a one-time token fetched through
   * it). Never throws for a failed check: the words are in `problem`.
   */
  'profiles:check-public-url'(arg: { address: string }): Promise<PublicAddressCheck>;
  /**
   * Saves the local workspace's public address (checked first; saved even when the check
   * fails, marked not verified) or removes it (null), restarts its service with it and moves
   * the mirror's short URLs to the new base. `trustProxy`: a reverse proxy of the person's own on
   * this computer forwards the visitors, so the service believes its X-Forwarded-For (left out:
   * unchanged; removing the address turns it off).
   */
  'profiles:set-public-url'(arg: { address: string | null; trustProxy?: boolean }): Promise<{ profile: ProfileSummary; check: PublicAddressCheck | null }>;

  'account:get'(): Promise<Account>;
  'account:update'(arg: AccountUpdate): Promise<void>;

  /**
   * The Analytics view (analytics: clicks over time, top links and movers, channel and campaign
   * totals) from the mirror; the timeline is exact (counted by the service) where the service
   * offers click timelines, an extension of the spec the local service has.
   */
  'analytics:overview'(arg: AnalyticsRange): Promise<AnalyticsOverview>;
  /** Up to five links, channels or campaigns on one analytics timeline. */
  'analytics:compare'(arg: { range: AnalyticsRange; items: CompareItem[] }): Promise<AnalyticsComparison>;
  /** Analytics audience: countries, referrers … summed over the links whose statistics the mirror holds. */
  'analytics:audience'(): Promise<AnalyticsAudience>;
  /** Starts (run: true) or stops reading analytics statistics of the links that lack them. */
  'analytics:fill'(arg: { run: boolean }): Promise<StatsFillState>;
  'analytics:fill-state'(): Promise<StatsFillState>;

  /*
   * Reads come from the profile's offline mirror, online and offline alike; each answer says how
   * fresh it is (`source`, `syncedAt`). Changes go through the outbox: each answers at once with
   * the queued operation (already saved, and shown as pending in the mirror) and is sent in
   * order when the service can be reached.
   */

  /** A window of the mirrored links: searched, sorted and filtered. */
  'links:list'(arg: MirrorLinkQuery): Promise<MirrorLinkPage>;
  /** Counts per filter value for the same query (for the filter menus). */
  'links:facets'(arg: MirrorLinkQuery): Promise<LinkFacets>;
  /**
   * Opens one link: its details, statistics and snapshots, read again from the service (at a
   * person's priority) when older than a few minutes; the mirror's copy when offline.
   */
  'links:get'(arg: { id: number; force?: boolean }): Promise<MirrorLinkDetails>;
  /** An existing link to the same long URL (and domain) worth reusing instead of a new one. */
  'links:reusable'(arg: { url: string; domain?: string }): Promise<MirrorLink | null>;
  'links:create'(arg: LinkInput): Promise<OutboxItem>;
  /** Fields the update endpoint does not accept (note, status) are not part of the input. */
  'links:update'(arg: { id: number; input: LinkUpdateInput }): Promise<OutboxItem>;
  'links:delete'(arg: { id: number }): Promise<OutboxItem>;

  'channels:list'(): Promise<MirrorList<Channel>>;
  'channels:items'(arg: { id: number }): Promise<ChannelItemsList>;
  'channels:create'(arg: ChannelInput): Promise<OutboxItem>;
  'channels:update'(arg: { id: number } & Partial<ChannelInput>): Promise<OutboxItem>;
  'channels:delete'(arg: { id: number }): Promise<OutboxItem>;
  'channels:assign'(arg: { channelId: number; type: ChannelItemType; itemId: number }): Promise<OutboxItem>;

  'campaigns:list'(): Promise<MirrorList<Campaign>>;
  'campaigns:create'(arg: CampaignInput): Promise<OutboxItem>;
  'campaigns:update'(arg: { id: number; name: string } & CampaignInput): Promise<OutboxItem>;
  'campaigns:delete'(arg: { id: number }): Promise<OutboxItem>;
  'campaigns:assign'(arg: { campaignId: number; linkId: number }): Promise<OutboxItem>;

  'domains:list'(): Promise<MirrorList<Domain>>;
  'domains:create'(arg: DomainInput): Promise<OutboxItem>;
  'domains:update'(arg: { id: number } & Omit<DomainInput, 'domain'>): Promise<OutboxItem>;
  'domains:delete'(arg: { id: number }): Promise<OutboxItem>;

  'pixels:list'(): Promise<MirrorList<Pixel>>;
  'pixels:create'(arg: PixelInput): Promise<OutboxItem>;
  /**
   * Changes a pixel's name and tag (its type stays). Services from 6.2 on have this route (the
   * spec does not show it); on an older one the change is refused, saying so in words.
   */
  'pixels:update'(arg: { id: number } & PixelUpdateInput): Promise<OutboxItem>;
  /** Deletes a pixel (6.2 and later; refused in words on an older service). */
  'pixels:delete'(arg: { id: number }): Promise<OutboxItem>;

  /** QR codes (issue 31), from the mirror; `notOffered` when the service has none for this key. */
  'qr:list'(): Promise<MirrorList<QrCode>>;
  /** A QR code with its details and scan statistics (read again when stale or `force`). */
  'qr:get'(arg: { id: number; force?: boolean }): Promise<MirrorQrDetails>;
  /** Creates a QR code through the outbox (colours as `rgb(r,g,b)`). */
  'qr:create'(arg: QrInput): Promise<OutboxItem>;
  /**
   * Changes a QR code: only the fields given. 6.1 has no update (refused as "not offered");
   * 6.1 and 6.2 keep the type and the name (refused in words, the rest kept).
   */
  'qr:update'(arg: { id: number } & QrUpdateInput): Promise<OutboxItem>;
  'qr:delete'(arg: { id: number }): Promise<OutboxItem>;

  'overlays:list'(): Promise<MirrorList<Overlay>>;
  'splash:list'(): Promise<MirrorList<SplashPage>>;

  /** Pending and failed operations, in the order they are sent. */
  'outbox:list'(): Promise<OutboxItem[]>;
  /** Sends a failed operation again, with the user's edits if given (same kind, same object). */
  'outbox:retry'(arg: { opId: string; mutation?: OutboxMutation }): Promise<OutboxItem>;
  /** Drops a pending or failed operation; what it showed in the mirror goes too. */
  'outbox:discard'(arg: { opId: string }): Promise<void>;
  /** Waits until an operation is settled: its object's id and, for a link, its short URL. */
  'outbox:wait'(arg: { opId: string }): Promise<OutboxOutcome>;

  /** What the sync is doing: phase, progress and ETA. */
  'sync:status'(): Promise<SyncProgress>;
  /** Reads what a view shows again from the service, at 'view' priority. */
  'sync:refresh'(arg: { view: RefreshView; force?: boolean }): Promise<void>;

  /** The rate budget of the current profile (also pushed as `budget:changed`). */
  'budget:state'(): Promise<BudgetState>;
  /** Whether the current profile's service answered its last call (also pushed as `connection:changed`). */
  'connection:state'(): Promise<ConnectionState>;

  /** The current profile's clipboard watch (also pushed as `clipboard:changed`). */
  'clipboard:state'(): Promise<ClipboardStatus>;
  /** The current profile's clipboard settings and rules. */
  'clipboard:settings'(): Promise<ClipboardSettings>;
  /**
   * Saves the current profile's clipboard settings. Invalid settings are refused whole with
   * 'invalid-input' and `details.issues` ({path, message}[]) for the fields.
   */
  'clipboard:configure'(arg: ClipboardSettings): Promise<ClipboardSettings>;
  'clipboard:pause'(arg: { paused: boolean }): Promise<ClipboardStatus>;
  /** Puts back what a watch action replaced; deletes the link it made when asked. */
  /**
   * The answer to the local workspace's question: may the watch replace copied addresses with
   * links that open only on this computer? Remembered for the current profile.
   */
  'clipboard:local-answer'(arg: { replace: boolean }): Promise<ClipboardStatus>;
  /** `message` in the language of the moment; `messageRefs` the same sentences as messages (issue 44). */
  'clipboard:undo'(arg: { actionId: string; deleteLink?: boolean }): Promise<{ restored: boolean; linkDeleted: boolean; message: string; messageRefs?: MessageRef[] }>;
  /** The one http(s) URL on the clipboard now, or null (none, or the shell cannot read it). */
  'clipboard:read-url'(): Promise<{ url: string | null }>;
  /**
   * Puts text on the OS clipboard as Linkdeck's own (the watch ignores it). Refused with
   * 'invalid-input' where the shell has no clipboard (the web shell: use the browser's).
   */
  'clipboard:write'(arg: { text: string }): Promise<void>;

  /** Tray, hotkey and login item settings (also pushed as `desktop:changed`). */
  'desktop:settings'(): Promise<DesktopSettings>;
  /** Changes them; a hotkey another app holds is saved but reported in `hotkeyProblem`. */
  'desktop:configure'(arg: DesktopSettingsPatch): Promise<DesktopSettings>;

  /** Bulk shortening jobs of the current profile, newest first (also pushed as `bulk:changed`). */
  'bulk:list'(): Promise<BulkJob[]>;
  /** Starts a job; rows are validated again here and the job is kept until removed. */
  /**
   * `origin`: an import's source and each row's click count there (null for none), kept beside
   * the links the rows get ("N clicks before the move").
   */
  /**
   * `onAliasTaken` (an import's dry-run choice, per row): when the service refuses a row's custom
   * alias as taken, 'random' makes the link with a new random alias, 'skip' leaves the row out
   * (cancelled, said in its error). Without it such a row fails with the service's words.
   */
  'bulk:start'(arg: { name: string; rows: LinkInput[]; reuse: boolean; origin?: BulkOrigin; onAliasTaken?: AliasChoice[] }): Promise<BulkJob>;
  'bulk:rows'(arg: { id: string; offset?: number; limit?: number }): Promise<BulkRowsPage>;
  'bulk:pause'(arg: { id: string }): Promise<BulkJob>;
  'bulk:resume'(arg: { id: string }): Promise<BulkJob>;
  /** Stops sending; rows not sent yet become cancelled (links already made stay). */
  'bulk:cancel'(arg: { id: string }): Promise<BulkJob>;
  /** Forgets a finished or cancelled job. */
  'bulk:remove'(arg: { id: string }): Promise<void>;
  /** One line per row: its input, status, short URL and error. */
  'bulk:result-csv'(arg: { id: string }): Promise<ExportFile>;
  /**
   * The links of the current profile's mirror holding any of these custom aliases (an import's
   * dry run: an alias taken by a link to another URL is a clash). No request to the service.
   */
  'bulk:aliases'(arg: { aliases: string[] }): Promise<TargetAlias[]>;

  /** Mirrored links (all, or those of a query) with every field, clicks and last statistics; no API call. */
  'export:links'(arg: { format: 'csv' | 'json'; query?: MirrorLinkQuery }): Promise<ExportFile>;
  /** One link's last statistics from the mirror as CSV. */
  'export:stats'(arg: { id: number }): Promise<ExportFile>;

  /** Saved UTM templates (shared by the editor and the clipboard rules). */
  'utm:templates'(): Promise<UtmTemplate[]>;
  /** Saves (or replaces, by name) a template. */
  'utm:save-template'(arg: { name: string; params: UtmParams }): Promise<UtmTemplate[]>;
  'utm:delete-template'(arg: { name: string }): Promise<UtmTemplate[]>;

  /** Checks the targets of these links (all mirrored links when no ids); one job at a time. */
  'health:check'(arg: { ids?: number[] }): Promise<HealthJob>;
  /** The running or last job (also pushed as `health:progress`). */
  'health:status'(): Promise<HealthJob | null>;
  'health:cancel'(): Promise<HealthJob | null>;
  /** The last check of one link, or null when never checked. */
  'health:get'(arg: { id: number }): Promise<LinkHealth | null>;
  /** The app-wide link health settings ("Also check links to addresses on my own network"). */
  'health:settings'(): Promise<HealthSettings>;
  /** Saves them; the next check uses them (a running one keeps the rules it started with). */
  'health:configure'(arg: HealthSettings): Promise<HealthSettings>;

  /**
   * Reads every link of an account on Kutt, Shlink or Dub through its API, as a table for the
   * bulk mapping step (progress pushed as `import:progress`). The key goes to that service only,
   * for this fetch; it is not stored and not answered back. One fetch at a time: a new one
   * cancels the one running. Errors in words: a refused key is 'unauthorized', an address that
   * answers something else 'remote-error', a private address without `ownNetwork` 'invalid-input'.
   */
  'import:fetch-source'(arg: LiveFetchRequest): Promise<LiveFetchResult>;
  /** Stops the running fetch (it then fails with details.cancelled); nothing when none runs. */
  'import:cancel-fetch'(): Promise<void>;

  /**
   * The dry run of copying or moving links of the current profile (the source) to another profile
   * (the target): counts, alias clashes, names the target lacks, what is left out. Read from the
   * two mirrors only: no request to either service.
   */
  'transfer:plan'(arg: TransferRequest): Promise<TransferPlan>;
  /**
   * Starts the copy or move as a bulk job of the target profile (`transfer` set on the answer).
   * It is listed, paused, resumed, cancelled and removed through `bulk:*` from either profile,
   * by id; a move deletes from the source only the links the target confirmed.
   */
  'transfer:start'(arg: TransferRequest): Promise<BulkJob>;
}

export type ChannelName = keyof LinkdeckApi;
export type ChannelArg<C extends ChannelName> = Parameters<LinkdeckApi[C]> extends [infer A] ? A : undefined;
export type ChannelValue<C extends ChannelName> = Awaited<ReturnType<LinkdeckApi[C]>>;

/**
 * The runtime list of channels. Written as a record so that the compiler rejects a missing or
 * an unknown channel.
 */
const channelRecord = {
  'app:info': true,
  'app:open-external': true,
  'language:get': true,
  'language:set': true,
  'profiles:list': true,
  'profiles:use-local': true,
  'profiles:connect': true,
  'profiles:set-key': true,
  'profiles:switch': true,
  'profiles:rename': true,
  'profiles:remove': true,
  'profiles:restart-local': true,
  'profiles:check-public-url': true,
  'profiles:set-public-url': true,
  'account:get': true,
  'account:update': true,
  'analytics:overview': true,
  'analytics:compare': true,
  'analytics:audience': true,
  'analytics:fill': true,
  'analytics:fill-state': true,
  'links:list': true,
  'links:facets': true,
  'links:get': true,
  'links:reusable': true,
  'links:create': true,
  'links:update': true,
  'links:delete': true,
  'channels:list': true,
  'channels:items': true,
  'channels:create': true,
  'channels:update': true,
  'channels:delete': true,
  'channels:assign': true,
  'campaigns:list': true,
  'campaigns:create': true,
  'campaigns:update': true,
  'campaigns:delete': true,
  'campaigns:assign': true,
  'domains:list': true,
  'domains:create': true,
  'domains:update': true,
  'domains:delete': true,
  'pixels:list': true,
  'pixels:create': true,
  'pixels:update': true,
  'pixels:delete': true,
  'qr:list': true,
  'qr:get': true,
  'qr:create': true,
  'qr:update': true,
  'qr:delete': true,
  'overlays:list': true,
  'splash:list': true,
  'outbox:list': true,
  'outbox:retry': true,
  'outbox:discard': true,
  'outbox:wait': true,
  'sync:status': true,
  'sync:refresh': true,
  'budget:state': true,
  'connection:state': true,
  'clipboard:state': true,
  'clipboard:local-answer': true,
  'clipboard:settings': true,
  'clipboard:configure': true,
  'clipboard:pause': true,
  'clipboard:undo': true,
  'clipboard:read-url': true,
  'clipboard:write': true,
  'desktop:settings': true,
  'desktop:configure': true,
  'bulk:list': true,
  'bulk:start': true,
  'bulk:rows': true,
  'bulk:pause': true,
  'bulk:resume': true,
  'bulk:cancel': true,
  'bulk:remove': true,
  'bulk:result-csv': true,
  'bulk:aliases': true,
  'export:links': true,
  'export:stats': true,
  'utm:templates': true,
  'utm:save-template': true,
  'utm:delete-template': true,
  'health:check': true,
  'health:status': true,
  'health:cancel': true,
  'health:get': true,
  'health:settings': true,
  'health:configure': true,
  'import:fetch-source': true,
  'import:cancel-fetch': true,
  'transfer:plan': true,
  'transfer:start': true,
} as const satisfies Record<ChannelName, true>;

export const CHANNELS = Object.freeze(Object.keys(channelRecord)) as readonly ChannelName[];

/** Events pushed to the renderer, with their payloads. */
export interface LinkdeckEvents {
  'profiles:changed': ProfilesState;
  'budget:changed': BudgetState;
  'connection:changed': ConnectionState;
  'sync:progress': SyncProgress & { profileId: string };
  'outbox:changed': OutboxSummary & { profileId: string };
  /** The mirror changed: views showing these topics should read it again. */
  'mirror:changed': { profileId: string; topics: string[] };
  'clipboard:changed': ClipboardStatus;
  'desktop:changed': DesktopSettings;
  /** The language setting changed (Settings, in any window). */
  'language:changed': LanguageState;
  /** A notification the OS would not show, to be shown inside the app instead. */
  'desktop:notice': DesktopNotice;
  /** A bulk job of the current profile changed (progress, status). */
  'bulk:changed': BulkJob & { profileId: string };
  'health:progress': HealthJob & { profileId: string };
  /** A fetch from another service read a page. */
  'import:progress': LiveFetchProgress;
}
export type EventName = keyof LinkdeckEvents;

const eventRecord = {
  'profiles:changed': true,
  'budget:changed': true,
  'connection:changed': true,
  'sync:progress': true,
  'outbox:changed': true,
  'mirror:changed': true,
  'clipboard:changed': true,
  'desktop:changed': true,
  'language:changed': true,
  'desktop:notice': true,
  'bulk:changed': true,
  'health:progress': true,
  'import:progress': true,
} as const satisfies Record<EventName, true>;

export const EVENTS = Object.freeze(Object.keys(eventRecord)) as readonly EventName[];

/** What the renderer gets as `window.linkdeck`: one function per channel, plus event subscription. */
export type LinkdeckBridge = {
  [C in ChannelName]: (arg: ChannelArg<C>) => Promise<Result<ChannelValue<C>>>;
} & {
  /** Subscribes to a pushed event; returns the unsubscribe function. */
  on<E extends EventName>(event: E, listener: (payload: LinkdeckEvents[E]) => void): () => void;
};

export const isChannel = (name: unknown): name is ChannelName => typeof name === 'string' && Object.hasOwn(channelRecord, name);
export const isEvent = (name: unknown): name is EventName => typeof name === 'string' && Object.hasOwn(eventRecord, name);
