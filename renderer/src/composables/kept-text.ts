import { isMessageRef } from '../../../electron/shared/message-ref.js';
import { messageText } from './error-text.js';

/*
 * What the clipboard watch keeps in its state (why it cannot run, its last action, its last
 * failure) arrives as message refs beside words rendered when it happened. Worded here, in a
 * computed, in the person's language of now: a language switch re-words the status line with no
 * restart (issue 44). The words are the fallback for a ref this window does not know.
 */

/** One kept message in the language of now, or `words` when there is none this window knows. */
export function keptText(ref: unknown, words: string): string {
  return (isMessageRef(ref) ? messageText(ref) : undefined) ?? words;
}

/** Kept sentences (one message each) one after another, or `words` if any is unknown here. */
export function keptSentences(refs: unknown, words: string): string {
  if (!Array.isArray(refs) || refs.length === 0 || !refs.every((ref) => isMessageRef(ref))) return words;
  const said = refs.map((ref) => messageText(ref));
  return said.every((text): text is string => text !== undefined) ? said.join(' ') : words;
}
