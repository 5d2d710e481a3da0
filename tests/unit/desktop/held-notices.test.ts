import { EventEmitter } from 'node:events';
import type { MenuItemConstructorOptions } from 'electron';
import { describe, expect, it } from 'vitest';
import { HeldNotices, routeInAppNotice } from '../../../electron/main/held-notices.js';
import { createNotifier, type NotificationLike, type NotificationOptionsLike } from '../../../electron/main/notifier.js';
import { clickMenuItem, menuSnapshot } from '../../../electron/main/test-hooks.js';
import { TrayController } from '../../../electron/main/tray-controller.js';
import type { DesktopNotice } from '../../../electron/shared/desktop.js';
import { fakeBackend } from '../shells/fake-backend.js';

/**
 * Electron 45's macOS Notification, as shell/browser/notifications/mac/cocoa_notification.mm and
 * shell/browser/api/electron_api_notification.cc make it (read at electron/electron 96f3996d,
 * Aug 22 2026): show() hands the request to UNUserNotificationCenter and returns; its completion
 * handler, given an error (an unsigned app, notifications not allowed), posts NotificationFailed
 * to the main thread, which emits 'failed' with the error's localizedDescription, later and on its
 * own. `refused` resolves once that posted task has run.
 */
class FakeCocoaNotification extends EventEmitter implements NotificationLike {
  refused: Promise<void> = Promise.resolve();
  constructor(
    readonly options: NotificationOptionsLike,
    private readonly error: string | null,
  ) {
    super();
  }
  show(): void {
    if (this.error === null) return;
    const error = this.error;
    // The completion handler runs off the main thread; PostTask brings it back, after show().
    this.refused = new Promise<void>((resolve) => setImmediate(resolve)).then(() => void this.emit('failed', {}, error));
  }
  close(): void {}
}

const UNSIGNED = 'Notifications are not allowed for this application';

/** index.ts's wiring: the notifier's fallback through routeInAppNotice, the tray's missed items. */
function macApp(options: { mainWindow: boolean }) {
  const made: FakeCocoaNotification[] = [];
  const sent: DesktopNotice[] = [];
  const opened: (string | null)[] = [];
  let rebuilds = 0;
  const held = new HeldNotices(() => void rebuilds++);
  const route = routeInAppNotice({ hasMainWindow: () => options.mainWindow, send: (n) => void sent.push(n), held });
  const notifier = createNotifier(
    {
      isSupported: () => true,
      create: (shown) => {
        const n = new FakeCocoaNotification(shown, UNSIGNED);
        made.push(n);
        return n;
      },
    },
    { platform: 'darwin', fallback: ({ title, body, view }) => route({ title, body, ...(view ? { view } : {}) }) },
  );
  const fake = fakeBackend();
  fake.dispatch.mockImplementation(async () => ({ ok: true, value: null }));
  const menus: MenuItemConstructorOptions[][] = [];
  const tray = new TrayController({
    backend: fake.backend,
    render: (template) => void menus.push(template),
    hotkey: () => null,
    quickShorten: () => {},
    openWindow: () => {},
    quit: () => {},
    missed: () => held.list(),
    openMissed: (index) => {
      const notice = held.take(index);
      if (notice) opened.push(notice.view ?? null);
    },
    clearMissed: () => held.clear(),
  });
  return { notifier, made, sent, opened, held, tray, menus, rebuilds: () => rebuilds };
}

const bulkDone = { title: 'Bulk shortening finished', body: '12 links made, 1 failed.', actions: [], view: '/bulk' };

describe('macOS: a notification the system refused while no window is open', () => {
  it('is kept and listed in the tray menu; a click opens Linkdeck on its view and forgets it', async () => {
    const app = macApp({ mainWindow: false });
    void app.notifier.notify(bulkDone);
    // Nothing yet: the refusal comes after show() returned.
    expect(app.held.list()).toEqual([]);
    await app.made[0]!.refused;
    expect(app.sent).toEqual([]);
    expect(app.held.list()).toEqual([{ title: 'Bulk shortening finished', body: '12 links made, 1 failed.', view: '/bulk' }]);
    expect(app.rebuilds()).toBe(1);
    await app.tray.rebuild();
    const menu = app.menus.at(-1)!;
    const items = menuSnapshot(menu);
    expect(items.slice(0, 3).map((i) => i.id)).toEqual(['missed-header', 'missed-0', 'missed-clear']);
    expect(items[1]!.label).toBe('Bulk shortening finished: 12 links made, 1 failed.');
    expect(clickMenuItem(menu, 'missed-0')).toBe(true);
    expect(app.opened).toEqual(['/bulk']);
    expect(app.held.list()).toEqual([]);
    await app.tray.rebuild();
    expect(menuSnapshot(app.menus.at(-1)!).map((i) => i.id)).not.toContain('missed-header');
  });

  it('goes to the main window as before while there is one (shown, or hidden in the tray)', async () => {
    const app = macApp({ mainWindow: true });
    void app.notifier.notify(bulkDone);
    await app.made[0]!.refused;
    expect(app.sent).toEqual([{ title: 'Bulk shortening finished', body: '12 links made, 1 failed.', view: '/bulk' }]);
    expect(app.held.list()).toEqual([]);
  });

  it('keeps the five newest, and "Clear these notices" empties the list', async () => {
    const app = macApp({ mainWindow: false });
    for (let i = 1; i <= 7; i++) void app.notifier.notify({ ...bulkDone, title: `Job ${i}` });
    await Promise.all(app.made.map((n) => n.refused));
    expect(app.held.list().map((n) => n.title)).toEqual(['Job 3', 'Job 4', 'Job 5', 'Job 6', 'Job 7']);
    await app.tray.rebuild();
    expect(clickMenuItem(app.menus.at(-1)!, 'missed-clear')).toBe(true);
    expect(app.held.list()).toEqual([]);
  });
});
