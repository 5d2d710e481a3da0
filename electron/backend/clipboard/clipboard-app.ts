/**
 * The clipboard watch as the app runs it: one watcher for the whole app, following the current
 * profile (its settings, its mirror, its outbox), with each profile's settings saved in its own
 * data directory. The watcher exists only where the shell gives an OS clipboard (Electron); in
 * the web shell the settings can still be read and saved, and the state says why nothing runs.
 */
import { createLocalConsent } from './local-consent.js';
import { notifierWithReach } from './reach-notifier.js';
import { reachNoticeRef } from '../../shared/local-reach.js';
import { resolveLocale, type SupportedLocale } from '../../shared/i18n/locales.js';
import { SHARED_MESSAGES } from '../../shared/i18n/shared-messages.js';
import { createTranslator, type Translate } from '../../shared/i18n/translate.js';
import { effectiveLocale, type LanguageState } from '../../shared/language.js';
import { readLanguageChoice } from '../language/language-settings.js';
import type {
  ClipboardSettings,
  ClipboardSettingsIssue,
  ClipboardWatchState,
} from '../../shared/clipboard-rules.js';
import type { ClipboardStatus } from '../../shared/desktop.js';
import { englishText, msg, renderMessage, type MessageRef } from '../../shared/message-ref.js';
import { AppError } from '../app-error.js';
import type { BackendContext } from '../backend-context.js';
import { detectUrl } from './detect.js';
import { sessionConnectivity, sessionKnownDomains, sessionShortener } from './session-ports.js';
import {
  defaultClipboardSettings,
  readClipboardSettings,
  writeClipboardSettings,
} from './settings-file.js';
import { validateClipboardSettings } from './settings.js';
import { createClipboardWatcher, type ClipboardWatcher, type UndoOutcome } from './watcher.js';

/** Why the web shell has no clipboard watch, as a message the window words in the person's language. */
export const WEB_SHELL_REASON: MessageRef = msg('desktop.clipboard.webShellOnly');


const translators = new Map<SupportedLocale, Translate>();
function translatorFor(locale: SupportedLocale): Translate {
  let t = translators.get(locale);
  if (!t) translators.set(locale, (t = createTranslator(locale, SHARED_MESSAGES)));
  return t;
}

export interface ClipboardApp {
  /** Resolves once the current profile's settings are in force (after start or a profile switch). */
  ready(): Promise<void>;
  status(): ClipboardStatus;
  settings(): Promise<ClipboardSettings>;
  /** Validates, saves and applies; invalid settings are refused whole ('invalid-input', details.issues). */
  configure(input: unknown): Promise<ClipboardSettings>;
  pause(paused: boolean): Promise<ClipboardStatus>;
  undo(actionId: string, deleteLink: boolean): Promise<UndoOutcome>;
  /** The answer to the local workspace's question (see local-consent.ts). */
  answerLocal(replace: boolean): Promise<ClipboardStatus>;
  readUrl(): Promise<{ url: string | null }>;
  /** Resolves once the clipboard holds the text. */
  write(text: string): Promise<void>;
  close(): Promise<void>;
}

export interface ClipboardAppOptions {
  /** How long the watch waits for the service to make a link (default: the watcher's 20 s). */
  createTimeoutMs?: number;
  /**
   * The OS's preferred languages (the Electron shell's app.getPreferredSystemLanguages()): with
   * the language setting they make the notifications' language. Absent: English unless chosen.
   */
  systemLanguages?: () => readonly string[];
}

