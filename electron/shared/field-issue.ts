/**
 * A shared validator's problem as it travels: English words (`message`, for the command line, logs
 * and any reader that knows no keys) and, beside them, the message key and its arguments, so a
 * window shows it in the person's language (issue 44). Pure TypeScript.
 */
import { englishText, isMessageRef, type MessageParams, type MessageRef } from './message-ref.js';

export interface KeyedMessage {
  message: string;
  key?: string;
  params?: MessageParams;
}

/** `ref` as a keyed message: its English words, its key and its arguments. */
export const keyedMessage = (ref: MessageRef): KeyedMessage & { key: string } => ({
  message: englishText(ref),
  key: ref.key,
  ...(ref.params ? { params: ref.params } : {}),
});

/** The message ref a keyed message carries, or null when it came with words only. */
export function refOf(issue: KeyedMessage): MessageRef | null {
  const ref = { key: issue.key, ...(issue.params === undefined ? {} : { params: issue.params }) };
  return isMessageRef(ref) ? ref : null;
}
