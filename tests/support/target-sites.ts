import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/** One request a target site received. */
export interface TargetHit {
  method: string;
  path: string;
  /** performance.now() when it arrived and when it was answered (null: never). */
  at: number;
  endedAt: number | null;
}

/**
 * A local "target site" for link health checks (node:http on a loopback address). Routes:
 * /ok 200 · /moved 301 → /ok · /chain/N 302 → /chain/N-1 … → /ok · /missing 404 · /error 500 ·
 * /no-head 405 to HEAD, 200 to GET · /loop 302 → /loop · /hang never answers ·
 * /slow answers 200 after `slowMs` · /to?url=U 302 → U (anywhere, another host too). Counts
 * requests and how many were in flight at once.
 */
export interface TargetSite {
  /** `http://127.0.0.x:port` */
  url: string;
  host: string;
  hits: TargetHit[];
  inFlight: number;
  maxInFlight: number;
  /** Resolves when the site has received `n` requests in all. */
  received(n: number): Promise<void>;
  close(): Promise<void>;
}

export async function startTargetSite(options: { host?: string; slowMs?: number } = {}): Promise<TargetSite> {
  const host = options.host ?? '127.0.0.1';
  const sockets = new Set<Socket>();
  const waiters: { n: number; resolve: () => void }[] = [];
  const site = {
    hits: [] as TargetHit[],
    inFlight: 0,
    maxInFlight: 0,
  };
  const wake = () => {
    for (const w of [...waiters]) {
      if (site.hits.length >= w.n) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve();
      }
    }
  };

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const hit: TargetHit = { method: req.method ?? '', path: req.url ?? '', at: performance.now(), endedAt: null };
    site.hits.push(hit);
    site.inFlight++;
    site.maxInFlight = Math.max(site.maxInFlight, site.inFlight);
    let finished = false;
    const finish = () => {
      if (finished) return;
      finished = true;
      site.inFlight--;
    };
    res.on('finish', () => {
      hit.endedAt = performance.now();
      finish();
    });
    res.on('close', finish);
    wake();
    const path = hit.path.split('?')[0] ?? '';
    const send = (status: number, headers: Record<string, string> = {}) => {
      res.writeHead(status, { 'Content-Type': 'text/plain', ...headers });
      res.end(req.method === 'HEAD' ? undefined : `status ${status}`);
    };
    const chain = /^\/chain\/(\d+)$/.exec(path);
    if (path === '/ok') send(200);
    else if (path === '/moved') send(301, { Location: '/ok' });
    else if (chain) send(302, { Location: Number(chain[1]) <= 1 ? '/ok' : `/chain/${Number(chain[1]) - 1}` });
    else if (path === '/missing') send(404);
    else if (path === '/error') send(500);
    else if (path === '/no-head') send(req.method === 'HEAD' ? 405 : 200);
    else if (path === '/loop') send(302, { Location: '/loop' });
    else if (path === '/to') send(302, { Location: new URL(hit.path, 'http://site').searchParams.get('url') ?? '/ok' });
    else if (path === '/hang') {
      // Never answers: the checker's time limit has to end it.
    } else if (path === '/slow') setTimeout(() => send(200), options.slowMs ?? 20);
    else send(404);
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(site, {
    url: `http://${host}:${port}`,
    host,
    received: (n: number) =>
      new Promise<void>((resolve) => {
        waiters.push({ n, resolve });
        wake();
      }),
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  });
}
