import type { MenuItemConstructorOptions } from 'electron';
import type { ClipboardStatus } from '../shared/desktop.js';
import { LOCAL_ONLY_SHORT } from '../shared/local-reach.js';

/** What the tray menu shows; read from the backend by the tray controller. */
export interface TrayModel {
  /** Null: no profile yet (first run), so there is nothing to list or shorten with. */
  profileName: string | null;
  profiles: { id: string; name: string }[];
  currentProfileId: string | null;
  /** The newest links, newest first (at most {@link TRAY_RECENT_LINKS}). */
  recent: { id: number; shortUrl: string; title: string; longUrl: string; provisional: boolean }[];
  /** Null when the watch's state could not be read. */
  clipboard: ClipboardStatus | null;
  /** The hotkey's accelerator, shown beside "Quick shorten…" while it is registered. */
  hotkey: string | null;
  /** The current profile's short links open only on this computer (local workspace, no public address). */
  loopbackOnly?: boolean;
  /**
   * What to say beside its links when they may not open for others (reachNotice: no public
   * address, or one never verified); overrides the loopbackOnly words.
   */
  reachNote?: string | null;
  /** Notices the OS refused while no window was open (held-notices.ts), oldest first. */
  missed?: { title: string; body: string }[];
}

export interface TrayActions {
  copy(shortUrl: string): void;
  quickShorten(): void;
  setClipboardPaused(paused: boolean): void;
  openWindow(): void;
  switchProfile(id: string): void;
  quit(): void;
  /** Opens Linkdeck where the missed notice at `index` offers its choices, and forgets it. */
  openMissed?(index: number): void;
  clearMissed?(): void;
}

export const TRAY_RECENT_LINKS = 10;
const LABEL_MAX = 48;

const separator: MenuItemConstructorOptions = { type: 'separator' };

/** One line of a menu: long titles and URLs cut with an ellipsis; `&` doubled (Windows reads it as a mnemonic). */
export function menuText(text: string, max = LABEL_MAX): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  const cut = flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
  return cut.replace(/&/g, '&&');
}

/** The watch's state in a few words: On, Paused or Off (and why it cannot run). */
export function clipboardStateLabel(status: ClipboardStatus | null): string {
  if (!status) return 'Clipboard watch: unknown';
  if (!status.available) return 'Clipboard watch: not available';
  switch (status.status) {
    case 'off':
      return 'Clipboard watch: Off';
    case 'paused':
      return 'Clipboard watch: Paused';
    default:
      return status.offline ? 'Clipboard watch: On (offline)' : 'Clipboard watch: On';
  }
}

/** The tray's tooltip: the app and the watch's state, always visible on hover. */
export function trayTooltip(model: TrayModel): string {
  const watch = clipboardStateLabel(model.clipboard).replace('Clipboard watch: ', '').toLowerCase();
  return `Linkdeck${model.profileName ? ` · ${model.profileName}` : ''} · clipboard watch ${watch}`;
}

function recentItems(model: TrayModel, actions: TrayActions): MenuItemConstructorOptions[] {
  if (model.profileName === null) return [{ id: 'recent-none', label: 'No profile yet: open Linkdeck to set one up', enabled: false }];
  if (model.recent.length === 0) return [{ id: 'recent-none', label: 'No links yet', enabled: false }];
  return model.recent.slice(0, TRAY_RECENT_LINKS).map((link) => ({
    id: `recent-${link.id}`,
    label: menuText(link.provisional || !link.shortUrl ? `${link.title || link.longUrl} (not sent yet)` : `${link.shortUrl.replace(/^https?:\/\//, '')} — ${link.title || link.longUrl}`),
    toolTip: link.longUrl,
    enabled: !link.provisional && link.shortUrl !== '',
    click: () => actions.copy(link.shortUrl),
  }));
}

function clipboardItems(status: ClipboardStatus | null, actions: TrayActions): MenuItemConstructorOptions[] {
  const state: MenuItemConstructorOptions = { id: 'clipboard-state', label: clipboardStateLabel(status), enabled: false };
  if (!status || !status.available || status.status === 'off') return [state];
  const paused = status.status === 'paused';
  return [
    state,
    {
      id: 'clipboard-toggle',
      label: paused ? 'Resume clipboard watch' : 'Pause clipboard watch',
      click: () => actions.setClipboardPaused(!paused),
    },
  ];
}

function profileItems(model: TrayModel, actions: TrayActions): MenuItemConstructorOptions[] {
  if (model.profiles.length < 2) return [];
  return [
    {
      id: 'profiles',
      label: 'Switch profile',
      submenu: model.profiles.map((profile) => ({
        id: `profile-${profile.id}`,
        label: menuText(profile.name),
        type: 'radio' as const,
        checked: profile.id === model.currentProfileId,
        click: () => {
          if (profile.id !== model.currentProfileId) actions.switchProfile(profile.id);
        },
      })),
    },
  ];
}

/** Notices the OS refused while no window was open: at the top, so they are seen first. */
function missedItems(model: TrayModel, actions: TrayActions): MenuItemConstructorOptions[] {
  const missed = model.missed ?? [];
  if (missed.length === 0) return [];
  return [
    { id: 'missed-header', label: 'Not shown as notifications — click to open', enabled: false },
    ...missed.map((notice, index) => ({
      id: `missed-${index}`,
      label: menuText(`${notice.title}: ${notice.body}`, 80),
      toolTip: notice.body,
      click: () => actions.openMissed?.(index),
    })),
    { id: 'missed-clear', label: 'Clear these notices', click: () => actions.clearMissed?.() },
    separator,
  ];
}

/**
 * The tray menu: notices the OS refused while no window was open (when there are any), recent links (a click copies the short URL), quick shorten, the clipboard
 * watch's state with pause/resume, open the window, switch profile, quit.
 */
export function trayMenuTemplate(model: TrayModel, actions: TrayActions): MenuItemConstructorOptions[] {
  const hasProfile = model.profileName !== null;
  return [
    ...missedItems(model, actions),
    { id: 'recent-header', label: 'Recent links — click to copy', enabled: false },
    // Said where they are copied: a colleague given one of these gets a link that opens nothing.
    ...(model.reachNote || model.loopbackOnly ? [{ id: 'local-only', label: menuText(model.reachNote ?? LOCAL_ONLY_SHORT, 160), enabled: false }] : []),
    ...recentItems(model, actions),
    separator,
    {
      id: 'quick-shorten',
      label: 'Quick shorten…',
      enabled: hasProfile,
      // Shown only: the OS already routes the global hotkey, the menu must not capture it too.
      ...(model.hotkey ? { accelerator: model.hotkey, registerAccelerator: false } : {}),
      click: () => actions.quickShorten(),
    },
    ...clipboardItems(model.clipboard, actions),
    separator,
    { id: 'open', label: 'Open Linkdeck', click: () => actions.openWindow() },
    ...profileItems(model, actions),
    separator,
    { id: 'quit', label: 'Quit Linkdeck', click: () => actions.quit() },
  ];
}
