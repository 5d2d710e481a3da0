import type { EventName, LinkdeckEvents } from '../shared/contract.js';
import type { Router } from './router.js';

/** Receives every event the backend pushes to the renderer. */
export type EventListener = <E extends EventName>(event: E, payload: LinkdeckEvents[E]) => void;

/**
 * What a shell (Electron main or the web shell) needs from the backend: a router for calls from
 * the renderer, a stream of push events, and a way to shut down. Built by createBackend().
 */
export interface Backend {
  readonly router: Router;
  /**
   * The router with the link channels (links, collections, outbox, sync, export) on another
   * profile than the current one, without switching: `linkdeck --profile`. Absent in test doubles.
   */
  routerFor?(profileId: string): Router;
  /** Subscribes to push events; returns the unsubscribe function. */
  subscribe(listener: EventListener): () => void;
  /** Stops the embedded service and background work, flushes and closes databases. */
  close(): Promise<void>;
}
