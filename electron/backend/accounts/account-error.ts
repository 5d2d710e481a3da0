import { englishText, type MessageRef } from '../../shared/message-ref.js';

/** The codes the UI acts on (the same words as the contract's error codes). */
export type AccountErrorCode =
  | 'invalid-input'
  | 'unauthorized'
  | 'offline'
  | 'rate-limited'
  | 'remote-error'
  | 'not-found'
  | 'internal';

/**
 * A failure of a profile operation, with a message written for a person. Neither the message nor
 * the details ever hold an API key: they cross the contract and end up in logs.
 */
export class AccountError extends Error {
  override readonly name = 'AccountError';
  /** The words as a message key and arguments (issue 44); `message` is their English. */
  readonly ref: MessageRef | undefined;

  constructor(
    readonly code: AccountErrorCode,
    message: string | MessageRef,
    readonly details?: Record<string, string | number | boolean>,
  ) {
    super(typeof message === 'string' ? message : englishText(message));
    this.ref = typeof message === 'string' ? undefined : message;
  }
}

export const invalidInput = (message: string | MessageRef, field?: string) =>
  new AccountError('invalid-input', message, field ? { field } : undefined);

export const profileNotFound = (id: string) =>
  new AccountError(
    'not-found',
    { key: 'errors.accounts.profileGone' },
    {
      id: id.slice(0, 64),
    },
  );
