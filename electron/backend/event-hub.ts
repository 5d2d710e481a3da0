import type { EventName, LinkdeckEvents } from '../shared/contract.js';
import type { EventListener } from './backend.js';

/** Fans pushed events out to the shells' subscribers. A failing listener never stops the others. */
export class EventHub {
  private readonly listeners = new Set<EventListener>();

  constructor(private readonly log: (message: string) => void = () => {}) {}

  subscribe(listener: EventListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  emit<E extends EventName>(event: E, payload: LinkdeckEvents[E]): void {
    for (const listener of this.listeners) {
      try {
        listener(event, payload);
      } catch (error) {
        this.log(`[events] a listener of ${event} failed: ${(error as Error).message}`);
      }
    }
  }
}