export function createClipboardApp(
  context: BackendContext,
  options: ClipboardAppOptions = {},
): ClipboardApp {
  const { accounts, sessions, desktop, events, log } = context;
  const cache = new Map<string, ClipboardSettings>();
  /** The profile whose settings are in force, and those settings. */
  let appliedId: string | null = null;
  let applied: ClipboardSettings = defaultClipboardSettings();
  let generation = 0;
  let loading: Promise<void> = Promise.resolve();
  /** The profile the latest follow() is putting in force. */
  let followingId: string | null | undefined;
  /** Saves run one after another, so the last one asked for is the one on disk. */
  let saving: Promise<unknown> = Promise.resolve();
  let closed = false;

  /*
   * The person's effective language: the setting ('system' or a locale) resolved with the OS's
   * languages, read once at start and followed on every `language:changed` (Settings).
   */
  const systemLanguages = () => [...(options.systemLanguages?.() ?? [])];
  let locale: SupportedLocale = resolveLocale(systemLanguages());
  let languageChanged = false;
  void readLanguageChoice(context.dataDir, log).then((choice) => {
    if (!languageChanged) locale = effectiveLocale({ choice, system: systemLanguages() });
  });
  const stopLanguage = events.subscribe((event, payload) => {
    if (event !== 'language:changed') return;
    languageChanged = true;
    locale = effectiveLocale(payload as LanguageState);
  });
  const translate = (): Translate => translatorFor(locale);

  const localConsent = createLocalConsent({
    current: () => accounts.current(),
    dataDirFor: (id) => accounts.dataDirFor(id),
    notifier: desktop?.notifier ?? null,
    onChange: () => publish(),
    log,
    translate,
  });

  const watcher: ClipboardWatcher | null = desktop
    ? createClipboardWatcher({
        clipboard: desktop.clipboard,
        notifier: notifierWithReach(desktop.notifier, () => {
          const ref = reachNoticeRef(accounts.current());
          return ref ? renderMessage(ref, translate()) : null;
        }),
        shortener: sessionShortener(sessions),
        knownDomains: localConsent.gate(sessionKnownDomains(sessions)),
        connectivity: sessionConnectivity(sessions),
        log,
        translate,
        ...(options.createTimeoutMs !== undefined
          ? { createTimeoutMs: options.createTimeoutMs }
          : {}),
      })
    : null;

  /** Why the desktop session keeps the watch from reading the clipboard (native Wayland), or null. */
  const sessionBlock =
    desktop?.clipboardWatch && !desktop.clipboardWatch.available ? desktop.clipboardWatch.reason : null;

  /** The reason as a ref for the window, and its English for logs and older windows. */
  const unavailableBecause = (ref: MessageRef) => ({ reason: englishText(ref), reasonRef: ref });

  function status(): ClipboardStatus {
    const state: ClipboardWatchState = watcher
      ? watcher.getState()
      : {
          enabled: applied.enabled,
          paused: applied.paused,
          status: 'off',
          offline: false,
          pollIntervalMs: applied.pollIntervalMs,
          lastAction: null,
          lastError: null,
        };
    if (!watcher)
      return { ...state, profileId: appliedId, available: false, ...unavailableBecause(WEB_SHELL_REASON), limit: 'web-shell' };
    if (sessionBlock !== null)
      // The watcher is kept for writing to the clipboard, but never polls: say what was chosen.
      return {
        ...state,
        enabled: applied.enabled,
        paused: applied.paused,
        status: 'off',
        profileId: appliedId,
        available: false,
        ...unavailableBecause(sessionBlock),
        limit: 'desktop-session',
      };
    return { ...state, profileId: appliedId, available: true, ...(localConsent.asking() ? { localQuestion: true } : {}) };
  }

  const publish = () => {
    if (!closed) events.emit('clipboard:changed', status());
  };
  watcher?.onState(publish);

  async function settingsFor(id: string): Promise<ClipboardSettings> {
    const known = cache.get(id);
    if (known) return known;
    const read = await readClipboardSettings(accounts.dataDirFor(id), log);
    // A save made while the file was being read is newer than what was read.
    const saved = cache.get(id);
    if (saved) return saved;
    cache.set(id, read);
    return read;
  }

  function apply(id: string | null, settings: ClipboardSettings): void {
    appliedId = id;
    applied = settings;
    if (watcher) {
      // The watcher publishes its new state itself (and with it the new profile's id).
      const result = watcher.configure(sessionBlock === null ? settings : { ...settings, enabled: false });
      if (!result.ok)
        log(
          `[clipboard] saved settings were refused: ${result.issues.map((i) => i.message).join('; ')}`,
        );
      // A watcher held off by the session may not change state, yet the person's choice did.
      if (sessionBlock !== null) publish();
    } else publish();
  }

  /** Puts the current profile's settings in force (at start and after every profile change). */
  function follow(): Promise<void> {
    const mine = ++generation;
    const profile = accounts.current();
    followingId = profile?.id ?? null;
    const live = new Set(accounts.list().map((p) => p.id));
    for (const id of cache.keys()) if (!live.has(id)) cache.delete(id);
    loading = (async () => {
      const settings = profile ? await settingsFor(profile.id) : defaultClipboardSettings();
      await localConsent.load();
      if (mine !== generation || closed) return;
      apply(profile?.id ?? null, settings);
    })().catch((error: unknown) =>
      log(
        `[clipboard] the profile's clipboard settings could not be applied: ${(error as Error).message}`,
      ),
    );
    return loading;
  }

  const stopFollowing = context.onProfileChange(() => void follow());
  void follow();

  /**
   * Waits until the current profile's settings are in force. The profile-change notice comes a
   * moment after the switch (once its session is open): a call in between follows it at once.
   */
  async function ready(): Promise<void> {
    if (!closed && (accounts.current()?.id ?? null) !== followingId) void follow();
    await loading;
  }

  function currentProfileId(): string {
    const profile = accounts.current();
    if (!profile) throw AppError.keyed('invalid-input', msg('errors.clipboard.noProfile'));
    return profile.id;
  }

  /** Saves a profile's settings, then puts them in force if it is (still) the current profile. */
  async function save(id: string, settings: ClipboardSettings): Promise<void> {
    cache.set(id, settings);
    const write = saving.then(() => {
      // A profile removed meanwhile: its directory is gone and must not be made again.
      if (!accounts.get(id)) return;
      return writeClipboardSettings(accounts.dataDirFor(id), settings);
    });
    saving = write.catch(() => {});
    if (id === accounts.current()?.id && !closed) {
      generation++; // a profile switch still loading must not put older settings back
      apply(id, settings);
    }
    try {
      await write;
    } catch (error) {
      log(`[clipboard] the clipboard settings could not be saved: ${(error as Error).message}`);
      throw AppError.keyed('internal', msg('errors.clipboard.notKept', { reason: (error as Error).message }));
    }
  }

  return {
    ready,
    status,

    async settings() {
      await ready();
      const profile = accounts.current();
      return profile ? settingsFor(profile.id) : defaultClipboardSettings();
    },

    async configure(input) {
      const id = currentProfileId();
      const result = validateClipboardSettings(input);
      if (!result.ok) throw invalidSettings(result.issues);
      await ready();
      await save(id, result.settings);
      return result.settings;
    },

    async pause(paused) {
      const id = currentProfileId();
      await ready();
      const settings = { ...(await settingsFor(id)), paused };
      await save(id, settings);
      return status();
    },

    async undo(actionId, deleteLink) {
      if (!watcher) throw AppError.keyed('invalid-input', msg('errors.clipboard.nothingToUndo'));
      return watcher.undo(actionId, { deleteLink });
    },

    async answerLocal(replace) {
      currentProfileId();
      await localConsent.answer(replace);
      return status();
    },

    async readUrl() {
      if (!desktop) return { url: null };
      try {
        return { url: detectUrl(await desktop.clipboard.readText())?.text ?? null };
      } catch (error) {
        log(`[clipboard] the clipboard could not be read: ${(error as Error).message}`);
        return { url: null };
      }
    },

    async write(text) {
      if (!watcher) throw AppError.keyed('invalid-input', msg('errors.clipboard.cannotWrite'));
      await watcher.write(text);
    },

    async close() {
      stopLanguage();
      closed = true;
      generation++;
      stopFollowing();
      await watcher?.dispose();
      await saving;
    },
  };
}

/** The refusal of invalid settings: a summary for a notice, and each issue for its field. */
export function invalidSettings(issues: ClipboardSettingsIssue[]): AppError {
  const head = issues[0];
  // The first issue's own words: its key (every issue validateClipboardSettings makes has one), else its English.
  const first = head?.key ? msg(head.key, head.params) : (head?.message ?? msg('validation.clipboard.notValid'));
  return AppError.keyed('invalid-input', msg('errors.clipboard.notSaved', { n: issues.length, first }), {
    issues: issues.map((i) => ({ ...i, path: [...i.path] })),
  });
}
