/**
 * The clipboard watch's "copied" notifications for a local workspace whose short links may open
 * nothing for others (no public address, or one never verified): the words say so as the link
 * lands on the clipboard, where the person is about to paste it to someone. Notices are found by
 * their kind, never by their words, which are in the person's language.
 */
import type { Notifier } from './ports.js';

export function notifierWithReach(notifier: Notifier, reachNote: () => string | null): Notifier {
  return {
    notify(notification) {
      const note = notification.kind === 'created' || notification.kind === 'reused' ? reachNote() : null;
      return notifier.notify(note ? { ...notification, body: `${notification.body} ${note}` } : notification);
    },
  };
}
