import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ServiceContext } from './context.js';
import { userIdForKeyWork } from './users.js';

/**
 * Proof that an address reaches this very service (the desktop app's "Public address" check).
 * The app asks for a one-time token over loopback with its key (POST), then fetches
 * GET <address>/.well-known/linkdeck-verify/<token> through the address it was given: only this
 * process knows the token, so an answer carrying it came from here, not from another server
 * behind the same name. A token lives two minutes and answers once.
 */
export const VERIFY_PATH = '/.well-known/linkdeck-verify';
const TOKEN_TTL_MS = 2 * 60_000;
/** Tokens kept at most: issuing is cheap, so the map must not grow without bound. */
const MAX_TOKENS = 32;

export function registerVerifyRoutes(app: FastifyInstance, ctx: ServiceContext): void {
  const tokens = new Map<string, number>();
  const prune = () => {
    const now = ctx.now();
    for (const [token, expires] of tokens) if (expires <= now) tokens.delete(token);
  };

  app.post(VERIFY_PATH, async (request: FastifyRequest, reply: FastifyReply) => {
    // Issued to the app on this computer only: from elsewhere the route does not exist.
    if (!isLoopbackPeer(request.socket.remoteAddress)) return notFound(reply);
    const match = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '');
    if (!match || (await ctx.store.do(userIdForKeyWork(match[1] as string))) === null) {
      return reply.code(401).send({ error: 401, message: 'The API key is not valid.' });
    }
    prune();
    while (tokens.size >= MAX_TOKENS) tokens.delete(tokens.keys().next().value as string);
    const token = randomBytes(24).toString('base64url');
    tokens.set(token, ctx.now() + TOKEN_TTL_MS);
    return reply.header('Cache-Control', 'no-store').send({ token });
  });

  app.get(`${VERIFY_PATH}/:token`, (request: FastifyRequest<{ Params: { token: string } }>, reply) => {
    prune();
    const { token } = request.params;
    if (!tokens.has(token)) return notFound(reply);
    tokens.delete(token);
    return reply.header('Cache-Control', 'no-store').type('text/plain; charset=utf-8').send(token);
  });
}

function notFound(reply: FastifyReply) {
  return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
}

function isLoopbackPeer(address: string | undefined): boolean {
  if (!address) return false;
  return address === '::1' || /^(::ffff:)?127\./.test(address);
}
