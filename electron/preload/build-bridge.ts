import {
  CHANNELS,
  EVENTS,
  isEvent,
  type EventName,
  type LinkdeckBridge,
  type Result,
} from '../shared/contract.js';

/** How the preload reaches the main process; ipcRenderer in the app, a fake in tests. */
export interface BridgeTransport {
  invoke(channel: string, arg: unknown): Promise<unknown>;
  /** Delivers every pushed event as (name, payload); the raw IPC event never reaches here. */
  onEvent(handler: (name: unknown, payload: unknown) => void): void;
}

/**
 * Builds window.linkdeck: one function per contract channel, generated from CHANNELS, and `on`
 * for the contract's events only. Nothing else (no generic invoke, no ipcRenderer) is exposed.
 */
export function buildBridge(transport: BridgeTransport): LinkdeckBridge {
  const listeners = new Map<EventName, Set<(payload: unknown) => void>>(
    EVENTS.map((name) => [name, new Set()]),
  );
  transport.onEvent((name, payload) => {
    if (!isEvent(name)) return;
    for (const listener of [...(listeners.get(name) ?? [])]) {
      try {
        listener(payload);
      } catch (error) {
        // One faulty view must not stop the others from hearing about the change.
        console.error(`[linkdeck] listener for ${name} failed`, error);
      }
    }
  });

  const bridge: Record<string, unknown> = {};
  for (const channel of CHANNELS) {
    bridge[channel] = (arg?: unknown): Promise<Result<unknown>> =>
      // An argument IPC cannot clone rejects the call; it still answers with an envelope.
      Promise.resolve()
        .then(() => transport.invoke(channel, arg) as Promise<Result<unknown>>)
        .catch((error: unknown) => {
          const reason = error instanceof Error ? error.message : String(error);
          return {
            ok: false as const,
            error: {
              code: 'internal' as const,
              message: `Linkdeck could not send ${channel}: ${reason}`,
              // Said by the renderer in the person's language (the preload has no translator).
              key: 'desktop.problem.sendFailed',
              params: { channel, error: reason },
            },
          };
        });
  }
  bridge['on'] = (event: unknown, listener: unknown): (() => void) => {
    const set = isEvent(event) ? listeners.get(event) : undefined;
    if (!set || typeof listener !== 'function') return () => {};
    const wrapped = (payload: unknown): void => void listener(payload);
    set.add(wrapped);
    return () => void set.delete(wrapped);
  };
  return Object.freeze(bridge) as LinkdeckBridge;
}
