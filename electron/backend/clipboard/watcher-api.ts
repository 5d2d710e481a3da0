import type { Translate } from '../../shared/i18n/translate.js';
import type { ClipboardSettings, ClipboardWatchState } from '../../shared/clipboard-rules.js';
import type { Clock } from '../scheduler/clock.js';
import type { UndoOutcome } from './clipboard-actions.js';
import type { ClipboardPort, Connectivity, KnownDomains, Notifier, Shortener } from './ports.js';
import type { ClipboardSettingsResult } from './settings.js';

export type { UndoOutcome } from './clipboard-actions.js';

export interface ClipboardWatcherDeps {
  clipboard: ClipboardPort;
  shortener: Shortener;
  knownDomains: KnownDomains;
  notifier: Notifier;
  /** Default: the system clock. */
  clock?: Clock;
  /** When given, links are not even attempted while it says offline and the setting is 'skip'. */
  connectivity?: Connectivity;
  /** Settings to start with (they are validated); default: off. */
  settings?: ClipboardSettings;
  /** How long to wait for the service to create a link. Default 20 s. */
  createTimeoutMs?: number;
  /** After a rate-limit answer without a retry time, how long to leave new links alone. Default 60 s. */
  rateLimitBackoffMs?: number;
  /** For failures nobody needs to act on (a notification that could not be shown). */
  log?: (message: string) => void;
  /**
   * The translator of the person's effective language, asked at each notice (the shell's language
   * setting resolved with the OS's languages: clipboard-app.ts). Default: English.
   */
  translate?: () => Translate;
}

export interface ClipboardWatcher {
  /**
   * Validates and applies settings (from the settings form or file). Polling starts when they
   * say enabled and not paused, and stops otherwise. Invalid settings change nothing.
   */
  configure(input: unknown): ClipboardSettingsResult;
  /** The tray's pause and resume. Resuming ignores whatever was copied while paused. */
  setPaused(paused: boolean): void;
  /** The settings in force (to save after setPaused). */
  readonly settings: ClipboardSettings;
  getState(): ClipboardWatchState;
  /** Called with each new state (a fresh object); returns the remover. */
  onState(listener: (state: ClipboardWatchState) => void): () => void;
  /**
   * Undoes a shortening: the original text goes back on the clipboard if the short URL is still
   * there, and with `deleteLink` a link this action created is deleted (a reused link never is).
   */
  undo(actionId: string, options?: { deleteLink?: boolean }): Promise<UndoOutcome>;
  /**
   * Puts text on the clipboard as Linkdeck's own (the quick-shorten window, a "Copy" button):
   * remembered, so the watch never takes it for a copy to shorten. Resolves once the clipboard
   * holds it; the watch compares nothing until then.
   */
  write(text: string): Promise<void>;
  /** Resolves when no shortening or notification choice is being handled. */
  settled(): Promise<void>;
  /** Stops polling and waits for work in flight. */
  dispose(): Promise<void>;
}
