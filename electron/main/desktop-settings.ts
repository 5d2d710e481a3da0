import { AppError } from '../backend/app-error.js';
import type { DesktopSettingsPort } from '../backend/desktop-ports.js';
import type { DesktopSettings, DesktopSettingsPatch } from '../shared/desktop.js';
import type { Translate } from '../shared/i18n/translate.js';
import { msg, renderMessage, type MessageRef } from '../shared/message-ref.js';
import { desktopTranslator } from './desktop-language.js';
import {
  defaultDesktopSettings,
  readDesktopSettings,
  writeDesktopSettings,
  type SavedDesktopSettings,
} from './desktop-settings-file.js';
import { hotkeyConflictRef } from '../shared/hotkey.js';
import type { OpenAtLogin } from './open-at-login.js';

/** The part of Electron's globalShortcut the settings use (a fake in tests). */
export interface GlobalShortcutLike {
  register(accelerator: string, callback: () => void): boolean;
  unregister(accelerator: string): void;
}

export interface DesktopSettingsDeps {
  /** userData/desktop.json. */
  file: string;
  platform: NodeJS.Platform;
  shortcuts: GlobalShortcutLike;
  /** Null where the OS offers no login item Linkdeck can set. */
  loginItem: OpenAtLogin | null;
  /** What this desktop allows, as messages for the settings card (see linux-session.ts, login-item.ts). */
  capabilities?: {
    hotkeyNote?: MessageRef;
    /** Where register() answering true does not mean the hotkey works (the Wayland portal): words for the card. */
    hotkeyUnconfirmed?: MessageRef;
    /** Why there is no login item (with loginItem null). */
    openAtLoginProblem?: MessageRef;
    /** Whether linkdeck:// links reach Linkdeck, asked each time (the OS may change it). */
    linkHandler?: () => LinkHandlerWords;
  };
  /**
   * The shell's translator now (DesktopLanguage's): the card's words are said in it each time the
   * settings are read, and `languageChanged()` sends them again. English when not given.
   */
  translate?: () => Translate;
  /** What the hotkey does: opens the quick-shorten window. */
  onHotkey: () => void;
  log?: (message: string) => void;
}

/**
 * The desktop settings port: keeps closeToTray and the hotkey in desktop.json, registers the
 * hotkey with the OS and sets the login item. A hotkey the OS refuses (another app holds it) is
 * saved anyway and reported in `hotkeyProblem`, so the person sees why and picks another.
 */
/** Whether linkdeck:// links reach Linkdeck, and why not as a message. */
export interface LinkHandlerWords {
  available: boolean;
  reason?: MessageRef;
}

export class DesktopSettingsService implements DesktopSettingsPort {
  private saved: SavedDesktopSettings;
  /** The accelerator registered with the OS now, or null. */
  private registered: string | null = null;
  /** The accelerator the OS refused, said as a problem in the language of each read. */
  private refused: string | undefined;
  private readonly listeners = new Set<(settings: DesktopSettings) => void>();
  private readonly log: (message: string) => void;

  constructor(private readonly deps: DesktopSettingsDeps) {
    this.log = deps.log ?? (() => {});
    this.saved = readDesktopSettings(deps.file, defaultDesktopSettings(deps.platform));
  }

  /** Registers the saved hotkey (at startup, once the app is ready). */
  start(): void {
    this.applyHotkey(this.saved.hotkey);
  }

  get(): DesktopSettings {
    return {
      available: true,
      closeToTray: this.saved.closeToTray,
      hotkey: this.saved.hotkey,
      hotkeyRegistered: this.registered !== null,
      ...(this.refused ? this.hotkeyProblem(this.refused) : {}),
      openAtLogin: this.loginItemEnabled(),
      openAtLoginSupported: this.deps.loginItem !== null,
      ...this.capabilityWords(),
    };
  }

