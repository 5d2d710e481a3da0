import {
  Agent,
  createServer,
  request as httpRequest,
  STATUS_CODES,
  type ClientRequest,
  type IncomingMessage,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import {
  countLog,
  LogWaiters,
  type ProxyCounts,
  type ProxyLogEntry,
  type ProxyOutcome,
  type RequestFilter,
} from './fault-proxy-log.js';
import {
  ActiveRule,
  type Fault,
  type FaultRule,
  type RequestInfo,
  type ScriptedRule,
} from './fault-proxy-rules.js';

export { faults, seededRandom } from './fault-proxy-rules.js';
export type {
  Fault,
  FaultKind,
  FaultRule,
  PathMatcher,
  RequestInfo,
  ScriptedRule,
  SimpleFaultName,
} from './fault-proxy-rules.js';
export type {
  ProxyCounts,
  ProxyLogEntry,
  ProxyOutcome,
  RequestFilter,
  TrafficCounts,
} from './fault-proxy-log.js';

/**
 * A scripted HTTP fault layer for tests: a small reverse proxy in front of the local link
 * service that forwards everything unchanged except the requests a scripted rule claims, which
 * get a fault (delay, hang, injected status, connection reset before or after the service
 * commits, truncated answer, or the whole proxy going offline). It only ever talks to the
 * loopback target it was given.
 */

export interface FaultProxyOptions {
  /** The service, e.g. http://127.0.0.1:41234; must be plain HTTP on loopback. */
  target: string;
  /** Where the proxy listens (loopback only); default 127.0.0.1. */
  host?: '127.0.0.1' | '::1';
  /** Default 0: a free port, kept across offline()/online(). */
  port?: number;
  /** Seed of the probability rules' PRNGs (default 1): the same seed replays the same coin flips. */
  seed?: number;
}

export interface FaultProxy {
  /** e.g. http://127.0.0.1:40123 (no trailing slash). */
  readonly url: string;
  readonly port: number;
  /** One entry per request received, in arrival order; entries update as requests progress. */
  readonly log: readonly ProxyLogEntry[];
  readonly isOnline: boolean;
  /** Adds rules after those already scripted; the first rule that claims a request wins. */
  script(rule: FaultRule): ScriptedRule;
  script(rules: readonly FaultRule[]): ScriptedRule[];
  /** Removes every rule: everything passes through again. */
  clear(): void;
  clearLog(): void;
  rules(): readonly ScriptedRule[];
  /** Tallies of the log, optionally only the requests matching `filter`. */
  counts(filter?: RequestFilter): ProxyCounts;
  /** Resolves with the first log entry (present or future) for which `predicate` holds. */
  waitFor(
    predicate: (entry: ProxyLogEntry) => boolean,
    options?: { timeoutMs?: number },
  ): Promise<ProxyLogEntry>;
  /** Closes the listening socket and resets every open connection: new connections are refused. */
  offline(): Promise<void>;
  /** Listens again, on the same port. */
  online(): Promise<void>;
  /** What the proxy still holds (all zero and not listening after close()). */
  openHandles(): {
    listening: boolean;
    connections: number;
    pending: number;
    upstream: number;
    timers: number;
    waiters: number;
  };
  /** Ends every request and connection, clears every timer; idempotent. */
  close(): Promise<void>;
}

/** A request in flight through the proxy. */
interface Exchange {
  entry: ProxyLogEntry;
  req: IncomingMessage;
  res: ServerResponse;
  socket: Socket;
  timers: Set<NodeJS.Timeout>;
  done: boolean;
}

interface BufferedAnswer {
  status: number;
  statusMessage: string;
  headers: string[];
  body: Buffer;
}

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);
/** Headers that describe one connection, not the message; a proxy must not pass them on. */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'te',
  'trailer',
  'upgrade',
]);
const MAX_BODY = 16 * 1024 * 1024;
const PASS: Fault = { kind: 'passthrough' };

