/**
 * The server's flags read into startService's options, each mistake a UsageError naming its flag.
 */
import { isPostgresUrl, redactedUrl } from './database/postgres.js';
import ipaddr from 'ipaddr.js';
import { ADDRESS_LIMIT_DEFAULTS } from './address-limits.js';
import { UsageError, type CliValues } from './cli-options.js';
import { SERVER_DEFAULTS, type ServiceOptions } from './start.js';

/**
 * A whole number written in digits: Number() alone would also take "", " 80", "1e3" and
 * "0x50" (the empty string silently meaning port 0 or "rate limit off").
 */
function wholeNumber(text: string | undefined, fallback: number): number {
  if (text === undefined) return fallback;
  return /^\d{1,9}$/.test(text) ? Number(text) : NaN;
}

/** The names Fastify's trustProxy (proxy-addr) accepts beside addresses and CIDR ranges. */
const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** Each entry an address, a CIDR range or one of PROXY_NAMES; otherwise the flag is named. */
export function readTrustProxy(text: string): string[] {
  const entries = text.split(',').map((a) => a.trim()).filter(Boolean);
  if (entries.length === 0) throw new UsageError('--trust-proxy needs at least one address or CIDR range, such as 127.0.0.1 or 10.0.0.0/8.');
  for (const entry of entries) {
    const ok = PROXY_NAMES.has(entry) || ipaddr.isValid(entry) || (entry.includes('/') && isCidr(entry));
    if (!ok) {
      throw new UsageError(
        `--trust-proxy: "${entry}" is not an address or CIDR range. Give your proxies' addresses, comma-separated, such as 127.0.0.1 or 10.0.0.0/8 (or loopback, linklocal, uniquelocal).`,
      );
    }
  }
  return entries;
}

function isCidr(text: string): boolean {
  try {
    ipaddr.parseCIDR(text);
    return true;
  } catch {
    return false;
  }
}

/** "127.0.0.1:9464", "[::1]:9464" or ":9464" (on 127.0.0.1: metrics are not for everyone). */
export function readMetricsListen(text: string): { host: string; port: number } {
  const m = /^(?:\[([0-9a-fA-F:.]+)\]|([^:[\]]*)):(\d{1,5})$/.exec(text.trim());
  const port = Number(m?.[3]);
  if (!m || port > 65535) {
    throw new UsageError(`--metrics-listen must be an address and port such as 127.0.0.1:9464 or [::1]:9464, not "${text}".`);
  }
  return { host: m[1] ?? (m[2] || '127.0.0.1'), port };
}

export function serverOptions(values: CliValues, dataDir: string | undefined): ServiceOptions {
  const port = wholeNumber(values.port, 8080);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new UsageError(`--port must be a port number, not "${values.port}".`);
  const rateLimit = wholeNumber(values['rate-limit'], 30);
  if (!Number.isInteger(rateLimit)) throw new UsageError('--rate-limit must be a whole number of requests per minute (0 turns it off).');

  const seconds = (flag: 'request-timeout' | 'headers-timeout' | 'keep-alive-timeout', fallback: number) => {
    const value = wholeNumber(values[flag], fallback);
    if (!Number.isInteger(value) || value < 1 || value > 3600) throw new UsageError(`--${flag} must be a whole number of seconds from 1 to 3600.`);
    return value * 1000;
  };
  const perMinute = (flag: 'bad-key-limit' | 'page-limit' | 'password-limit', fallback: number) => {
    const value = wholeNumber(values[flag], fallback);
    if (!Number.isInteger(value)) throw new UsageError(`--${flag} must be a whole number of requests per minute (0 turns it off).`);
    return value;
  };
  const timeouts = {
    requestMs: seconds('request-timeout', SERVER_DEFAULTS.timeouts.requestMs / 1000),
    headersMs: seconds('headers-timeout', SERVER_DEFAULTS.timeouts.headersMs / 1000),
    keepAliveMs: seconds('keep-alive-timeout', SERVER_DEFAULTS.timeouts.keepAliveMs / 1000),
  };
  if (timeouts.headersMs > timeouts.requestMs) throw new UsageError('--headers-timeout must not be longer than --request-timeout.');
  const maxConnections = wholeNumber(values['max-connections'], SERVER_DEFAULTS.maxConnections);
  if (!Number.isInteger(maxConnections) || maxConnections < 1) throw new UsageError('--max-connections must be a whole number of at least 1.');
  const publicUrl = values['public-url'];
  if (publicUrl !== undefined && !/^https?:\/\/[^/\s]+(\/\S*)?$/i.test(publicUrl)) {
    throw new UsageError(`--public-url must be the http(s) address people open, such as https://go.example.com, not "${publicUrl}".`);
  }

  const database = values.database;
  if (database !== undefined && !isPostgresUrl(database)) {
    throw new UsageError(`--database must be a PostgreSQL URL such as postgres://user:password@host:5432/linkdeck, not "${redactedUrl(database)}".`);
  }

  return {
    // On PostgreSQL the data folder holds nothing: every piece of data is in the database.
    ...(database !== undefined ? { database } : { dataDir: dataDir as string }),
    port,
    rateLimit,
    timeouts,
    maxConnections,
    addressLimits: {
      badKeysPerMinute: perMinute('bad-key-limit', ADDRESS_LIMIT_DEFAULTS.badKeysPerMinute),
      pagesPerMinute: perMinute('page-limit', ADDRESS_LIMIT_DEFAULTS.pagesPerMinute),
      passwordPostsPerMinute: perMinute('password-limit', ADDRESS_LIMIT_DEFAULTS.passwordPostsPerMinute),
      // Loopback is limited like any other address (--limit-loopback is accepted, and the default).
      limitLoopback: true,
    },
    ...(values.host ? { host: values.host } : {}),
    ...(publicUrl ? { publicUrl } : {}),
    ...(values['trust-proxy'] !== undefined ? { trustProxy: readTrustProxy(values['trust-proxy']) } : {}),
    ...(values['country-header'] ? { countryHeader: values['country-header'] } : {}),
    ...(values.metrics || values['metrics-listen'] !== undefined
      ? {
          metrics: {
            // --metrics-listen moves them off the service's port; --metrics alone puts them there.
            servicePort: values['metrics-listen'] === undefined,
            ...(values['metrics-listen'] !== undefined ? { listen: readMetricsListen(values['metrics-listen']) } : {}),
          },
        }
      : {}),
  };
}
