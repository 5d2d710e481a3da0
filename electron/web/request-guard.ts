import { timingSafeEqual } from 'node:crypto';

/**
 * The checks every call to the web shell passes before anything is dispatched. The per-run token
 * proves the caller got our URL; the Host check defeats DNS rebinding (a hostile page whose name
 * now resolves to 127.0.0.1 still sends its own name as Host); the Origin check refuses calls
 * made by other sites' pages.
 */
export interface RequestGuard {
  hostAllowed(host: string | undefined): boolean;
  /** A missing Origin is fine (same-origin GETs, curl); a present one must be ours. */
  originAllowed(origin: string | undefined): boolean;
  tokenValid(given: string | undefined | null): boolean;
}

export function createRequestGuard(options: {
  token: string;
  hosts: readonly string[];
}): RequestGuard {
  const hosts = new Set(options.hosts.map((h) => h.toLowerCase()));
  const origins = new Set([...hosts].map((h) => `http://${h}`));
  const expected = Buffer.from(options.token, 'utf8');
  return {
    hostAllowed: (host) => typeof host === 'string' && hosts.has(host.toLowerCase()),
    originAllowed: (origin) => origin === undefined || origins.has(origin.toLowerCase()),
    tokenValid(given) {
      if (typeof given !== 'string') return false;
      const actual = Buffer.from(given, 'utf8');
      // The length of the token is no secret; its content is compared in constant time.
      return actual.length === expected.length && timingSafeEqual(actual, expected);
    },
  };
}

/** The token of an `Authorization: Bearer <token>` header, or null. */
export function bearerToken(header: string | undefined): string | null {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  return match?.[1] ?? null;
}

/** The Host values that name our server: the address we listen on and, for loopback, `localhost`. */
export function allowedHosts(host: string, port: number): string[] {
  const name = host.includes(':') ? `[${host}]` : host;
  const list = [`${name}:${port}`];
  if (host === '127.0.0.1' || host === '::1' || host === 'localhost')
    list.push(`localhost:${port}`);
  return [...new Set(list)];
}
