import { errorMessageRef, type AppErrorInfo } from '../../shared/errors.js';
import { msg, type MessageParam, type MessageRef } from '../../shared/message-ref.js';
import type { Translate } from '../../shared/i18n/translate.js';
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

/**
 * The words come from the `desktop.clipboard.*` messages, in the person's language (`t`, made by
 * the shell's effective locale: see clipboard-app.ts); `kind` says what a notice is, so code that
 * adds to it (reach-notifier.ts) never matches on words.
 */
export function createdNotice(t: Translate, shortUrl: string, url: string): ClipboardNotification {
  return {
    kind: 'created',
    title: t('desktop.clipboard.createdTitle'),
    body: t('desktop.clipboard.createdBody', { shortUrl, url: shown(url) }),
    actions: [
      { id: ACTION_UNDO, label: t('desktop.clipboard.undo') },
      { id: ACTION_UNDO_DELETE, label: t('desktop.clipboard.undoDelete') },
    ],
    view: CLIPBOARD_VIEW,
  };
}

export function reusedNotice(t: Translate, shortUrl: string, url: string): ClipboardNotification {
  return {
    kind: 'reused',
    title: t('desktop.clipboard.reusedTitle'),
    body: t('desktop.clipboard.reusedBody', { shortUrl, url: shown(url) }),
    actions: [{ id: ACTION_UNDO, label: t('desktop.clipboard.undo') }],
    view: CLIPBOARD_VIEW,
  };
}

export function notCopiedNotice(t: Translate, shortUrl: string, newLink: boolean): ClipboardNotification {
  const copy = { id: ACTION_COPY, label: t('desktop.clipboard.copy') };
  return {
    kind: 'not-copied',
    title: t('desktop.clipboard.notCopiedTitle'),
    body: t('desktop.clipboard.notCopiedBody', { shortUrl }),
    actions: newLink ? [copy, { id: ACTION_DELETE, label: t('desktop.clipboard.delete') }] : [copy],
    view: CLIPBOARD_VIEW,
  };
}

export function queuedNotice(t: Translate, url: string): ClipboardNotification {
  return {
    kind: 'queued',
    title: t('desktop.clipboard.queuedTitle'),
    body: t('desktop.clipboard.queuedBody', { url: shown(url) }),
    actions: [],
    view: CLIPBOARD_VIEW,
  };
}

export function failedNotice(t: Translate, message: string): ClipboardNotification {
  return { kind: 'failed', title: t('desktop.clipboard.failedTitle'), body: message, actions: [], view: CLIPBOARD_VIEW };
}

/*
 * What the watch says about a failure or a skipped copy, as messages: the notification renders
 * them at once, the status line keeps the ref, so the window words it in the person's language
 * of now, after a language switch too (issue 44).
 */

/** An error as a message argument: its own message when it carries a key, else its words. */
export function reasonParam(error: AppErrorInfo): MessageParam {
  return errorMessageRef(error) ?? error.message;
}

/** A failed shortening. */
export function failureRef(error: AppErrorInfo, url: string, waitMs: number): MessageRef {
  switch (error.code) {
    case 'rate-limited':
      return msg('desktop.clipboard.rateLimited', { url: shown(url), seconds: Math.ceil(waitMs / 1000) });
    case 'invalid-input':
      return msg('desktop.clipboard.refused', { url: shown(url), reason: reasonParam(error) });
    default:
      return msg('desktop.clipboard.notShortened', { url: shown(url), reason: reasonParam(error) });
  }
}

export const stillWaitingRef = (url: string, waitMs: number): MessageRef =>
  msg('desktop.clipboard.stillWaiting', { url: shown(url), seconds: Math.ceil(waitMs / 1000) });

export const timeoutRef = (url: string, seconds: number): MessageRef =>
  msg('desktop.clipboard.timedOut', { url: shown(url), seconds });

export const OFFLINE_SKIPPED: MessageRef = msg('desktop.clipboard.offlineSkipped');
