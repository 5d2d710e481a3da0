import type { DesktopNotice, DesktopSettings, DesktopSettingsPatch } from '../shared/desktop.js';
import type { ClipboardPort, Notifier } from './clipboard/ports.js';
import type { MessageRef } from '../shared/message-ref.js';

/** Tray, hotkey and login item settings, which only the desktop shell can apply. */
export interface DesktopSettingsPort {
  get(): DesktopSettings;
  /** Applies and saves a change; a refused hotkey is saved but reported in `hotkeyProblem`. */
  configure(patch: DesktopSettingsPatch): Promise<DesktopSettings>;
  onChange(listener: (settings: DesktopSettings) => void): () => void;
}

/**
 * What only a desktop shell (Electron main) gives the backend: the OS clipboard, notifications
 * and the desktop settings. The web shell has none of them, and the channels that need them say so.
 */
export interface DesktopShellPorts {
  clipboard: ClipboardPort;
  /**
   * Whether the clipboard can be watched from the background on this desktop (default: yes). On a
   * native Wayland session it cannot: the clipboard still works for copying, the watch says why not.
   */
  clipboardWatch?: { available: true } | { available: false; reason: MessageRef };
  notifier: Notifier;
  settings: DesktopSettingsPort;
  /** Notifications the OS would not show, told as they happen: pushed to the window as `desktop:notice`. */
  onInAppNotice?: (listener: (notice: DesktopNotice) => void) => () => void;
}
