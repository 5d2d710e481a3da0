/**
 * What the Linux desktop session lets Linkdeck do, decided from the environment and the command
 * line before the app is ready. Pure (no Electron): linux-desktop.ts applies it.
 *
 * Electron 38+ runs as a native Wayland client on a Wayland session. There, global shortcuts work
 * only through the desktop's GlobalShortcuts portal, which Electron 45 uses by default (its
 * global-shortcut.md, "Usage on Linux": `GlobalShortcutsPortal` and
 * `GlobalShortcutsPortalPreferredTrigger` are on by default, GNOME included, electron/electron#52221;
 * so Linkdeck no longer switches the feature on itself), and a window without focus cannot read the
 * clipboard (the compositor sends the clipboard only to the focused client), so the clipboard
 * watch would never see a copy.
 * Linkdeck keeps native Wayland (sharp on scaled screens, the hotkey through the portal) and says
 * in the clipboard card that the watch cannot work there; `--ozone-platform=x11` (XWayland) is the
 * documented way to get the watch back, with its own trade-offs.
 */

import { msg, type MessageRef } from '../shared/message-ref.js';

export type DisplayBackend = 'wayland' | 'x11' | 'none' | 'not-linux';

export interface SessionFacts {
  platform: NodeJS.Platform;
  env: Readonly<Record<string, string | undefined>>;
  /** The command line (process.argv): `--ozone-platform=…` / `--ozone-platform-hint=…`. */
  argv: readonly string[];
}

export type ClipboardWatchSupport = { available: true } | { available: false; reason: MessageRef };

export interface SessionDecision {
  /** What Chromium will draw with. */
  backend: DisplayBackend;
  /** On Wayland under Wayland's own rules; on X11 through XWayland inside a Wayland session. */
  xwayland: boolean;
  /**
   * The hotkey goes through the desktop's shortcuts portal (native Wayland). There
   * globalShortcut.register() answers true whatever the desktop then decides (GNOME 50 refuses
   * binds for an app ID it cannot resolve without an error reaching the app, electron/electron#52218),
   * so Linkdeck cannot know that the hotkey works and must not say it does.
   */
  hotkeyPortal: boolean;
  /** Whether the clipboard watch can see the clipboard while Linkdeck is in the background. */
  clipboardWatch: ClipboardWatchSupport;
  /** Words for the desktop card about how the hotkey works here, when it differs from the usual. */
  hotkeyNote?: MessageRef;
}

// The words, as message keys (the `desktop` area): the desktop card and the clipboard card show
// them in the person's language, rendered where they are shown (desktop-settings.ts, index.ts).
export const WAYLAND_CLIPBOARD_REASON: MessageRef = msg('desktop.problem.waylandClipboard');

export const WAYLAND_HOTKEY_NOTE: MessageRef = msg('desktop.problem.waylandHotkeyNote');

export const XWAYLAND_HOTKEY_NOTE: MessageRef = msg('desktop.problem.xwaylandHotkeyNote');

/**
 * What the desktop card says in place of "registered" where the portal decides (native Wayland):
 * Linkdeck asked, and the portal does not answer whether it agreed.
 */
export const PORTAL_HOTKEY_UNCONFIRMED: MessageRef = msg('desktop.problem.portalHotkeyUnconfirmed');

/** The value of `--name=value` or `--name value` (the last one wins, as in Chromium), or null. */
export function switchValue(argv: readonly string[], name: string): string | null {
  let value: string | null = null;
  const flag = `--${name}`;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? '';
    if (arg.startsWith(`${flag}=`)) value = arg.slice(flag.length + 1);
    else if (arg === flag && i + 1 < argv.length && !(argv[i + 1] ?? '').startsWith('--'))
      value = argv[i + 1] ?? null;
  }
  return value;
}

function sessionIsWayland(env: SessionFacts['env']): boolean {
  const type = (env['XDG_SESSION_TYPE'] ?? '').toLowerCase();
  if (type === 'wayland') return true;
  if (type === 'x11') return false;
  return Boolean(env['WAYLAND_DISPLAY']);
}

/** The backend Chromium picks: an explicit --ozone-platform, then the hint, then the session. */
export function displayBackend(facts: SessionFacts): DisplayBackend {
  if (facts.platform !== 'linux') return 'not-linux';
  const { env } = facts;
  const chosen = (
    switchValue(facts.argv, 'ozone-platform') ??
    switchValue(facts.argv, 'ozone-platform-hint') ??
    'auto'
  ).toLowerCase();
  if (chosen === 'x11') return env['DISPLAY'] ? 'x11' : 'none';
  if (chosen === 'wayland') return env['WAYLAND_DISPLAY'] || sessionIsWayland(env) ? 'wayland' : 'none';
  // auto (Electron 38+'s default): Wayland on a Wayland session, X11 otherwise.
  if (sessionIsWayland(env)) return 'wayland';
  return env['DISPLAY'] ? 'x11' : env['WAYLAND_DISPLAY'] ? 'wayland' : 'none';
}

export function decideSession(facts: SessionFacts): SessionDecision {
  const backend = displayBackend(facts);
  if (backend === 'wayland') {
    return {
      backend,
      xwayland: false,
      hotkeyPortal: true,
      clipboardWatch: { available: false, reason: WAYLAND_CLIPBOARD_REASON },
      hotkeyNote: WAYLAND_HOTKEY_NOTE,
    };
  }
  const xwayland = backend === 'x11' && sessionIsWayland(facts.env);
  return {
    backend,
    xwayland,
    hotkeyPortal: false,
    clipboardWatch: { available: true },
    ...(xwayland ? { hotkeyNote: XWAYLAND_HOTKEY_NOTE } : {}),
  };
}
