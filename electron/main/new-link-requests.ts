import type { NewLinkRequest } from './protocol-url.js';

export type NewLinkHandler = (request: NewLinkRequest) => void;

/**
 * Where linkdeck://new requests go. A request can arrive before anything can show it (macOS
 * sends open-url before the app is ready; a cold start carries it in argv), so requests wait,
 * a few at most, until a handler is set. The quick-shorten window sets its handler here; until
 * then the main process sets one that brings the main window forward.
 */
export class NewLinkRequests {
  private handler: NewLinkHandler | null = null;
  private readonly pending: NewLinkRequest[] = [];

  constructor(
    private readonly log: (message: string) => void = () => {},
    private readonly maxPending = 5,
  ) {}

  /** Delivers a request now, or keeps it for the next handler (dropping the oldest past maxPending). */
  push(request: NewLinkRequest): void {
    if (this.handler) {
      this.deliver(this.handler, request);
      return;
    }
    this.pending.push(request);
    if (this.pending.length > this.maxPending) this.pending.shift();
  }

  /**
   * Makes `handler` the one that receives requests (replacing the previous one) and hands it
   * those waiting. Returns the undo, which puts back the handler it replaced.
   */
  handle(handler: NewLinkHandler): () => void {
    const previous = this.handler;
    this.handler = handler;
    for (const request of this.pending.splice(0)) this.deliver(handler, request);
    return () => {
      if (this.handler === handler) this.handler = previous;
    };
  }

  private deliver(handler: NewLinkHandler, request: NewLinkRequest): void {
    try {
      handler(request);
    } catch (error) {
      this.log(`[protocol] the new-link handler failed: ${String(error)}`);
    }
  }
}

/** The app's one queue of linkdeck://new requests. */
export const newLinkRequests = new NewLinkRequests((message) => console.warn(message));
