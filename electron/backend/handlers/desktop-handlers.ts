import { keyedIssue } from '../../shared/errors.js';
import { englishText, msg } from '../../shared/message-ref.js';
import { DEFAULT_HOTKEY, HOTKEY_PATTERN, type DesktopSettings, type DesktopSettingsPatch } from '../../shared/desktop.js';
import { AppError } from '../app-error.js';
import type { BackendContext } from '../backend-context.js';
import type { Handlers } from '../router.js';

type DesktopChannel = Extract<keyof Handlers, `desktop:${string}`>;

/** What the web shell answers: no tray, hotkey or login item exists there. */
export const WEB_DESKTOP_SETTINGS: Readonly<DesktopSettings> = Object.freeze({
  available: false,
  closeToTray: false,
  hotkey: DEFAULT_HOTKEY,
  hotkeyRegistered: false,
  openAtLogin: false,
  openAtLoginSupported: false,
});

const NOT_IN_BROWSER_REF = msg('errors.desktop.notInBrowser');
export const NOT_IN_BROWSER = englishText(NOT_IN_BROWSER_REF);

/**
 * The hotkey as it will be saved ('' turns it off), or an 'invalid-input' error next to the field.
 * Electron checks the accelerator again when it registers it; this spares a refusal from there.
 */
export function checkHotkey(value: string): string {
  const hotkey = value.trim();
  if (hotkey === '' || HOTKEY_PATTERN.test(hotkey)) return hotkey;
  const ref = msg('validation.hotkey.notUsable', { hotkey: hotkey.slice(0, 40) });
  throw AppError.keyed('invalid-input', ref, { issues: [keyedIssue(['hotkey'], ref)] });
}

/**
 * desktop:* channels. The desktop shell's settings port applies and saves the settings; every
 * change it reports (a configure, a hotkey lost or regained) is pushed as `desktop:changed`.
 */
export function desktopHandlers(context: BackendContext): Pick<Handlers, DesktopChannel> {
  const desktop = context.desktop;
  if (!desktop) {
    return {
      'desktop:settings': async () => ({ ...WEB_DESKTOP_SETTINGS }),
      'desktop:configure': async () => {
        throw AppError.keyed('invalid-input', NOT_IN_BROWSER_REF);
      },
    };
  }
  const stop = desktop.settings.onChange((settings) => context.events.emit('desktop:changed', settings));
  context.onClose(stop);
  // A notification the OS refused (macOS unsigned builds always): the window shows it instead.
  const stopNotices = desktop.onInAppNotice?.((notice) => context.events.emit('desktop:notice', notice));
  if (stopNotices) context.onClose(stopNotices);
  return {
    'desktop:settings': async () => desktop.settings.get(),
    'desktop:configure': async (patch) => {
      const clean: DesktopSettingsPatch = { ...patch };
      if (patch.hotkey !== undefined) clean.hotkey = checkHotkey(patch.hotkey);
      if (clean.openAtLogin !== undefined && !desktop.settings.get().openAtLoginSupported) {
        throw AppError.keyed('invalid-input', msg('errors.desktop.noLoginItem'));
      }
      return desktop.settings.configure(clean);
    },
  };
}
