import { AppError } from '../app-error.js';
import type { BackendContext } from '../backend-context.js';
import type { Handlers } from '../router.js';

type DesktopChannel = Extract<keyof Handlers, `desktop:${string}`>;

// Placeholder until the feature lands: every channel answers that it is not available yet.
export function desktopHandlers(_context: BackendContext): Pick<Handlers, DesktopChannel> {
  const notYet = async (): Promise<never> => {
    throw AppError.of('internal', 'This feature is not available yet.');
  };
  return new Proxy({} as Pick<Handlers, DesktopChannel>, { get: () => notYet });
}
