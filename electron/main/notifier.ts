import type { ClipboardNotification, Notifier } from '../backend/clipboard/ports.js';

/** The part of an Electron Notification the notifier uses (a fake in tests). */
export interface NotificationLike {
  on(event: 'action', listener: (details: { actionIndex?: number } | undefined, actionIndex?: number) => void): unknown;
  on(event: 'click', listener: () => void): unknown;
  /** Electron 45 says why: 'userCanceled', 'applicationHidden' or 'timedOut' (Windows). */
  on(event: 'close', listener: (details?: { reason?: string }) => void): unknown;
  on(event: 'failed', listener: (event: unknown, error: string) => void): unknown;
  show(): void;
  close(): void;
}

export interface NotificationOptionsLike {
  title: string;
  body: string;
  actions?: { type: 'button'; text: string }[];
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
  /**
   * Opens Linkdeck on a view (a renderer route, null: as it is): what a click on a notification
   * does where it is not an action.
   */
  openView?: (view: string | null) => void;
  /** Told what became of each notification (the smoke test's hook). */
  observe?: (record: NotificationRecord) => void;
}

/** What became of one notification, for the smoke test. */
export interface NotificationRecord {
  title: string;
  /** 'shown': show() returned; 'failed': the OS refused it (its words in `error`); 'unsupported': not even tried. */
  outcome: 'shown' | 'failed' | 'unsupported';
  error: string | null;
}

/** A Notifier that can take its notifications back (the app is quitting). */
export interface DesktopNotifier extends Notifier {
  /** Closes every notification still waiting for an answer; each counts as dismissed. */
  dispose(): void;
}

/**
 * Where Electron may show notification buttons: Windows always; macOS only for a signed app whose
 * notifications use the alert style (Electron's NotificationAction documentation), which Linkdeck
 * cannot find out, so on macOS nothing may depend on a button.
 */
export const supportsActions = (platform: NodeJS.Platform): boolean => platform === 'darwin' || platform === 'win32';

export type ClickOutcome = { kind: 'action'; id: string } | { kind: 'open'; view: string | null };

/**
 * What a click on the notification itself (not a button) does. Where buttons never show
 * (Linux), the first action, which the body names ("Click here to undo"). Where they may
 * (Windows; macOS when signed and in alert style), it opens Linkdeck on the notification's view,
 * where the same choices are offered: so an unsigned macOS build, or a banner-style one, loses
 * nothing to the missing buttons.
 */
export function clickOutcome(platform: NodeJS.Platform, notification: ClipboardNotification): ClickOutcome {
  const first = notification.actions[0];
  if (!supportsActions(platform) && first) return { kind: 'action', id: first.id };
  return { kind: 'open', view: notification.view ?? null };
}

/**
 * What a close event means. A Windows toast whose time ran out moves to the Action Center with
 * its buttons, but Electron does not reliably bring their clicks back from there
 * (electron/electron#24524): it is taken out of the Action Center ('remove') and counts as
 * dismissed, never left there with buttons that do nothing.
 */
export function closeOutcome(platform: NodeJS.Platform, reason: string | undefined): 'dismissed' | 'remove' {
  return platform === 'win32' && reason === 'timedOut' ? 'remove' : 'dismissed';
}

/**
 * Notifications over the OS's. Buttons where the platform may have them (Windows, macOS); a click
 * on the notification does what clickOutcome says. Resolves with the chosen action's id, or null
 * when dismissed, closed, timed out, unsupported, or clicked to open Linkdeck.
 */
export function createNotifier(factory: NotificationFactory, options: NotifierOptions): DesktopNotifier {
  const timeoutMs = options.timeoutMs ?? 30_000;
  const set = options.setTimeout ?? ((callback, ms) => setTimeout(callback, ms));
  const clear = options.clearTimeout ?? ((handle) => clearTimeout(handle as ReturnType<typeof setTimeout>));
  const log = options.log ?? (() => {});
  const buttons = supportsActions(options.platform);
  const observe = options.observe ?? (() => {});
  // Electron drops a notification's events once nothing references it: keep each until it settles.
  const alive = new Map<NotificationLike, () => void>();

  return {
    dispose() {
      for (const [shown, dismiss] of [...alive]) {
        dismiss();
        try {
          shown.close();
        } catch {
          // Already gone.
        }
      }
    },
    notify(notification: ClipboardNotification): Promise<string | null> {
      if (!factory.isSupported()) {
        observe({ title: notification.title, outcome: 'unsupported', error: null });
        return Promise.resolve(null);
      }
      const click = clickOutcome(options.platform, notification);
      const clickAction = click.kind === 'action' ? notification.actions.find((a) => a.id === click.id) : undefined;
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
        observe({ title: notification.title, outcome: 'failed', error: (error as Error).message });
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
        alive.set(shown, () => settle(null));
        shown.on('action', (details, index) => {
          const at = typeof details?.actionIndex === 'number' ? details.actionIndex : index;
          settle(typeof at === 'number' ? (notification.actions[at]?.id ?? null) : null);
        });
        shown.on('click', () => {
          if (settled) return;
          if (click.kind === 'action') {
            settle(click.id);
            return;
          }
          settle(null);
          try {
            options.openView?.(click.view);
          } catch (error) {
            log(`[notify] could not open Linkdeck: ${(error as Error).message}`);
          }
        });
        shown.on('close', (details) => {
          const wasSettled = settled;
          settle(null);
          if (wasSettled || closeOutcome(options.platform, details?.reason) !== 'remove') return;
          try {
            shown.close();
          } catch {
            // Already gone.
          }
        });
        shown.on('failed', (_event, error) => {
          log(`[notify] the notification failed: ${error}`);
          observe({ title: notification.title, outcome: 'failed', error });
          settle(null);
        });
        try {
          shown.show();
          observe({ title: notification.title, outcome: 'shown', error: null });
        } catch (error) {
          log(`[notify] could not show a notification: ${(error as Error).message}`);
          observe({ title: notification.title, outcome: 'failed', error: (error as Error).message });
          settle(null);
        }
      });
    },
  };
}
