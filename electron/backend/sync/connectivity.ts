import { isAbortError } from '../api/errors.js';
import { isMessageRef, type MessageRef } from '../../shared/message-ref.js';
import type { Clock } from '../scheduler/clock.js';

export interface ConnectivityState {
  online: boolean;
  /** Why the service is unreachable, in words, when offline. */
  reason?: string;
  /** The same as a message (issue 44), when the error had one: said in the person's language. */
  reasonRef?: MessageRef;
  /** Unix ms of the next probe while offline, else null. */
  nextProbeAt: number | null;
}

export interface ConnectivityOptions {
  clock: Clock;
  /**
   * A cheap request that throws what the API client throws: an error with code 'offline' when
   * the service cannot be reached (any other answer, even an error, means it can).
   */
  probe: () => Promise<unknown>;
  /** First delay between probes; each further one doubles. Default 2 s. */
  minDelayMs?: number;
  /** Longest delay between probes. Default 2 min. */
  maxDelayMs?: number;
}

export interface Connectivity {
  state(): ConnectivityState;
  isOnline(): boolean;
  /**
   * Tells the outcome of any call to the service: an 'offline' error (network failure, timeout)
   * marks the profile offline and starts probing; a cancelled call tells nothing; anything else
   * proves the service answers. Returns true when the error meant "offline".
   */
  report(error: unknown): boolean;
  /** A call went through: the service answers. */
  reportOnline(): void;
  /** Resolves when the service is reachable (at once if it is), or rejects when the signal aborts. */
  whenOnline(signal?: AbortSignal): Promise<void>;
  /** Probes now instead of waiting for the next probe; resolves to whether it answered. */
  probeNow(): Promise<boolean>;
  onChange(listener: (state: ConnectivityState) => void): () => void;
  close(): void;
}

/** Whether an error says the service could not be reached (the API client's code 'offline'). */
export const isOfflineError = (error: unknown): boolean =>
  typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 'offline';

type Why = Pick<ConnectivityState, 'reason' | 'reasonRef'>;

/** An error's words, and its message ref when it has one (the API client's `ref`). */
function whyOf(error: unknown): Why {
  if (typeof error !== 'object' || error === null) return {};
  const reason = typeof (error as Error).message === 'string' ? (error as Error).message : undefined;
  const ref = (error as { ref?: unknown }).ref;
  return { ...(reason ? { reason } : {}), ...(reason && isMessageRef(ref) ? { reasonRef: ref } : {}) };
}

/**
 * Whether a profile's service can be reached. Network errors and timeouts mark it offline;
 * then probes go out with a growing delay (2 s, 4 s … 2 min) so an unreachable service costs
 * almost nothing, and the first answer (any answer) marks it online again, which resumes the
 * sync and the outbox (they wait in `whenOnline`).
 */
export function createConnectivity(options: ConnectivityOptions): Connectivity {
  const { clock } = options;
  const minDelay = options.minDelayMs ?? 2_000;
  const maxDelay = options.maxDelayMs ?? 120_000;
  const listeners = new Set<(state: ConnectivityState) => void>();
  const waiters = new Set<() => void>();
  let current: ConnectivityState = { online: true, nextProbeAt: null };
  let delay = minDelay;
  let timer: unknown;
  let probing: Promise<boolean> | undefined;
  let closed = false;

  function publish(next: ConnectivityState): void {
    current = next;
    for (const listener of listeners) {
      try {
        listener(next);
      } catch {
        // A listener's fault must not stop the others.
      }
    }
  }

  function goOnline(): void {
    if (timer !== undefined) clock.clearTimeout(timer);
    timer = undefined;
    delay = minDelay;
    if (current.online) return;
    publish({ online: true, nextProbeAt: null });
    for (const resolve of [...waiters]) resolve();
    waiters.clear();
  }

  function schedule(why: Why): void {
    if (closed) return;
    if (timer !== undefined) clock.clearTimeout(timer);
    const at = clock.now() + delay;
    timer = clock.setTimeout(() => {
      timer = undefined;
      void probeNow();
    }, delay);
    (timer as { unref?: () => void } | undefined)?.unref?.();
    publish({ online: false, ...why, nextProbeAt: at });
  }

  function goOffline(why: Why): void {
    // Already offline with a probe scheduled: the backoff goes on as it was.
    if (!current.online && timer !== undefined) return;
    schedule(why.reason ? why : { ...(current.reason ? { reason: current.reason } : {}), ...(current.reasonRef ? { reasonRef: current.reasonRef } : {}) });
  }

  function probeNow(): Promise<boolean> {
    if (closed) return Promise.resolve(false);
    probing ??= options
      .probe()
      .then(
        () => {
          goOnline();
          return true;
        },
        (error: unknown) => {
          if (!isOfflineError(error)) {
            goOnline();
            return true;
          }
          if (!current.online) {
            delay = Math.min(maxDelay, delay * 2);
            schedule(whyOf(error));
          } else {
            goOffline(whyOf(error));
          }
          return false;
        },
      )
      .finally(() => {
        probing = undefined;
      });
    return probing;
  }

  return {
    state: () => current,
    isOnline: () => current.online,
    report(error) {
      // Cancelled (a stop, a closing profile): no answer came, so nothing is known. Taking it
      // for "online" once reopened a profile that was closing (issue 38).
      if (isAbortError(error)) return false;
      if (isOfflineError(error)) {
        goOffline(whyOf(error));
        return true;
      }
      goOnline();
      return false;
    },
    reportOnline: goOnline,
    whenOnline(signal) {
      if (current.online) return Promise.resolve();
      return new Promise<void>((resolve, reject) => {
        if (signal?.aborted) return reject(signal.reason);
        const done = () => {
          signal?.removeEventListener('abort', onAbort);
          resolve();
        };
        const onAbort = () => {
          waiters.delete(done);
          reject(signal?.reason);
        };
        waiters.add(done);
        signal?.addEventListener('abort', onAbort, { once: true });
      });
    },
    probeNow,
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    close() {
      closed = true;
      if (timer !== undefined) clock.clearTimeout(timer);
      timer = undefined;
    },
  };
}
