import { englishText, isMessageRef, type MessageRef } from './message-ref.js';

/**
 * A plain Error whose words are a message ref (issue 44), for failures that pass through code
 * that knows only `Error` before they reach a person: the local service's child process, whose
 * start failures end up in “The local workspace could not start: {reason}”. `message` stays the
 * English rendering for logs. Pure TypeScript, like message-ref.ts.
 */
export class KeyedError extends Error {
  readonly ref: MessageRef;
  /** A Node-style code (EADDRINUSE …) when the failure has one. */
  readonly code: string | undefined;

  constructor(ref: MessageRef, code?: string) {
    super(englishText(ref));
    this.name = 'KeyedError';
    this.ref = ref;
    this.code = code;
  }
}

/** The ref an error carries (a KeyedError, an AccountError, anything with a valid `ref`), if any. */
export function errorRefOf(error: unknown): MessageRef | undefined {
  const ref = (error as { ref?: unknown } | null | undefined)?.ref;
  return isMessageRef(ref) ? ref : undefined;
}
