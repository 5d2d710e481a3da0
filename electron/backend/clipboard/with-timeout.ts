import type { Clock } from '../scheduler/clock.js';

/** The service did not answer a clipboard create in time. */
export class TimeoutError extends Error {}

/** Runs `run`, aborting its signal and rejecting with a TimeoutError after `ms`. */
export async function withTimeout<T>(clock: Clock, ms: number, run: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const controller = new AbortController();
  let handle: unknown = null;
  const timeout = new Promise<never>((_, reject) => {
    handle = clock.setTimeout(() => {
      controller.abort(new TimeoutError('timed out'));
      reject(new TimeoutError('timed out'));
    }, ms);
  });
  try {
    return await Promise.race([run(controller.signal), timeout]);
  } finally {
    clock.clearTimeout(handle);
  }
}