  async configure(patch: DesktopSettingsPatch): Promise<DesktopSettings> {
    const before = JSON.stringify(this.get());
    if (patch.openAtLogin !== undefined && patch.openAtLogin !== this.loginItemEnabled()) {
      if (!this.deps.loginItem) throw AppError.keyed('invalid-input', msg('desktop.problem.cannotSetLoginItem'));
      try {
        this.deps.loginItem.set(patch.openAtLogin);
      } catch (error) {
        throw AppError.keyed('internal', msg('desktop.problem.loginItemFailed', { error: (error as Error).message }));
      }
    }
    const next: SavedDesktopSettings = {
      closeToTray: patch.closeToTray ?? this.saved.closeToTray,
      hotkey: patch.hotkey ?? this.saved.hotkey,
    };
    if (next.closeToTray !== this.saved.closeToTray || next.hotkey !== this.saved.hotkey) {
      writeDesktopSettings(this.deps.file, next);
      this.saved = next;
    }
    // Saving the same hotkey again retries it: the other application may have let it go.
    if (patch.hotkey !== undefined && patch.hotkey !== this.registered) this.applyHotkey(next.hotkey);
    const after = this.get();
    if (JSON.stringify(after) !== before) this.emit(after);
    return after;
  }

  /** The shell's language changed: the card's words go out again in the new one. */
  languageChanged(): void {
    this.emit(this.get());
  }

  onChange(listener: (settings: DesktopSettings) => void): () => void {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  }

  /** Lets the hotkey go (at quit): the OS keeps global shortcuts only while we hold them. */
  dispose(): void {
    this.release();
  }

  private applyHotkey(accelerator: string): void {
    this.release();
    this.refused = undefined;
    if (accelerator === '') return;
    let ok = false;
    try {
      ok = this.deps.shortcuts.register(accelerator, this.deps.onHotkey);
    } catch (error) {
      // Electron throws on an accelerator it cannot parse; to the person it is just not usable.
      this.log(`[hotkey] ${accelerator} was refused: ${(error as Error).message}`);
    }
    if (ok) this.registered = accelerator;
    else this.refused = accelerator;
  }

  private release(): void {
    if (this.registered === null) return;
    try {
      this.deps.shortcuts.unregister(this.registered);
    } catch (error) {
      this.log(`[hotkey] could not release ${this.registered}: ${(error as Error).message}`);
    }
    this.registered = null;
  }

  private capabilityWords(): Partial<DesktopSettings> {
    const { hotkeyNote, hotkeyUnconfirmed, openAtLoginProblem, linkHandler } = this.deps.capabilities ?? {};
    const words: Partial<DesktopSettings> = {};
    if (hotkeyNote) words.hotkeyNote = this.say(hotkeyNote);
    // Only for a hotkey Linkdeck asked for: a refused one has its problem, an off one nothing.
    if (hotkeyUnconfirmed && this.registered !== null) words.hotkeyUnconfirmed = this.say(hotkeyUnconfirmed);
    if (openAtLoginProblem && this.deps.loginItem === null) words.openAtLoginProblem = this.say(openAtLoginProblem);
    if (linkHandler) {
      let status: LinkHandlerWords;
      try {
        status = linkHandler();
      } catch (error) {
        status = { available: false, reason: msg('desktop.problem.linkHandlerUnknown', { error: (error as Error).message }) };
      }
      words.linkHandler = { available: status.available, ...(status.reason ? { reason: this.say(status.reason) } : {}) };
    }
    return words;
  }

  /** The refusal in the shell's language, and its key for a window that says it in its own. */
  private hotkeyProblem(accelerator: string): Pick<DesktopSettings, 'hotkeyProblem' | 'hotkeyProblemRef'> {
    const ref = hotkeyConflictRef(accelerator, this.deps.platform);
    return { hotkeyProblem: this.say(ref), hotkeyProblemRef: ref };
  }

  private say(ref: MessageRef): string {
    return renderMessage(ref, this.deps.translate?.() ?? desktopTranslator('en'));
  }

  private loginItemEnabled(): boolean {
    try {
      return this.deps.loginItem?.enabled() ?? false;
    } catch {
      return false;
    }
  }

  private emit(settings: DesktopSettings): void {
    for (const listener of this.listeners) {
      try {
        listener(settings);
      } catch (error) {
        this.log(`[desktop] a settings listener failed: ${(error as Error).message}`);
      }
    }
  }
}
