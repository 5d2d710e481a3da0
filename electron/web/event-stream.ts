import type { ServerResponse } from 'node:http';
import type { Backend } from '../backend/backend.js';
import { isEvent } from '../shared/contract.js';

/**
 * Fans the backend's push events out to every connected browser tab as Server-Sent Events
 * (one `event: <name>` + JSON `data:` per push). Comments every `heartbeatMs` keep proxies and
 * idle timers from closing a quiet stream, and let a dead connection surface as a write error.
 */
export interface EventHub {
  attach(response: ServerResponse, extraHeaders: Record<string, string>): void;
  readonly clientCount: number;
  close(): void;
}

export function createEventHub(backend: Backend, heartbeatMs = 15_000): EventHub {
  const clients = new Set<ServerResponse>();
  const unsubscribe = backend.subscribe((name, payload) => {
    if (!isEvent(name)) return;
    const frame = `event: ${name}\ndata: ${JSON.stringify(payload)}\n\n`;
    for (const client of clients) client.write(frame);
  });
  const heartbeat = setInterval(() => {
    for (const client of clients) client.write(': heartbeat\n\n');
  }, heartbeatMs);
  heartbeat.unref();

  return {
    attach(response, extraHeaders) {
      response.writeHead(200, {
        ...extraHeaders,
        'Content-Type': 'text/event-stream; charset=utf-8',
        'Cache-Control': 'no-store',
        Connection: 'keep-alive',
        'X-Accel-Buffering': 'no',
      });
      // `retry` paces EventSource's reconnects after the shell restarts or the laptop sleeps.
      response.write('retry: 3000\n: connected\n\n');
      clients.add(response);
      const drop = (): void => void clients.delete(response);
      response.on('close', drop);
      response.on('error', drop);
    },
    get clientCount() {
      return clients.size;
    },
    close() {
      clearInterval(heartbeat);
      unsubscribe();
      for (const client of clients) client.end();
      clients.clear();
    },
  };
}
