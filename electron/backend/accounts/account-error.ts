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

  constructor(
    readonly code: AccountErrorCode,
    message: string,
    readonly details?: Record<string, string | number | boolean>,
  ) {
    super(message);
  }
}

export const invalidInput = (message: string, field?: string) =>
  new AccountError('invalid-input', message, field ? { field } : undefined);

export const profileNotFound = (id: string) =>
  new AccountError(
    'not-found',
    'That profile no longer exists: it may have been removed in another window.',
    {
      id: id.slice(0, 64),
    },
  );
