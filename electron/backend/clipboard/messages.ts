import type { AppErrorInfo } from '../../shared/errors.js';
import type { ClipboardNotification } from './ports.js';

/** Notification action ids. */
export const ACTION_UNDO = 'undo';
export const ACTION_UNDO_DELETE = 'undo-delete';
export const ACTION_COPY = 'copy';
export const ACTION_DELETE = 'delete';

/**
 * Where the clipboard watch's last action is shown with its undo buttons (Settings, clipboard
 * card): a click on a notification opens it where the notification's own buttons may not show.
 */
export const CLIPBOARD_VIEW = '/settings';

/** A long URL cut to fit a notification. */
export function shown(url: string, max = 80): string {
  return url.length <= max ? url : `${url.slice(0, max - 1)}…`;
}

export const CREATED_TITLE = 'Short link copied';
export const REUSED_TITLE = 'Existing short link copied';

export function createdNotice(shortUrl: string, url: string): ClipboardNotification {
  return {
    title: CREATED_TITLE,
    body: `${shortUrl} is on the clipboard, for ${shown(url)}.`,
    actions: [
      { id: ACTION_UNDO, label: 'Undo' },
      { id: ACTION_UNDO_DELETE, label: 'Undo and delete link' },
    ],
    view: CLIPBOARD_VIEW,
  };
}

export function reusedNotice(shortUrl: string, url: string): ClipboardNotification {
  return {
    title: REUSED_TITLE,
    body: `${shortUrl} (made earlier) is on the clipboard, for ${shown(url)}.`,
    actions: [{ id: ACTION_UNDO, label: 'Undo' }],
    view: CLIPBOARD_VIEW,
  };
}

export function notCopiedNotice(shortUrl: string, newLink: boolean): ClipboardNotification {
  return {
    title: 'Short link not copied',
    body: `The clipboard changed while ${shortUrl} was being made, so it was left as it is.`,
    actions: newLink
      ? [
          { id: ACTION_COPY, label: 'Copy short link' },
          { id: ACTION_DELETE, label: 'Delete link' },
        ]
      : [{ id: ACTION_COPY, label: 'Copy short link' }],
    view: CLIPBOARD_VIEW,
  };
}

export function queuedNotice(url: string): ClipboardNotification {
  return {
    title: 'Offline: link queued',
    body: `Linkdeck cannot reach the service. ${shown(url)} will be shortened when it can; the clipboard is unchanged.`,
    actions: [],
    view: CLIPBOARD_VIEW,
  };
}

export const OFFLINE_SKIPPED =
  'Linkdeck cannot reach the service, so the link was left as it is. To queue such links instead, set "When offline" to "Queue" in the clipboard settings.';

export function failedNotice(message: string): ClipboardNotification {
  return { title: 'Link not shortened', body: message, actions: [], view: CLIPBOARD_VIEW };
}

/** Words for a failed shortening. */
export function failureWords(error: AppErrorInfo, url: string, waitMs: number): string {
  switch (error.code) {
    case 'rate-limited':
      return `The service asked Linkdeck to slow down, so ${shown(url)} was not shortened. Links copied in the next ${Math.ceil(waitMs / 1000)} s will not be shortened either.`;
    case 'invalid-input':
      return `The service refused to shorten ${shown(url)}: ${error.message}`;
    case 'offline':
      return `${shown(url)} was not shortened: ${error.message}`;
    default:
      return `${shown(url)} was not shortened: ${error.message}`;
  }
}

export function stillWaitingWords(url: string, waitMs: number): string {
  return `The service asked Linkdeck to slow down, so ${shown(url)} was not shortened. Try again in ${Math.ceil(waitMs / 1000)} s.`;
}

export function timeoutWords(seconds: number): string {
  return `The service did not answer within ${seconds} s. Copy the URL again to retry.`;
}
