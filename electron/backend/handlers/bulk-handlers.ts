import { AppError } from '../app-error.js';
import type { BackendContext } from '../backend-context.js';
import type { Handlers } from '../router.js';

type BulkChannel = Extract<keyof Handlers, `bulk:${string}`>;

// Placeholder until the feature lands: every channel answers that it is not available yet.
export function bulkHandlers(_context: BackendContext): Pick<Handlers, BulkChannel> {
  const notYet = async (): Promise<never> => {
    throw AppError.of('internal', 'This feature is not available yet.');
  };
  return new Proxy({} as Pick<Handlers, BulkChannel>, { get: () => notYet });
}
