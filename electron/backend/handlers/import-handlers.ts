import type { BackendContext } from '../backend-context.js';
import { fetchLiveSource, type LiveFetchOptions } from '../import/live-source.js';
import { createOutboundPolicy, type OutboundPolicyOptions } from '../net/outbound-address-policy.js';
import { createOutbound, type Resolve } from '../net/outbound-request.js';
import type { Handlers } from '../router.js';

type ImportChannel = Extract<keyof Handlers, `import:${string}`>;

/**
 * Import from another shortener's live API. The key arrives with the call, goes into the one
 * fetch and is dropped with it: nothing here keeps, logs or answers it. One fetch at a time for
 * the whole backend (a new one cancels the running one, as does closing the app).
 *
 * The address is the person's, so the outbound rules apply as for link health: addresses on
 * their own network only when they tick "The service is on my own network".
 */
export function importHandlers(context: BackendContext, options: ImportHandlerOptions = {}): Pick<Handlers, ImportChannel> {
  let running: AbortController | null = null;
  context.onClose(() => running?.abort());

  return {
    'import:fetch-source': async (request) => {
      running?.abort();
      const controller = new AbortController();
      running = controller;
      const outbound = createOutbound({
        policy: createOutboundPolicy({ ...(options.policy ?? {}), allowOwnNetwork: request.ownNetwork }),
        ...(options.resolve ? { resolve: options.resolve } : {}),
      });
      try {
        return await fetchLiveSource(request, {
          ...(options.fetch ?? {}),
          outbound,
          signal: controller.signal,
          onProgress: (progress) => context.events.emit('import:progress', progress),
        });
      } finally {
        if (running === controller) running = null;
      }
    },
    'import:cancel-fetch': async () => {
      running?.abort();
    },
  };
}

/** Test seams; the app passes none. */
export interface ImportHandlerOptions {
  /** Extra policy options (tests permit their loopback doubles); the person's switch decides the rest. */
  policy?: Omit<OutboundPolicyOptions, 'allowOwnNetwork'>;
  resolve?: Resolve;
  /** Pacing and limits (tests shorten the pause). */
  fetch?: Omit<LiveFetchOptions, 'outbound' | 'signal' | 'onProgress'>;
}
