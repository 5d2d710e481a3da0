import { exec, one } from '../database/store.js';
import { isUniqueViolation } from '../database/errors.js';
import type { FastifyInstance } from 'fastify';
import { AccountBody, pickBody } from '../request-bodies.js';
import type { ServiceContext } from '../context.js';
import { badRequest, conflict, notFound } from '../errors.js';
import { formatDateTime } from '../format.js';
import { escapeHtml } from '../html.js';
import { checkText, readBody } from '../resources/input.js';
import { hashPassword } from '../resources/password.js';

/**
 * Local accounts never expire. The spec types `expires` as a datetime string, so "never" is the
 * latest datetime the format can hold rather than null; clients can show it as "never".
 */
export const NEVER_EXPIRES = '9999-12-31 23:59:59';

const MIN_PASSWORD = 8;
const MAX_PASSWORD = 1024;
const MAX_EMAIL = 254;

interface UserRow {
  id: number;
  email: string;
  username: string;
  status: string;
  expires_at: number | null;
  created_at: number;
  avatar_token: string | null;
}

/**
 * The address of a user's avatar, served by {@link registerAvatarRoute}: by the user's random
 * avatar token (service migration 3), never by the user's id, so avatars cannot be walked.
 */
export const avatarUrl = (ctx: ServiceContext, avatarToken: string) =>
  `${ctx.baseUrl()}/avatar/${avatarToken}.svg`;

export function registerAccountRoutes(api: FastifyInstance, ctx: ServiceContext): void {
  const { store } = ctx;

  api.get('/account', async (request) => {
    const user = (await one<UserRow>(
      store,
      'SELECT id, email, username, status, expires_at, created_at, avatar_token FROM users WHERE id = ?',
      request.userId,
    )) as UserRow;
    return {
      error: 0,
      data: {
        id: user.id,
        email: user.email,
        username: user.username,
        avatar: user.avatar_token ? avatarUrl(ctx, user.avatar_token) : '',
        status: user.status,
        expires: user.expires_at === null ? NEVER_EXPIRES : formatDateTime(user.expires_at),
        registered: formatDateTime(user.created_at),
      },
    };
  });

  api.put('/account/update', async (request) => {
    const body = pickBody(AccountBody, readBody(request));
    const email = readAccountField(body, 'email');
    const password = readAccountField(body, 'password');
    if (email === undefined && password === undefined) {
      throw badRequest('Send "email", "password" or both to update the account.');
    }
    if (email !== undefined) {
      checkText(email, 'email', MAX_EMAIL);
      // Deliberately loose: one "@", something on both sides, a dot in the domain, no spaces.
      if (!/^[^\s@]+@[^\s@]+\.[^\s@.]+$/.test(email)) {
        throw badRequest('The field "email" must be an email address, such as "name@example.com".');
      }
      const other = await one(store, 'SELECT id FROM users WHERE lower(email) = lower(?) AND id != ?', email, request.userId);
      if (other)
        throw conflict(`The email ${email} is already used by another account on this service.`);
    }
    let passwordHash: string | undefined;
    if (password !== undefined) {
      checkText(password, 'password', MAX_PASSWORD);
      if ([...password].length < MIN_PASSWORD) {
        throw badRequest(`The field "password" must be at least ${MIN_PASSWORD} characters long.`);
      }
      passwordHash = await hashPassword(password);
    }
    try {
      await exec(
        store,
        'UPDATE users SET email = COALESCE(?, email), password_hash = COALESCE(?, password_hash) WHERE id = ?',
        email ?? null,
        passwordHash ?? null,
        request.userId,
      );
    } catch (error) {
      // Hashing the password yields to other requests: another account may have taken the
      // email since it was checked above.
      if (isUniqueViolation(error)) {
        throw conflict(`The email ${email} is already used by another account on this service.`);
      }
      throw error;
    }
    return { error: 0, message: 'Account has been successfully updated.' };
  });
}

function readAccountField(body: Record<string, unknown>, field: string): string | undefined {
  const value = body[field];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') throw badRequest(`The field "${field}" must be a string.`);
  return value;
}

/**
 * `GET /avatar/<token>.svg`: the account's avatar, a generated initial on a colour of its own.
 * The service works offline, so it cannot point at an avatar website. Registered on the root
 * app (no API key: image tags cannot send one), so the address itself is the secret: a random
 * token per user (32 hex digits), not the user id, which would let anyone list the users.
 * It shows only the first letter of the user name.
 */
export function registerAvatarRoute(app: FastifyInstance, ctx: ServiceContext): void {
  app.get<{ Params: { file: string } }>('/avatar/:file', async (request, reply) => {
    const m = /^([0-9a-f]{32})\.svg$/.exec(request.params.file);
    const user = m
      ? await one<{ token: string; username: string }>(ctx.store, 'SELECT avatar_token AS token, username FROM users WHERE avatar_token = ?', m[1])
      : undefined;
    if (!user) throw notFound('This avatar');
    return reply
      .type('image/svg+xml; charset=utf-8')
      .header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'")
      .header('X-Content-Type-Options', 'nosniff')
      .header('Cache-Control', 'public, max-age=3600')
      .send(avatarSvg(user.token, user.username));
  });
}

export function avatarSvg(avatarToken: string, username: string): string {
  const initial = escapeHtml((Array.from(username.trim())[0] ?? '?').toUpperCase());
  // From the token, not the id: the colour must not tell anything about the user's id either.
  const hue = parseInt(avatarToken.slice(0, 6), 16) % 360;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="128" height="128" viewBox="0 0 128 128" role="img" aria-label="Avatar">
<rect width="128" height="128" rx="64" fill="hsl(${hue}, 55%, 42%)"/>
<text x="64" y="64" dy="0.35em" text-anchor="middle" font-family="system-ui, sans-serif" font-size="60" fill="#ffffff">${initial}</text>
</svg>`;
}
