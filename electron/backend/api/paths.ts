import { msg } from '../../shared/message-ref.js';
import { ApiClientError } from './errors.js';

/** An id for a path segment: a whole number of at least 1, checked so no path can be forged. */
export function pathId(value: number, what: string): string {
  if (!Number.isSafeInteger(value) || value < 1) {
    throw new ApiClientError('invalid-input', msg('errors.api.badId', { what }));
  }
  return String(value);
}

/** Paging query parameters, only those given. */
export function pagingQuery(
  query: { page?: number; limit?: number } = {},
): Record<string, number | undefined> {
  return { limit: query.limit, page: query.page };
}
