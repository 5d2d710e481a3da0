import { AppError } from '../app-error.js';
import type { BackendContext } from '../backend-context.js';
import type { Handlers } from '../router.js';

type TransferChannel = Extract<keyof Handlers, `transfer:${string}`>;

/**
 * Copying or moving links of the current profile to another one. The first commit only makes the
 * channels exist (so the renderer can be built against them); the planner and the job follow.
 */
export function transferHandlers(_context: BackendContext): Pick<Handlers, TransferChannel> {
  const notYet = () => AppError.of('internal', 'Copying links to another profile is not available in this build yet.');
  return {
    'transfer:plan': async () => {
      throw notYet();
    },
    'transfer:start': async () => {
      throw notYet();
    },
  };
}
