import { englishText, isMessageRef, msg, type MessageRef } from '../../shared/message-ref.js';
import type { OutboxError } from '../../shared/models.js';

/*
 * The `failed` mark a refused change leaves on its mirrored object (issue 44). A refusal with a
 * message key is stored as that key and its arguments, so the Links list words it in the person's
 * language; the service's own words (no key) are stored as they came. Reading gives both the
 * English text (the command line, exports) and the ref (the window). Rows written before this
 * hold plain English and are shown as stored.
 */

/** Starts a stored ref: a control character no service message or older English mark begins with. */
const REF_MARK = '\u001eref:';

/** What refreshMarks stores for the newest refusal on an object. */
export function failedMarkText(error: OutboxError | null | undefined): string {
  if (error && error.key === undefined) return error.message;
  const ref: MessageRef = error?.key !== undefined ? (error.params ? { key: error.key, params: error.params } : { key: error.key }) : msg('errors.outbox.refused');
  return REF_MARK + JSON.stringify(ref);
}

/** A stored mark as English text and, when it was stored as a key, its ref. */
export function readFailedMark(stored: string | null): { failed: string | null; failedRef?: MessageRef } {
  if (stored === null || !stored.startsWith(REF_MARK)) return { failed: stored };
  let ref: unknown;
  try {
    ref = JSON.parse(stored.slice(REF_MARK.length));
  } catch {
    return { failed: stored };
  }
  return isMessageRef(ref) ? { failed: englishText(ref), failedRef: ref } : { failed: stored };
}
