import { AppError } from '../backend/app-error.js';
import type { DesktopSettingsPort } from '../backend/desktop-ports.js';
import type { DesktopSettings, DesktopSettingsPatch, LinkHandlerStatus } from '../shared/desktop.js';
import {
  defaultDesktopSettings,
  readDesktopSettings,
  writeDesktopSettings,
  type SavedDesktopSettings,
} from './desktop-settings-file.js';
import { hotkeyConflictRef } from '../shared/hotkey.js';
import { englishText, type MessageRef } from '../shared/message-ref.js';
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
  /** What this desktop allows, in words for the settings card (see linux-session.ts, login-item.ts). */
  capabilities?: {
    hotkeyNote?: string;
    /** Where register() answering true does not mean the hotkey works (the Wayland portal): words for the card. */
    hotkeyUnconfirmed?: string;
    /** Why there is no login item (with loginItem null). */
    openAtLoginProblem?: string;
    /** Whether linkdeck:// links reach Linkdeck, asked each time (the OS may change it). */
    linkHandler?: () => LinkHandlerStatus;
  };
  /** What the hotkey does: opens the quick-shorten window. */
  onHotkey: () => void;
  log?: (message: string) => void;
}

/**
 * The desktop settings port: keeps closeToTray and the hotkey in desktop.json, registers the
 * hotkey with the OS and sets the login item. A hotkey the OS refuses (another app holds it) is
 * saved anyway and reported in `hotkeyProblem`, so the person sees why and picks another.
 */
export class DesktopSettingsService implements DesktopSettingsPort {
  private saved: SavedDesktopSettings;
  /** The accelerator registered with the OS now, or null. */
  private registered: string | null = null;
  private problem: MessageRef | undefined;
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
      ...(this.problem ? { hotkeyProblem: englishText(this.problem), hotkeyProblemRef: this.problem } : {}),
      openAtLogin: this.loginItemEnabled(),
      openAtLoginSupported: this.deps.loginItem !== null,
      ...this.capabilityWords(),
    };
  }

  async configure(patch: DesktopSettingsPatch): Promise<DesktopSettings> {
    const before = JSON.stringify(this.get());
    if (patch.openAtLogin !== undefined && patch.openAtLogin !== this.loginItemEnabled()) {
      if (!this.deps.loginItem) throw AppError.of('invalid-input', 'This system offers no login item Linkdeck can set.');
      try {
        this.deps.loginItem.set(patch.openAtLogin);
      } catch (error) {
        throw AppError.of('internal', `Linkdeck could not change "open at login": ${(error as Error).message}. Try again, or set it in your system's startup settings.`);
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
    this.problem = undefined;
    if (accelerator === '') return;
    let ok = false;
    try {
      ok = this.deps.shortcuts.register(accelerator, this.deps.onHotkey);
    } catch (error) {
      // Electron throws on an accelerator it cannot parse; to the person it is just not usable.
      this.log(`[hotkey] ${accelerator} was refused: ${(error as Error).message}`);
    }
    if (ok) this.registered = accelerator;
    else this.problem = hotkeyConflictRef(accelerator, this.deps.platform);
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
    if (hotkeyNote) words.hotkeyNote = hotkeyNote;
    // Only for a hotkey Linkdeck asked for: a refused one has its problem, an off one nothing.
    if (hotkeyUnconfirmed && this.registered !== null) words.hotkeyUnconfirmed = hotkeyUnconfirmed;
    if (openAtLoginProblem && this.deps.loginItem === null) words.openAtLoginProblem = openAtLoginProblem;
    if (linkHandler) {
      try {
        words.linkHandler = linkHandler();
      } catch (error) {
        words.linkHandler = { available: false, reason: `Linkdeck could not tell whether linkdeck:// links reach it: ${(error as Error).message}` };
      }
    }
    return words;
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
