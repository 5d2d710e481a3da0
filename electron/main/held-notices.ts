import type { DesktopNotice } from '../shared/desktop.js';

/**
 * Notices the OS would not show as notifications, kept while no main window can show them.
 *
 * The fallback for a refused notification is an in-app notice (notifier.ts), pushed as an event
 * to the windows attached to the IPC host. On macOS the app keeps running with every window
 * closed, and a refusal comes late and on its own: Electron 45's cocoa_notification.mm hears it
 * in UNUserNotificationCenter's completion handler and posts NotificationFailed to the main
 * thread, which emits 'failed' (electron_api_notification.cc) after show() has returned; an
 * unsigned build gets it for every notification. With no window the notice reached nobody. So
 * here it is kept, and the tray's menu lists it (tray-menu.ts): a click opens Linkdeck on the
 * notice's view, where its choices are, as a click on the notification would have.
 */
export class HeldNotices {
  private items: DesktopNotice[] = [];

  /** `changed`: the list changed (the tray menu rebuilds). At most `max` are kept, the newest. */
  constructor(
    private readonly changed: () => void,
    private readonly max = 5,
  ) {}

  list(): readonly DesktopNotice[] {
    return this.items;
  }

  keep(notice: DesktopNotice): void {
    this.items = [...this.items, notice].slice(-this.max);
    this.changed();
  }

  /** Removes and returns the notice at `index` (the person opened it). */
  take(index: number): DesktopNotice | undefined {
    const notice = this.items[index];
    if (!notice) return undefined;
    this.items = this.items.filter((_, i) => i !== index);
    this.changed();
    return notice;
  }

  clear(): void {
    if (this.items.length === 0) return;
    this.items = [];
    this.changed();
  }
}

/**
 * Where a notice the OS refused goes: to the main window's page when there is a main window
 * (shown, or hidden in the tray: it is there when the window comes back), else into `held`.
 */
export function routeInAppNotice(options: {
  hasMainWindow: () => boolean;
  send: (notice: DesktopNotice) => void;
  held: HeldNotices;
}): (notice: DesktopNotice) => void {
  return (notice) => {
    if (options.hasMainWindow()) options.send(notice);
    else options.held.keep(notice);
  };
}
