import type { AppErrorInfo, JsonValue } from '../shared/errors.js';
import { isErrorCode, keyedErrorInfo } from '../shared/errors.js';
import { msg, type MessageRef } from '../shared/message-ref.js';
import { KeyedError } from '../shared/keyed-error.js';
import { AccountError } from './accounts/account-error.js';
import { ApiClientError } from './api/errors.js';

/**
 * Turns anything a handler throws into the error that crosses the contract. Known errors keep
 * their code, message and details; anything else is a fault of Linkdeck ('internal') whose
 * message is kept generic, because an unexpected error's text can hold anything.
 */
export function toAppError(error: unknown): AppErrorInfo {
  if (error instanceof ApiClientError) return error.toInfo();
  if (error instanceof AccountError) {
    return {
      code: error.code,
      message: error.message,
      ...(error.ref ? { key: error.ref.key, ...(error.ref.params ? { params: error.ref.params } : {}) } : {}),
      ...(error.details ? { details: error.details as { [key: string]: JsonValue } } : {}),
    };
  }
  if (error instanceof AppError) return error.info;
  // A failure said on purpose as a message (no browser could be started …): its words reach the
  // person, in their language; its text is ours, so it is not one to keep generic.
  if (error instanceof KeyedError) return keyedErrorInfo('internal', error.ref);
  if (typeof error === 'object' && error !== null && (error as { name?: unknown }).name === 'AbortError') {
    return keyedErrorInfo('internal', msg('errors.cancelled'));
  }
  return keyedErrorInfo('internal', msg('errors.unexpected'));
}

/** An error a backend handler throws on purpose, with the code the UI should act on. */
export class AppError extends Error {
  constructor(readonly info: AppErrorInfo) {
    super(info.message);
    this.name = 'AppError';
  }
  static of(code: AppErrorInfo['code'], message: string): AppError {
    if (!isErrorCode(code)) throw new TypeError(`unknown error code ${String(code)}`);
    return new AppError({ code, message });
  }
  /** An error whose words are a message key and its arguments (English `message` rendered from them). */
  static keyed(code: AppErrorInfo['code'], ref: MessageRef, details?: { [key: string]: JsonValue }): AppError {
    if (!isErrorCode(code)) throw new TypeError(`unknown error code ${String(code)}`);
    return new AppError(keyedErrorInfo(code, ref, details));
  }
}
