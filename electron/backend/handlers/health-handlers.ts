import { AppError } from '../app-error.js';
import type { Handlers } from '../router.js';

type HealthChannel = Extract<keyof Handlers, `health:${string}`>;

// Placeholder until the feature lands: every channel answers that it is not available yet.
export function healthHandlers(): Pick<Handlers, HealthChannel> {
  const notYet = async (): Promise<never> => {
    throw AppError.of('internal', 'This feature is not available yet.');
  };
  return new Proxy({} as Pick<Handlers, HealthChannel>, { get: () => notYet });
}
