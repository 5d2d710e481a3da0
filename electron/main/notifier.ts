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
  /**
   * How many notifications Linkdeck keeps listening to at most. The OS keeps each one as long as it
   * likes (Notification Center, the Action Center, GNOME's list); past this many the oldest is let
   * go (not closed: it stays where the OS keeps it, and a click on it then does nothing here).
   */
  maxTracked?: number;
  log?: (message: string) => void;
  /**
   * Opens Linkdeck on a view (a renderer route, null: as it is): what a click on a notification
   * does where it is not an action.
   */
  openView?: (view: string | null) => void;
  /** Told what became of each notification (the smoke test's hook). */
  observe?: (record: NotificationRecord) => void;
  /**
   * Shows the notice inside Linkdeck instead, when the OS would not show it: notifications not
   * supported here, or refused ('failed': an unsigned macOS build always gets it, Electron's
   * Notification documentation; Windows without the Start Menu shortcut, notifications turned off).
   */
  fallback?: (notice: InAppNotice) => void;
}

/** A notification the OS would not show, for the app's own notices. */
export interface InAppNotice {
  title: string;
  body: string;
  view?: string;
  /** The OS's words when it refused it, null when notifications are not supported at all. */
  error: string | null;
}

/** What became of one notification, for the smoke test. */
export interface NotificationRecord {
  title: string;
  /** 'shown': show() returned; 'failed': the OS refused it (its words in `error`); 'unsupported': not even tried. */
  outcome: 'shown' | 'failed' | 'unsupported';
  error: string | null;
}

/** A Notifier that can let its notifications go (the app is quitting). */
export interface DesktopNotifier extends Notifier {
  /**
   * Stops listening to every notification still waiting for an answer; each counts as dismissed.
   * They are not closed: what the OS keeps in its list stays there after Linkdeck quits.
   */
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
 * What a close event means. On Windows a toast whose time ran out ('timedOut') is not gone: it
 * moved to the Action Center, where the person may still click it or its buttons, and Electron 45
 * brings those clicks back to the live Notification object (docs/api/notification.md: "Notification
 * object is still in memory (callback is invoked in addition to instance events)"; the in-process
 * Activated event since electron/electron#51147). So it keeps waiting. Every other close is the
 * person (or the OS) dismissing it.
 */
export function closeOutcome(platform: NodeJS.Platform, reason: string | undefined): 'dismissed' | 'waiting' {
  return platform === 'win32' && reason === 'timedOut' ? 'waiting' : 'dismissed';
}

/**
 * Notifications over the OS's. Buttons where the platform may have them (Windows, macOS); a click
 * on the notification does what clickOutcome says. Resolves with the chosen action's id, or null
 * when dismissed, unsupported, refused, replaced, or clicked to open Linkdeck.
 *
 * Linkdeck never closes a notification because time passed: the OS keeps it (Notification Center,
 * the Action Center, GNOME's list) for someone who was away from the screen. It closes only one
 * the person acted on (a button, or a click) and one a newer notification of the same `group`
 * replaces. One the OS will not show becomes an in-app notice (options.fallback).
 */
export function createNotifier(factory: NotificationFactory, options: NotifierOptions): DesktopNotifier {
  const maxTracked = options.maxTracked ?? 50;
  const log = options.log ?? (() => {});
  const buttons = supportsActions(options.platform);
  const observe = options.observe ?? (() => {});
  const fallback = (notification: ClipboardNotification, error: string | null): void => {
    try {
      options.fallback?.({ title: notification.title, body: notification.body, ...(notification.view ? { view: notification.view } : {}), error });
    } catch (failure) {
      log(`[notify] could not show the notice in the app: ${(failure as Error).message}`);
    }
  };
  // Electron drops a notification's events once nothing references it: keep each until it settles.
  // Insertion order is age order (the oldest first), for maxTracked.
  const alive = new Map<NotificationLike, { settle: (answer: string | null) => void; group: string | undefined }>();

  const close = (shown: NotificationLike): void => {
    try {
      shown.close();
    } catch {
      // Already gone.
    }
  };

  return {
    dispose() {
      for (const { settle } of [...alive.values()]) settle(null);
    },
    notify(notification: ClipboardNotification): Promise<string | null> {
      if (!factory.isSupported()) {
        observe({ title: notification.title, outcome: 'unsupported', error: null });
        fallback(notification, null);
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
        fallback(notification, (error as Error).message);
        return Promise.resolve(null);
      }
      // A newer notice of the same group replaces the older one: that one is closed.
      if (notification.group !== undefined) {
        for (const [older, entry] of [...alive]) {
          if (entry.group !== notification.group) continue;
          entry.settle(null);
          close(older);
        }
      }
      return new Promise<string | null>((resolve) => {
        let settled = false;
        const settle = (answer: string | null): void => {
          if (settled) return;
          settled = true;
          alive.delete(shown);
          resolve(answer);
        };
        /** The person acted on it: it has done its job, so it leaves the OS's list too. */
        const acted = (answer: string | null): void => {
          settle(answer);
          close(shown);
        };
        alive.set(shown, { settle, group: notification.group });
        // Past the bound, the oldest is let go (left where the OS keeps it).
        while (alive.size > maxTracked) [...alive.values()][0]?.settle(null);
        shown.on('action', (details, index) => {
          if (settled) return;
          const at = typeof details?.actionIndex === 'number' ? details.actionIndex : index;
          acted(typeof at === 'number' ? (notification.actions[at]?.id ?? null) : null);
        });
        shown.on('click', () => {
          if (settled) return;
          if (click.kind === 'action') {
            acted(click.id);
            return;
          }
          acted(null);
          try {
            options.openView?.(click.view);
          } catch (error) {
            log(`[notify] could not open Linkdeck: ${(error as Error).message}`);
          }
        });
        shown.on('close', (details) => {
          if (closeOutcome(options.platform, details?.reason) === 'waiting') return;
          settle(null);
        });
        shown.on('failed', (_event, error) => {
          log(`[notify] the notification failed: ${error}`);
          observe({ title: notification.title, outcome: 'failed', error });
          if (!settled) fallback(notification, error);
          settle(null);
        });
        try {
          shown.show();
          observe({ title: notification.title, outcome: 'shown', error: null });
        } catch (error) {
          log(`[notify] could not show a notification: ${(error as Error).message}`);
          observe({ title: notification.title, outcome: 'failed', error: (error as Error).message });
          fallback(notification, (error as Error).message);
          settle(null);
        }
      });
    },
  };
}
