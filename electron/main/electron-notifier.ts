import { Notification } from 'electron';
import type { Notifier } from '../backend/clipboard/ports.js';
import { createNotifier, type NotificationLike } from './notifier.js';

/** The Notifier over Electron's Notification (logic and tests in notifier.ts). */
export function electronNotifier(log: (message: string) => void): Notifier {
  return createNotifier(
    {
      isSupported: () => Notification.isSupported(),
      create: (options) => new Notification(options) as unknown as NotificationLike,
    },
    { platform: process.platform, log },
  );
}
