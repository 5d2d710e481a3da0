/**
 * The common part of the scripted doubles of other shorteners' APIs (kutt-double.ts,
 * shlink-double.ts, dub-double.ts): a node:http server on loopback that logs every request
 * (path, query, the headers that could carry a key) and plays the faults a test asks for before
 * the source's own answer. Each double writes its source's documented answers.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface LoggedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingMessage['headers'];
}

export interface DoubleFaults {
  /** Answer the request with this 0-based number with 429 and `Retry-After` (seconds), once. */
  rateLimitAt?: { request: number; retryAfter: string; body: unknown };
  /** Answer every request with an HTML page of this status (a wrong address, a login page). */
  html?: number;
  /** Answer the request with this 0-based number with a redirect to `location`. */
  redirectAt?: { request: number; location: string };
  /** Answer every request with this many bytes of JSON-looking garbage. */
  hugeBytes?: number;
  /** Never answer the request with this 0-based number (a service that hangs). */
  hangAt?: { request: number };
}

export interface SourceDouble {
  url: string;
  requests: LoggedRequest[];
  close(): Promise<void>;
}

export type Answer = { status: number; body: unknown; headers?: Record<string, string> };

export async function startSourceDouble(answer: (request: LoggedRequest) => Answer, faults: DoubleFaults = {}): Promise<SourceDouble> {
  const requests: LoggedRequest[] = [];
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://double.invalid');
    const logged: LoggedRequest = { method: req.method ?? 'GET', path: url.pathname, query: url.searchParams, headers: req.headers };
    const number = requests.length;
    requests.push(logged);
    if (faults.hangAt?.request === number) return;
    if (faults.html !== undefined) {
      res.writeHead(faults.html, { 'Content-Type': 'text/html; charset=utf-8' });
      res.end('<!doctype html><html><head><title>Sign in</title></head><body><h1>Welcome</h1></body></html>');
      return;
    }
    if (faults.hugeBytes !== undefined) {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(`{"data":[${'"x",'.repeat(Math.ceil(faults.hugeBytes / 4))}"x"]}`);
      return;
    }
    if (faults.rateLimitAt?.request === number) {
      res.writeHead(429, { 'Content-Type': 'application/json', 'Retry-After': faults.rateLimitAt.retryAfter });
      res.end(JSON.stringify(faults.rateLimitAt.body));
      return;
    }
    if (faults.redirectAt?.request === number) {
      res.writeHead(302, { Location: faults.redirectAt.location });
      res.end();
      return;
    }
    const { status, body, headers } = answer(logged);
    res.writeHead(status, { 'Content-Type': 'application/json', ...(headers ?? {}) });
    res.end(JSON.stringify(body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A query number, or the fallback when absent or not a whole number. */
export const queryInt = (query: URLSearchParams, name: string, fallback: number): number => {
  const value = Number(query.get(name));
  return query.has(name) && Number.isInteger(value) ? value : fallback;
};
