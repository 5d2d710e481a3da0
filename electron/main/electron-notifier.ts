import { Notification } from 'electron';
import { createNotifier, type DesktopNotifier, type NotificationLike, type NotifierOptions } from './notifier.js';

/** The Notifier over Electron's Notification (logic and tests in notifier.ts). */
export function electronNotifier(
  log: (message: string) => void,
  options: Pick<NotifierOptions, 'openView' | 'observe' | 'fallback'> = {},
): DesktopNotifier {
  return createNotifier(
    {
      isSupported: () => Notification.isSupported(),
      create: (shown) => new Notification(shown) as unknown as NotificationLike,
    },
    { platform: process.platform, log, ...options },
  );
}
