import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import type { Result } from '../shared/contract.js';
import type { RequestGuard } from './request-guard.js';

/** Where the page opens its call socket (with `?token=`). */
export const CALL_SOCKET_PATH = '/rpc-socket';

/**
 * Calls from the page over one WebSocket, the fast path of the web shell: a call over HTTP costs
 * Chromium 3–5 ms of request machinery on this kind of machine, a socket message a fraction of a
 * millisecond, which is what search as you type needs. `POST /rpc/<channel>` stays for the moments
 * the socket is not open.
 *
 * Messages: the page sends `{"id": n, "channel": "links:list", "arg": …}`; the shell answers
 * `{"id": n, "result": <envelope>}` when the router is done (answers may come out of order). The
 * upgrade passes the same checks as every HTTP call: our Host, our Origin, the run's token.
 */
export interface CallSocket {
  /** Takes over an HTTP upgrade request; refuses it unless it is ours in every respect. */
  handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer): void;
  close(): void;
}

export interface CallSocketOptions {
  /** Null until the server listens (the guard needs the port). */
  guard: () => RequestGuard | null;
  dispatch: (channel: unknown, arg: unknown) => Promise<Result<unknown>>;
  log: (message: string) => void;
  /** Largest message accepted, bytes (the HTTP body limit). */
  maxPayload: number;
}

export function createCallSocket(options: CallSocketOptions): CallSocket {
  const server = new WebSocketServer({ noServer: true, maxPayload: options.maxPayload });

  const refuse = (socket: Duplex, status: string, why: string) => {
    options.log(`[web-shell] refused a call socket: ${why}`);
    socket.end(`HTTP/1.1 ${status}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
  };

  const serve = (ws: WebSocket) => {
    ws.on('message', (data, isBinary) => {
      const message = isBinary ? null : parse(String(data));
      if (!message) {
        options.log('[web-shell] ignored a call socket message that is not {id, channel, arg}');
        return;
      }
      void options.dispatch(message.channel, message.arg).then((result) => {
        if (ws.readyState === ws.OPEN) ws.send(JSON.stringify({ id: message.id, result }));
      });
    });
    ws.on('error', () => ws.terminate());
  };

  return {
    handleUpgrade(request, socket, head) {
      const url = new URL(request.url ?? '/', 'http://socket.invalid');
      const guard = options.guard();
      if (url.pathname !== CALL_SOCKET_PATH) return refuse(socket, '404 Not Found', `no socket at ${url.pathname}`);
      if (!guard?.hostAllowed(request.headers.host)) return refuse(socket, '403 Forbidden', 'another host');
      if (!guard.originAllowed(request.headers.origin)) return refuse(socket, '403 Forbidden', 'another origin');
      if (!guard.tokenValid(url.searchParams.get('token'))) return refuse(socket, '401 Unauthorized', 'no valid token');
      server.handleUpgrade(request, socket, head, serve);
    },
    close() {
      for (const client of server.clients) client.terminate();
      server.close();
    },
  };
}

function parse(text: string): { id: number; channel: string; arg: unknown } | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const { id, channel, arg } = value as { id?: unknown; channel?: unknown; arg?: unknown };
  if (typeof id !== 'number' || !Number.isSafeInteger(id) || typeof channel !== 'string') return null;
  return { id, channel, arg };
}
