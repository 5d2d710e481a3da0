/**
 * What the clipboard watch needs from the rest of the app, as small interfaces: the shell injects
 * the OS clipboard and notifications, the backend adapts the mirror and the outbox to
 * `Shortener` and the profile's domains to `KnownDomains`. Each is called at the moment it is
 * needed, so an adapter that follows the active profile works as it is.
 */
import type { ClipboardOfflineBehaviour } from '../../shared/clipboard-rules.js';
import type { LinkInput } from '../../shared/models.js';

export type Awaitable<T> = T | Promise<T>;

/** The OS clipboard's plain text (Electron's `clipboard` in the shell; a fake in tests). */
export interface ClipboardPort {
  /**
   * The text on the clipboard, '' when none. Read at every poll, so it must be cheap; older
   * Electron answers at once, newer Electron with a promise (the next poll waits for it).
   */
  readText(): Awaitable<string>;
  /**
   * Puts text on the clipboard. Electron 45 answers with a promise that resolves once the
   * clipboard holds it: the watch awaits it before it compares the clipboard again.
   */
  writeText(text: string): Awaitable<void>;
}

/** A short link that exists on the service (a real id and short URL, not a provisional one). */
export interface ShortLinkRef {
  id: number;
  shortUrl: string;
}

/** A create the outbox keeps until the service can be reached. */
export interface QueuedCreate {
  queued: true;
  opId: string;
}

export interface ShortenOptions {
  priority: 'clipboard';
  /** What the person chose for offline links: 'queue' lets the adapter queue the create in the outbox. */
  offline: ClipboardOfflineBehaviour;
  /** Aborted when the watch stops waiting (its timeout). */
  signal: AbortSignal;
}

export interface Shortener {
  /**
   * An existing link for this long URL on this domain (branded domain with its scheme; none:
   * the service's own host), from the mirror, or null. Only links with a real short URL: a
   * provisional link (its create still queued) has nothing to put on the clipboard.
   */
  findReusable(url: string, domain?: string): Awaitable<ShortLinkRef | null>;
  /**
   * Creates the link at clipboard priority. Offline with `offline: 'queue'` the adapter queues it
   * and answers `{queued}`; otherwise it throws (an ApiClientError or AppError, with its code:
   * 'offline', 'invalid-input', 'rate-limited', …).
   */
  create(input: LinkInput, options: ShortenOptions): Promise<ShortLinkRef | QueuedCreate>;
  /** Deletes a link this watch created (undo). */
  delete(id: number): Promise<unknown>;
}

export interface KnownDomains {
  /** Whether the text is a short URL of the profile: on one of its branded domains or the service's own host. */
  isShortUrl(text: string): boolean;
}

export interface NotificationAction {
  id: string;
  label: string;
}

export interface ClipboardNotification {
  /** What the notice is about, for code that adds to a kind of notice without reading its words. */
  kind?: 'created' | 'reused' | 'not-copied' | 'queued' | 'failed' | 'local-question';
  title: string;
  body: string;
  /** Buttons, in order; may be empty. Nothing may depend on them: macOS shows them only to a signed app in alert style. */
  actions: NotificationAction[];
  /**
   * The app's view where the same choices are offered (a renderer route such as '/settings'): a
   * click on the notification opens it where a click is not an action (see the shell's notifier).
   */
  view?: string;
  /**
   * Notices of one kind (the clipboard watch's outcome, one profile's sync trouble): a newer one
   * replaces the older, which is then closed. Without a group a notice is never replaced.
   */
  group?: string;
}

export interface Notifier {
  /**
   * Shows a notification. Resolves with the id of the action chosen, or null when it was dismissed,
   * replaced or refused, or a click opened its view instead. It may never resolve while the OS keeps
   * the notification in its list: callers must not wait on it.
   */
  notify(notification: ClipboardNotification): Promise<string | null>;
}

export interface Connectivity {
  /** False when the profile's service is known to be unreachable now. */
  isOnline(): boolean;
}
