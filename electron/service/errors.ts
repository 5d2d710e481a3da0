/**
 * An error the API answers with `{"error": 1, "message": …}` and the given HTTP status.
 * Messages are written for a person: they say what was wrong and, where useful, what to do.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** More keys for the JSON answer, e.g. `fields` naming each invalid field of a form. */
    readonly extra?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export const badRequest = (message: string) => new ApiError(400, message);
export const notFound = (what: string) => new ApiError(404, `${what} was not found.`);
export const conflict = (message: string) => new ApiError(409, message);
export const unprocessable = (message: string) => new ApiError(422, message);