export async function startFaultProxy(options: FaultProxyOptions): Promise<FaultProxy> {
  const target = new URL(options.target);
  if (
    target.protocol !== 'http:' ||
    !LOOPBACK.has(target.hostname) ||
    (target.pathname !== '/' && target.pathname !== '')
  ) {
    throw new Error(
      `The fault proxy forwards only to plain HTTP on loopback, given as an origin (http://127.0.0.1:PORT); got ${options.target}.`,
    );
  }
  const targetHost = target.hostname.replace(/^\[|\]$/g, '');
  const targetPort = Number(target.port || 80);
  const host = options.host ?? '127.0.0.1';
  const seed = options.seed ?? 1;

  const log: ProxyLogEntry[] = [];
  const waiters = new LogWaiters(log);
  let rules: ActiveRule[] = [];
  let ruleSerial = 0;
  let seq = 0;
  const sockets = new Set<Socket>();
  const exchanges = new Set<Exchange>();
  const upstreams = new Set<ClientRequest>();
  const timers = new Set<NodeJS.Timeout>();
  const agent = new Agent({ keepAlive: true });
  let listening = false;
  let closed = false;
  let closing: Promise<void> | undefined;
  let transition: Promise<void> = Promise.resolve();

  const changed = (ex: Exchange) => waiters.changed(ex.entry);

  function settle(ex: Exchange, outcome: Exclude<ProxyOutcome, 'pending'>, error?: string): void {
    if (ex.done) return;
    ex.done = true;
    exchanges.delete(ex);
    for (const t of ex.timers) {
      clearTimeout(t);
      timers.delete(t);
    }
    ex.entry.outcome = outcome;
    ex.entry.endedAt = Date.now();
    if (error !== undefined) ex.entry.error = error;
    changed(ex);
  }

  function later(ex: Exchange, ms: number, fn: () => void): void {
    if (ex.done) return;
    const t = setTimeout(() => {
      timers.delete(t);
      ex.timers.delete(t);
      fn();
    }, ms);
    timers.add(t);
    ex.timers.add(t);
  }

  /** An RST, as a crashed peer or a dropped NAT entry produces, rather than an orderly FIN. */
  function resetSocket(socket: Socket): void {
    if (socket.destroyed) return;
    try {
      socket.resetAndDestroy();
    } catch {
      socket.destroy();
    }
  }

  function reset(ex: Exchange, why?: string): void {
    settle(ex, 'reset', why);
    resetSocket(ex.socket);
  }

  function answer(
    ex: Exchange,
    status: number,
    body: string | Buffer,
    headers: string[],
    statusMessage?: string,
  ): void {
    if (ex.done) return;
    const payload = typeof body === 'string' ? Buffer.from(body) : body;
    const hasLength = headers.some((h, i) => i % 2 === 0 && h.toLowerCase() === 'content-length');
    ex.entry.clientStatus = status;
    changed(ex);
    ex.res.writeHead(
      status,
      statusMessage ?? STATUS_CODES[status] ?? '',
      hasLength ? headers : [...headers, 'Content-Length', String(payload.length)],
    );
    ex.res.end(payload);
  }

  function upstreamFailed(ex: Exchange, message: string): void {
    if (closed) return;
    ex.entry.error = message;
    if (ex.done) return changed(ex);
    if (ex.res.headersSent) {
      settle(ex, 'upstream-error', message);
      return resetSocket(ex.socket);
    }
    // The client still gets an answer a real gateway would give, so it is not mistaken for a fault.
    answer(ex, 502, `fault proxy: the service did not answer (${message})`, [
      'Content-Type',
      'text/plain; charset=utf-8',
    ]);
    settle(ex, 'upstream-error', message);
  }

  /**
   * Sends the request to the service. `onAnswer` receives the whole answer (for the faults that
   * act on it); without it the answer streams back to the client.
   */
  function forward(ex: Exchange, body: Buffer, onAnswer?: (answer: BufferedAnswer) => void): void {
    if (ex.done || closed) return;
    const up = httpRequest({
      host: targetHost,
      port: targetPort,
      method: ex.req.method,
      path: ex.req.url,
      headers: requestHeaders(ex.req.rawHeaders, body),
      setHost: false, // the client's own Host header goes through, as through any transparent proxy
      agent,
    });
    upstreams.add(up);
    up.on('close', () => upstreams.delete(up));
    up.on('error', (error) => upstreamFailed(ex, error.message));
    up.on('response', (upRes) => {
      const status = upRes.statusCode ?? 502;
      ex.entry.reachedServer = true;
      ex.entry.serverStatus = status;
      changed(ex);
      const headers = endToEnd(upRes.rawHeaders);
      const chunks: Buffer[] = [];
      if (!onAnswer && !ex.done) {
        ex.entry.clientStatus = status;
        ex.res.writeHead(status, upRes.statusMessage ?? '', headers);
      }
      // Always drained, even for a client that is gone, so the service's socket is released.
      upRes.on('data', (chunk: Buffer) => {
        if (onAnswer) chunks.push(chunk);
        else if (!ex.done) ex.res.write(chunk);
      });
      upRes.on('error', () => undefined); // reported by 'close' below
      upRes.on('close', () => {
        if (!upRes.complete) return upstreamFailed(ex, 'the service broke off its answer');
        if (!onAnswer) {
          if (!ex.done) ex.res.end();
          return;
        }
        onAnswer({
          status,
          statusMessage: upRes.statusMessage ?? '',
          headers,
          body: Buffer.concat(chunks),
        });
      });
    });
    ex.entry.forwarded = true;
    changed(ex);
    up.end(body);
  }

  function sendBuffered(ex: Exchange, a: BufferedAnswer): void {
    answer(ex, a.status, a.body, a.headers, a.statusMessage);
  }

  function truncate(ex: Exchange, a: BufferedAnswer, bodyBytes: number | undefined): void {
    if (ex.done) return;
    const headers = withLength(a.headers, a.body.length);
    let head = `HTTP/1.1 ${a.status} ${a.statusMessage}\r\n`;
    for (let i = 0; i < headers.length; i += 2) head += `${headers[i]}: ${headers[i + 1]}\r\n`;
    const raw = Buffer.concat([Buffer.from(`${head}Connection: close\r\n\r\n`, 'latin1'), a.body]);
    const headLength = raw.length - a.body.length;
    const cut =
      a.body.length === 0
        ? Math.floor(headLength / 2)
        : headLength + Math.min(bodyBytes ?? Math.floor(a.body.length / 2), a.body.length - 1);
    if (cut >= headLength) ex.entry.clientStatus = a.status;
    settle(ex, 'truncated');
    // The node:http response object is bypassed: it cannot be told to stop halfway.
    ex.socket.write(raw.subarray(0, cut), () => resetSocket(ex.socket));
  }

  function run(ex: Exchange, fault: Fault, body: Buffer): void {
    switch (fault.kind) {
      case 'passthrough':
        return forward(ex, body);
      case 'delay':
        return later(ex, fault.ms, () => forward(ex, body));
      case 'delayResponse':
        return forward(ex, body, (a) => later(ex, fault.ms, () => sendBuffered(ex, a)));
      case 'timeout':
        return; // held until the client or close() lets go
      case 'status':
        return answer(ex, fault.status, fault.body, Object.entries(fault.headers).flat());
      case 'resetBeforeForward':
        return reset(ex);
      case 'resetAfterCommit':
        return forward(ex, body, () => reset(ex));
      case 'replaceAfterCommit':
        return forward(ex, body, () =>
          answer(ex, fault.status, fault.body, Object.entries(fault.headers).flat()),
        );
      case 'truncate':
        return forward(ex, body, (a) => truncate(ex, a, fault.bodyBytes));
      case 'offline':
        // Stops listening before any reset is sent, so the client's next attempt is refused.
        void offline().catch(() => undefined);
        return;
    }
  }

  function decide(ex: Exchange, body: Buffer): void {
    if (ex.done || closed) return;
    const info: RequestInfo = {
      method: ex.entry.method,
      path: ex.entry.path,
      headers: ex.req.headers,
      body: body.toString('utf8'),
    };
    let rule: ActiveRule | undefined;
    try {
      rule = rules.find((r) => r.claims(info));
    } catch (error) {
      // A broken predicate is a bug in the test: answer loudly rather than guess.
      const message = `fault proxy: a rule's predicate threw: ${error instanceof Error ? error.message : String(error)}`;
      ex.entry.error = message;
      ex.entry.fault = 'status';
      return answer(ex, 500, message, ['Content-Type', 'text/plain; charset=utf-8']);
    }
    const fault = rule?.fault ?? PASS;
    ex.entry.fault = fault.kind;
    if (rule) ex.entry.rule = rule.name;
    changed(ex);
    run(ex, fault, body);
  }

  function onRequest(req: IncomingMessage, res: ServerResponse): void {
    const idempotencyKey = req.headers['idempotency-key'];
    const entry: ProxyLogEntry = {
      seq: ++seq,
      method: req.method ?? 'GET',
      path: req.url ?? '/',
      ...(typeof idempotencyKey === 'string' ? { idempotencyKey } : {}),
      fault: 'passthrough',
      forwarded: false,
      reachedServer: false,
      outcome: 'pending',
      startedAt: Date.now(),
    };
    log.push(entry);
    const ex: Exchange = { entry, req, res, socket: req.socket, timers: new Set(), done: false };
    exchanges.add(ex);
    changed(ex);
    req.on('error', () => undefined); // a client that vanishes surfaces as res 'close'
    res.on('error', () => undefined);
    res.on('finish', () => settle(ex, 'answered'));
    res.on('close', () => settle(ex, 'client-aborted'));

    if (!entry.path.startsWith('/')) {
      // Absolute-form targets ("GET http://elsewhere/") would make this an open proxy.
      entry.fault = 'status';
      entry.error = 'not a path';
      return answer(
        ex,
        400,
        'fault proxy: only origin-form request targets ("/path") are forwarded',
        ['Content-Type', 'text/plain; charset=utf-8'],
      );
    }
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_BODY) chunks.push(chunk);
    });
    req.on('end', () => {
      if (size > MAX_BODY) {
        entry.fault = 'status';
        return answer(ex, 413, `fault proxy: bodies over ${MAX_BODY} bytes are not forwarded`, [
          'Content-Type',
          'text/plain; charset=utf-8',
        ]);
      }
      decide(ex, Buffer.concat(chunks));
    });
  }

  const server = createServer(onRequest);
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  server.on('clientError', (_error, socket) => socket.destroy());

  function listen(port: number): Promise<void> {
    return new Promise((resolve, reject) => {
      const failed = (error: Error) =>
        reject(
          new Error(`The fault proxy could not listen on ${host} port ${port}: ${error.message}`),
        );
      server.once('error', failed);
      server.listen({ port, host }, () => {
        server.off('error', failed);
        listening = true;
        resolve();
      });
    });
  }

  /** Runs offline/online/close one at a time, in call order. */
  function serially(step: () => Promise<void>): Promise<void> {
    const run = transition.then(step);
    transition = run.catch(() => undefined);
    return run;
  }

  async function stopListening(outcome: 'reset' | 'proxy-closed', why: string): Promise<void> {
    for (const ex of [...exchanges]) settle(ex, outcome, why);
    if (!listening) return;
    listening = false;
    const stopped = [
      new Promise<void>((resolve) => server.close(() => resolve())),
      ...[...sockets].map(
        (socket) => new Promise<void>((resolve) => socket.once('close', () => resolve())),
      ),
    ];
    for (const socket of sockets) resetSocket(socket);
    await Promise.all(stopped);
    // One pass through the poll phase lets clients in this process see their connections die
    // before we return (else the next request may go out on a dead pooled connection).
    await new Promise<void>((resolve) => setImmediate(resolve));
  }

  const offline = () =>
    serially(async () => {
      if (closed) throw new Error('The fault proxy is closed.');
      await stopListening('reset', 'the proxy went offline');
    });

  await listen(options.port ?? 0);
  const { port } = server.address() as AddressInfo;
  const url = `http://${host === '::1' ? '[::1]' : host}:${port}`;

  function script(rule: FaultRule): ScriptedRule;
  function script(list: readonly FaultRule[]): ScriptedRule[];
  function script(input: FaultRule | readonly FaultRule[]): ScriptedRule | ScriptedRule[] {
    const list = Array.isArray(input) ? (input as readonly FaultRule[]) : [input as FaultRule];
    const added = list.map((rule) => new ActiveRule(rule, seed, ruleSerial++));
    rules = [...rules, ...added];
    return Array.isArray(input) ? added : (added[0] as ScriptedRule);
  }

  return {
    url,
    port,
    log,
    get isOnline() {
      return listening;
    },
    script,
    clear() {
      for (const r of rules) r.cancel();
      rules = [];
    },
    clearLog() {
      log.length = 0;
    },
    rules: () => [...rules],
    counts: (filter) => countLog(log, filter),
    waitFor: (predicate, opts = {}) =>
      closed
        ? Promise.reject(new Error('The fault proxy is closed.'))
        : waiters.wait(predicate, opts.timeoutMs ?? 10_000),
    offline,
    online: () =>
      serially(async () => {
        if (closed) throw new Error('The fault proxy is closed.');
        if (!listening) await listen(port);
      }),
    openHandles: () => ({
      listening,
      connections: sockets.size,
      pending: exchanges.size,
      upstream: upstreams.size,
      timers: timers.size,
      waiters: waiters.size,
    }),
    close: () =>
      (closing ??= (async () => {
        closed = true;
        // Settling clears each request's timers, and there are no others.
        for (const ex of [...exchanges]) settle(ex, 'proxy-closed');
        for (const up of upstreams) up.destroy();
        waiters.rejectAll('The fault proxy was closed while a test waited on it.');
        await serially(() => stopListening('proxy-closed', 'closed'));
        agent.destroy();
      })()),
  };
}

