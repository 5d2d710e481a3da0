import { messageText } from '../../composables/error-text.js';
import { isMessageRef, type MessageRef } from '../../../../electron/shared/message-ref.js';

/**
 * An import note or a stored row's words in the person's language: a keyed note (importNotes.*)
 * is rendered here; a plain string (a job stored by an older version, or the service's own words)
 * is shown as it is.
 */
export function noteText(note: string | MessageRef): string {
  if (typeof note === 'string') return note;
  return (isMessageRef(note) ? messageText(note) : undefined) ?? note.key;
}
