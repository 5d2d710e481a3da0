import type { MenuItemConstructorOptions } from 'electron';
import type { ClipboardStatus } from '../shared/desktop.js';
import type { Translate } from '../shared/i18n/translate.js';
import { msg, renderMessage, type MessageRef } from '../shared/message-ref.js';
import { desktopTranslator } from './desktop-language.js';

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
   * What to say beside its links when they may not open for others (reachNoticeRef: no public
   * address, or one never verified), said in the menu's language; overrides the loopbackOnly words.
   */
  reachNote?: MessageRef | null;
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

/** The watch's state as a select argument of the messages that say it. */
function watchState(status: ClipboardStatus | null): 'unknown' | 'unavailable' | 'off' | 'paused' | 'offline' | 'on' {
  if (!status) return 'unknown';
  if (!status.available) return 'unavailable';
  if (status.status === 'off') return 'off';
  if (status.status === 'paused') return 'paused';
  return status.offline ? 'offline' : 'on';
}

/** The watch's state in a few words: On, Paused or Off (and why it cannot run). */
export function clipboardStateLabel(status: ClipboardStatus | null, t: Translate = desktopTranslator('en')): string {
  return t('desktop.tray.watchState', { state: watchState(status) });
}

/** The tray's tooltip: the app and the watch's state, always visible on hover. */
export function trayTooltip(model: TrayModel, t: Translate = desktopTranslator('en')): string {
  const state = watchState(model.clipboard);
  return model.profileName ? t('desktop.tray.tooltipProfile', { profile: model.profileName, state }) : t('desktop.tray.tooltip', { state });
}

function recentItems(model: TrayModel, actions: TrayActions, t: Translate): MenuItemConstructorOptions[] {
  if (model.profileName === null) return [{ id: 'recent-none', label: t('desktop.tray.noProfile'), enabled: false }];
  if (model.recent.length === 0) return [{ id: 'recent-none', label: t('desktop.tray.noLinks'), enabled: false }];
  return model.recent.slice(0, TRAY_RECENT_LINKS).map((link) => ({
    id: `recent-${link.id}`,
    label: menuText(
      link.provisional || !link.shortUrl
        ? t('desktop.tray.notSentYet', { title: link.title || link.longUrl })
        : t('desktop.tray.recentLink', { shortUrl: link.shortUrl.replace(/^https?:\/\//, ''), title: link.title || link.longUrl }),
    ),
    toolTip: link.longUrl,
    enabled: !link.provisional && link.shortUrl !== '',
    click: () => actions.copy(link.shortUrl),
  }));
}

function clipboardItems(status: ClipboardStatus | null, actions: TrayActions, t: Translate): MenuItemConstructorOptions[] {
  const state: MenuItemConstructorOptions = { id: 'clipboard-state', label: clipboardStateLabel(status, t), enabled: false };
  if (!status || !status.available || status.status === 'off') return [state];
  const paused = status.status === 'paused';
  return [
    state,
    {
      id: 'clipboard-toggle',
      label: paused ? t('desktop.tray.resumeWatch') : t('desktop.tray.pauseWatch'),
      click: () => actions.setClipboardPaused(!paused),
    },
  ];
}

function profileItems(model: TrayModel, actions: TrayActions, t: Translate): MenuItemConstructorOptions[] {
  if (model.profiles.length < 2) return [];
  return [
    {
      id: 'profiles',
      label: t('desktop.tray.switchProfile'),
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
function missedItems(model: TrayModel, actions: TrayActions, t: Translate): MenuItemConstructorOptions[] {
  const missed = model.missed ?? [];
  if (missed.length === 0) return [];
  return [
    { id: 'missed-header', label: t('desktop.tray.missedHeader'), enabled: false },
    ...missed.map((notice, index) => ({
      id: `missed-${index}`,
      label: menuText(t('desktop.tray.missedNotice', { title: notice.title, body: notice.body }), 80),
      toolTip: notice.body,
      click: () => actions.openMissed?.(index),
    })),
    { id: 'missed-clear', label: t('desktop.tray.clearMissed'), click: () => actions.clearMissed?.() },
    separator,
  ];
}

/**
 * The tray menu: notices the OS refused while no window was open (when there are any), recent links (a click copies the short URL), quick shorten, the clipboard
 * watch's state with pause/resume, open the window, switch profile, quit. Its words in the
 * language `t` speaks (the app's language setting; English when none is given).
 */
export function trayMenuTemplate(model: TrayModel, actions: TrayActions, t: Translate = desktopTranslator('en')): MenuItemConstructorOptions[] {
  const hasProfile = model.profileName !== null;
  return [
    ...missedItems(model, actions, t),
    { id: 'recent-header', label: t('desktop.tray.recentHeader'), enabled: false },
    // Said where they are copied: a colleague given one of these gets a link that opens nothing.
    ...(model.reachNote || model.loopbackOnly
      ? [{ id: 'local-only', label: menuText(renderMessage(model.reachNote ?? msg('desktop.reach.localOnly'), t), 160), enabled: false }]
      : []),
    ...recentItems(model, actions, t),
    separator,
    {
      id: 'quick-shorten',
      label: t('desktop.tray.quickShorten'),
      enabled: hasProfile,
      // Shown only: the OS already routes the global hotkey, the menu must not capture it too.
      ...(model.hotkey ? { accelerator: model.hotkey, registerAccelerator: false } : {}),
      click: () => actions.quickShorten(),
    },
    ...clipboardItems(model.clipboard, actions, t),
    separator,
    { id: 'open', label: t('desktop.tray.open'), click: () => actions.openWindow() },
    ...profileItems(model, actions, t),
    separator,
    { id: 'quit', label: t('desktop.tray.quit'), click: () => actions.quit() },
  ];
}