/** Raw [name, value, …] pairs without the hop-by-hop headers (and those Connection names). */
function endToEnd(raw: readonly string[]): string[] {
  const drop = new Set(HOP_BY_HOP);
  for (let i = 0; i < raw.length; i += 2) {
    if ((raw[i] as string).toLowerCase() === 'connection') {
      for (const name of (raw[i + 1] as string).split(',')) drop.add(name.trim().toLowerCase());
    }
  }
  const out: string[] = [];
  for (let i = 0; i < raw.length; i += 2) {
    if (!drop.has((raw[i] as string).toLowerCase()))
      out.push(raw[i] as string, raw[i + 1] as string);
  }
  return out;
}

/** The body is read whole before forwarding, so a chunked one goes on with a Content-Length. */
function requestHeaders(raw: readonly string[], body: Buffer): string[] {
  const hadBody = raw.some(
    (h, i) => i % 2 === 0 && /^(content-length|transfer-encoding)$/i.test(h),
  );
  const headers = endToEnd(raw);
  return hadBody || body.length > 0 ? withLength(headers, body.length) : headers;
}

function withLength(headers: readonly string[], length: number): string[] {
  const out: string[] = [];
  let name = 'Content-Length';
  for (let i = 0; i < headers.length; i += 2) {
    if ((headers[i] as string).toLowerCase() === 'content-length') name = headers[i] as string;
    else out.push(headers[i] as string, headers[i + 1] as string);
  }
  return [...out, name, String(length)];
}
