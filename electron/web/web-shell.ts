import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify';
import type { Backend } from '../backend/backend.js';
import { isChannel, type Result } from '../shared/contract.js';
import type { AppErrorInfo } from '../shared/errors.js';
import { BRIDGE_PATH, bridgeScript } from './bridge-script.js';
import { createCallSocket } from './call-socket.js';
import { prepareIndexHtml, securityHeaders } from './csp.js';
import { createEventHub } from './event-stream.js';
import {
  allowedHosts,
  bearerToken,
  createRequestGuard,
  type RequestGuard,
} from './request-guard.js';
import { staticFiles } from './static-files.js';

export interface WebShellOptions {
  backend: Backend;
  /** The built renderer (out/renderer). */
  rendererDir: string;
  /** 0 (the default) picks a free port. */
  port?: number;
  /** A loopback address only: the shell is for the browser on this machine. */
  host?: '127.0.0.1' | '::1' | 'localhost';
  /** Fixed token (tests); by default 32 random bytes per run. */
  token?: string;
  /** Where refused requests are reported. */
  log?: (message: string) => void;
  /** Interval of the SSE keep-alive comments. */
  heartbeatMs?: number;
}

export interface WebShell {
  /** The address to open: carries the token in its fragment, which never reaches a server log. */
  url: string;
  origin: string;
  token: string;
  close(): Promise<void>;
}

const LOOPBACK = new Set(['127.0.0.1', '::1', 'localhost']);
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{16,}$/;

const tokenParam = (query: unknown): string | null => {
  const value = (query as { token?: unknown } | undefined)?.token;
  return typeof value === 'string' ? value : null;
};

const envelope = (code: AppErrorInfo['code'], message: string): Result<never> => ({
  ok: false,
  error: { code, message },
});

/**
 * The web shell: serves the built renderer and the backend's router on loopback HTTP for a
 * browser (and the end-to-end tests). Calls are `POST /rpc/<channel>` with the argument as JSON
 * and `Authorization: Bearer <token>`; events are Server-Sent Events on `/events?token=…`.
 * Nothing is dispatched unless the Host, the Origin and the token are ours.
 */
/** Largest call accepted: a bulk job of 10,000 rows with every field fits. */
const BODY_LIMIT = 16 * 1024 * 1024;

export async function startWebShell(options: WebShellOptions): Promise<WebShell> {
  const host = options.host ?? '127.0.0.1';
  if (!LOOPBACK.has(host))
    throw new Error(
      `The web shell listens on loopback only (127.0.0.1, ::1 or localhost), not ${String(host)}.`,
    );
  const token = options.token ?? randomBytes(32).toString('base64url');
  if (!TOKEN_SHAPE.test(token))
    throw new Error(
      'The web shell token must be at least 16 characters of A-Z, a-z, 0-9, "_" or "-".',
    );
  const log = options.log ?? (() => {});
  const { backend, rendererDir } = options;
  const files = staticFiles(rendererDir);

  const server = Fastify({
    logger: false,
    bodyLimit: BODY_LIMIT,
    forceCloseConnections: true,
    exposeHeadRoutes: false,
  });
  const hub = createEventHub(backend, options.heartbeatMs);
  const calls = createCallSocket({
    guard: () => guard,
    dispatch: (channel, arg) => backend.router.dispatch(channel, arg),
    log,
    maxPayload: BODY_LIMIT,
  });
  const bridge = bridgeScript();
  let guard: RequestGuard | null = null;
  let origin = '';

  const refuse = (
    reply: FastifyReply,
    status: number,
    message: string,
    request: FastifyRequest,
  ): FastifyReply => {
    log(`[web-shell] refused ${request.method} ${request.url.split('?')[0]}: ${message}`);
    return reply
      .code(status)
      .header('Cache-Control', 'no-store')
      .send(envelope('unauthorized', message));
  };

  // Every answer carries the security headers; every request must name our host (DNS rebinding).
  server.addHook('onRequest', async (request, reply) => {
    reply.headers(securityHeaders());
    if (!guard?.hostAllowed(request.headers.host)) {
      return refuse(reply, 403, `Linkdeck answers only requests addressed to ${origin}.`, request);
    }
  });

  /** Origin and token, checked before the body is even read. */
  const authorize =
    (tokenOf: (request: FastifyRequest) => string | null | undefined) =>
    async (request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | undefined> => {
      if (!guard?.originAllowed(request.headers.origin)) {
        return refuse(reply, 403, 'Calls from other sites are refused.', request);
      }
      if (!guard.tokenValid(tokenOf(request))) {
        return refuse(
          reply,
          401,
          `This tab has no valid Linkdeck token. Open the address printed by "npm start" (it begins with ${origin}/#token=).`,
          request,
        );
      }
      return undefined;
    };

  server.setErrorHandler((error: { statusCode?: number; message?: string }, _request, reply) => {
    const status =
      typeof error.statusCode === 'number' && error.statusCode >= 400 ? error.statusCode : 500;
    const message =
      status < 500
        ? `The request could not be read: ${error.message ?? 'malformed'}.`
        : 'The web shell failed to answer.';
    return reply
      .code(status)
      .header('Cache-Control', 'no-store')
      .send(envelope(status < 500 ? 'invalid-input' : 'internal', message));
  });

  server.post<{ Params: { channel: string } }>(
    '/rpc/:channel',
    { onRequest: authorize((request) => bearerToken(request.headers.authorization)) },
    async (request, reply) => {
      const { channel } = request.params;
      if (!isChannel(channel))
        return reply
          .code(404)
          .header('Cache-Control', 'no-store')
          .send(
            envelope(
              'not-found',
              `There is no channel named ${JSON.stringify(channel.slice(0, 80))}.`,
            ),
          );
      const result = await backend.router.dispatch(channel, request.body);
      return reply.header('Cache-Control', 'no-store').send(result);
    },
  );

  server.get(
    '/events',
    { onRequest: authorize((request) => tokenParam(request.query)) },
    (_request, reply) => {
      reply.hijack();
      hub.attach(reply.raw, securityHeaders());
    },
  );

  server.get(BRIDGE_PATH, async (_request, reply) =>
    reply.type('text/javascript; charset=utf-8').header('Cache-Control', 'no-store').send(bridge),
  );

  server.get('/*', async (request, reply) => {
    const file = await files.read(request.url);
    if (!file) return reply.code(404).type('text/plain; charset=utf-8').send('Not found.');
    if (file.relative === 'index.html') {
      return reply
        .type(file.type)
        .header('Cache-Control', 'no-store')
        .send(prepareIndexHtml(file.body.toString('utf8'), BRIDGE_PATH));
    }
    return reply.type(file.type).header('Cache-Control', 'no-cache').send(file.body);
  });

  server.server.on('upgrade', (request, socket, head: Buffer) => calls.handleUpgrade(request, socket, head));
  await files.warm();
  await server.listen({ host, port: options.port ?? 0 });
  const port = (server.server.address() as AddressInfo).port;
  guard = createRequestGuard({ token, hosts: allowedHosts(host, port) });
  origin = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;

  return {
    url: `${origin}/#token=${token}`,
    origin,
    token,
    async close() {
      hub.close();
      calls.close();
      await server.close();
    },
  };
}
