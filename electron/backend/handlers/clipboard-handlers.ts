import { AppError } from '../app-error.js';
import type { BackendContext } from '../backend-context.js';
import type { Handlers } from '../router.js';

type ClipboardChannel = Extract<keyof Handlers, `clipboard:${string}`>;

// Placeholder until the feature lands: every channel answers that it is not available yet.
export function clipboardHandlers(_context: BackendContext): Pick<Handlers, ClipboardChannel> {
  const notYet = async (): Promise<never> => {
    throw AppError.of('internal', 'This feature is not available yet.');
  };
  return new Proxy({} as Pick<Handlers, ClipboardChannel>, { get: () => notYet });
}
