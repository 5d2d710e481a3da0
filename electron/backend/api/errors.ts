import type { AppErrorInfo, ErrorCode, JsonValue } from '../../shared/errors.js';
import { englishText, type MessageRef } from '../../shared/message-ref.js';
import type { BodyKind } from './answer.js';
import type { RateInfo } from './rate-info.js';

export interface ApiClientErrorInit {
  /** HTTP status of the answer, when there was one. */
  status?: number;
  /** For 'rate-limited': how long the service asked us to wait. */
  retryAfterMs?: number;
  /** The rate-limit headers of the answer that failed, if any. */
  rateInfo?: RateInfo;
  /** What the failed answer's body was (JSON, an HTML page …), when there was an answer. */
  answerKind?: BodyKind;
  details?: { [key: string]: JsonValue };
  cause?: unknown;
}

/**
 * What every method of the API client throws (apart from an AbortError when the caller
 * cancels). Messages are for a person and never hold the API key or a raw answer body.
 */
export class ApiClientError extends Error {
  readonly code: ErrorCode;
  readonly status: number | undefined;
  readonly retryAfterMs: number | undefined;
  readonly rateInfo: RateInfo | undefined;
  readonly answerKind: BodyKind | undefined;
  readonly details: { [key: string]: JsonValue } | undefined;
  /** The words as a message key and arguments (issue 44); `message` is their English. */
  readonly ref: MessageRef | undefined;

  constructor(code: ErrorCode, message: string | MessageRef, init: ApiClientErrorInit = {}) {
    super(typeof message === 'string' ? message : englishText(message), init.cause === undefined ? undefined : { cause: init.cause });
    this.ref = typeof message === 'string' ? undefined : message;
    this.name = 'ApiClientError';
    this.code = code;
    this.status = init.status;
    this.retryAfterMs = init.retryAfterMs;
    this.rateInfo = init.rateInfo;
    this.answerKind = init.answerKind;
    this.details = init.details;
  }

  /** The same error with other words or more details (every other field kept). */
  with(changes: { message?: string | MessageRef; details?: { [key: string]: JsonValue } }): ApiClientError {
    const details =
      changes.details !== undefined ? { ...this.details, ...changes.details } : this.details;
    const copy = new ApiClientError(this.code, changes.message ?? this.ref ?? this.message, {
      ...(this.status !== undefined ? { status: this.status } : {}),
      ...(this.retryAfterMs !== undefined ? { retryAfterMs: this.retryAfterMs } : {}),
      ...(this.rateInfo !== undefined ? { rateInfo: this.rateInfo } : {}),
      ...(this.answerKind !== undefined ? { answerKind: this.answerKind } : {}),
      ...(details !== undefined ? { details } : {}),
      ...(this.cause !== undefined ? { cause: this.cause } : {}),
    });
    return copy;
  }

  /** The serialisable form that crosses the contract. */
  toInfo(): AppErrorInfo {
    const details: { [key: string]: JsonValue } = { ...this.details };
    if (this.status !== undefined) details['status'] = this.status;
    if (this.retryAfterMs !== undefined) details['retryAfterMs'] = this.retryAfterMs;
    return {
      code: this.code,
      message: this.message,
      ...(this.ref ? { key: this.ref.key, ...(this.ref.params ? { params: this.ref.params } : {}) } : {}),
      ...(Object.keys(details).length > 0 ? { details } : {}),
    };
  }
}

export const isApiClientError = (error: unknown): error is ApiClientError =>
  error instanceof ApiClientError;

/** True for the error a fetch or a wait throws when its AbortSignal fires. */
export const isAbortError = (error: unknown): boolean =>
  typeof error === 'object' &&
  error !== null &&
  (error as { name?: unknown }).name === 'AbortError';

/** The reason an aborted signal carries, as something throwable with the name AbortError. */
export function abortReason(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException('The request was cancelled.', 'AbortError');
}
