import type { ClipboardNotification, Notifier } from '../backend/clipboard/ports.js';

/** The part of an Electron Notification the notifier uses (a fake in tests). */
export interface NotificationLike {
  on(event: 'action', listener: (details: { actionIndex?: number } | undefined, actionIndex?: number) => void): unknown;
  on(event: 'click' | 'close', listener: () => void): unknown;
  on(event: 'failed', listener: (event: unknown, error: string) => void): unknown;
  show(): void;
  close(): void;
}

export interface NotificationOptionsLike {
  title: string;
  body: string;
  actions?: { type: 'button'; text: string }[];
  timeoutType?: 'default' | 'never';
}

export interface NotificationFactory {
  isSupported(): boolean;
  create(options: NotificationOptionsLike): NotificationLike;
}

export interface NotifierOptions {
  platform: NodeJS.Platform;
  /** How long an unanswered notification may hold its caller; then it counts as dismissed. */
  timeoutMs?: number;
  setTimeout?: (callback: () => void, ms: number) => unknown;
  clearTimeout?: (handle: unknown) => void;
  log?: (message: string) => void;
}

/** Where Electron shows notification buttons. */
export const supportsActions = (platform: NodeJS.Platform): boolean => platform === 'darwin' || platform === 'win32';

/**
 * Notifications over the OS's. Buttons where the platform has them (macOS, Windows); elsewhere
 * the first action is offered as a click on the notification itself, and the body says so.
 * Resolves with the chosen action's id, or null when dismissed, closed, timed out or unsupported.
 */
export function createNotifier(factory: NotificationFactory, options: NotifierOptions): Notifier {
  const timeoutMs = options.timeoutMs ?? 30_000;
  const set = options.setTimeout ?? ((callback, ms) => setTimeout(callback, ms));
  const clear = options.clearTimeout ?? ((handle) => clearTimeout(handle as ReturnType<typeof setTimeout>));
  const log = options.log ?? (() => {});
  const buttons = supportsActions(options.platform);
  // Electron drops a notification's events once nothing references it: keep each until it settles.
  const alive = new Set<NotificationLike>();

  return {
    notify(notification: ClipboardNotification): Promise<string | null> {
      if (!factory.isSupported()) return Promise.resolve(null);
      const first = notification.actions[0];
      const clickAction = !buttons && first ? first : null;
      const body = clickAction ? `${notification.body}\nClick here to ${clickAction.label.toLowerCase()}.` : notification.body;
      let shown: NotificationLike;
      try {
        shown = factory.create({
          title: notification.title,
          body,
          ...(buttons && notification.actions.length ? { actions: notification.actions.map((a) => ({ type: 'button' as const, text: a.label })) } : {}),
        });
      } catch (error) {
        log(`[notify] could not show a notification: ${(error as Error).message}`);
        return Promise.resolve(null);
      }
      return new Promise<string | null>((resolve) => {
        let settled = false;
        const settle = (answer: string | null): void => {
          if (settled) return;
          settled = true;
          clear(timer);
          alive.delete(shown);
          resolve(answer);
        };
        const timer = set(() => {
          settle(null);
          try {
            shown.close();
          } catch {
            // Already gone.
          }
        }, timeoutMs);
        alive.add(shown);
        shown.on('action', (details, index) => {
          const at = typeof details?.actionIndex === 'number' ? details.actionIndex : index;
          settle(typeof at === 'number' ? (notification.actions[at]?.id ?? null) : null);
        });
        shown.on('click', () => settle(clickAction ? clickAction.id : null));
        shown.on('close', () => settle(null));
        shown.on('failed', (_event, error) => {
          log(`[notify] the notification failed: ${error}`);
          settle(null);
        });
        try {
          shown.show();
        } catch (error) {
          log(`[notify] could not show a notification: ${(error as Error).message}`);
          settle(null);
        }
      });
    },
  };
}
