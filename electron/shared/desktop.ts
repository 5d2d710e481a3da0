/**
 * What the desktop shell adds: the clipboard watch's status for the UI and the tray, and the
 * desktop settings (tray, global hotkey, open at login). Pure types.
 */
import type { ClipboardWatchState } from './clipboard-rules.js';
import type { MessageRef } from './message-ref.js';

/** The clipboard watch of the current profile, as the settings view and the tray show it. */
export interface ClipboardStatus extends ClipboardWatchState {
  profileId: string | null;
  /** False where the shell cannot read the OS clipboard (the web shell): settings can still be edited. */
  available: boolean;
  /** Why the watch cannot run here, in English words (logs, older windows), when unavailable… */
  reason?: string;
  /** …and as a message, which the window words in the person's language of now (issue 44). */
  reasonRef?: MessageRef;
  /**
   * What stops it, when unavailable: the web shell (a browser page), or the desktop session itself
   * (a native Wayland session, where a window in the background cannot read the clipboard).
   */
  limit?: 'web-shell' | 'desktop-session';
  /**
   * The local workspace (no public address) asks once before the watch replaces anything: true
   * while that question waits for `clipboard:local-answer`.
   */
  localQuestion?: boolean;
}

/** The default global hotkey (Electron accelerator syntax). */
export const DEFAULT_HOTKEY = 'CommandOrControl+Shift+L';

export interface DesktopSettings {
  /** False in the web shell: there is no tray, hotkey or login item there. */
  available: boolean;
  /** Closing the window keeps Linkdeck running in the tray. */
  closeToTray: boolean;
  /** Accelerator of the quick-shorten hotkey; '' turns it off. */
  hotkey: string;
  /**
   * Whether Linkdeck holds the hotkey now; when not, `hotkeyProblem` says why (taken by another
   * app…). Where the desktop decides without telling (`hotkeyUnconfirmed`), true only means asked.
   */
  hotkeyRegistered: boolean;
  /**
   * Set where the OS does not say whether the hotkey works (native Wayland: the shortcuts portal
   * accepts or refuses on its own): the words to show instead of "registered".
   */
  hotkeyUnconfirmed?: string;
  /** Why the hotkey is not held, in English (logs, older windows)… */
  hotkeyProblem?: string;
  /** …and as a message the window shows in the person's language (issue 44). */
  hotkeyProblemRef?: MessageRef;
  /** How the hotkey works on this desktop, when it differs from the usual (Wayland's portal). */
  hotkeyNote?: string;
  openAtLogin: boolean;
  /** False where the OS offers no login item Linkdeck can set. */
  openAtLoginSupported: boolean;
  /** Why "open at login" is not available, in words (with openAtLoginSupported false). */
  openAtLoginProblem?: string;
  /** Whether linkdeck:// links open Linkdeck, and why not when they cannot. */
  linkHandler?: LinkHandlerStatus;
}

/**
 * A notification the OS would not show (an unsigned macOS build, notifications turned off or not
 * supported), pushed to the window as `desktop:notice` so it is shown inside Linkdeck instead.
 */
export interface DesktopNotice {
  title: string;
  body: string;
  /** The view where its choices are offered (a renderer route), when it has one. */
  view?: string;
}

export interface LinkHandlerStatus {
  available: boolean;
  /** Why linkdeck:// links do not reach Linkdeck here, in words, when unavailable. */
  reason?: string;
}

export type DesktopSettingsPatch = Partial<Pick<DesktopSettings, 'closeToTray' | 'hotkey' | 'openAtLogin'>>;

/** Accelerators: modifiers joined by '+', then one key. Checked again by Electron when registered. */
export const HOTKEY_PATTERN =
  /^(?:(?:CommandOrControl|CmdOrCtrl|Command|Cmd|Control|Ctrl|Alt|Option|AltGr|Shift|Super|Meta)\+)+(?:[A-Z0-9]|F(?:[1-9]|1[0-9]|2[0-4])|Space|Tab|Enter|Up|Down|Left|Right|Home|End|PageUp|PageDown|Insert|Delete|Backspace|[-=,./;'`[\]\\])$/;
