/**
 * The local link service's command line:
 *   service --port <port> --data <dir> [--host <address>] [--rate-limit <per minute, 0 = off>]
 *           [limits against slow or hostile clients: see the usage text]
 *   service user add --data <dir> --email <email>
 *   service user reset-key --data <dir> --email <email>
 *   service keys --data <dir>
 *   service backup --data <dir> --to <file>
 */
import { parseArgs } from 'node:util';
import { backupDatabase } from './backup.js';
import { ApiError } from './errors.js';
import { openDatabase } from './db.js';
import { ADDRESS_LIMIT_DEFAULTS } from './address-limits.js';
import { SERVER_DEFAULTS, startService } from './start.js';
import { createUser, listUsers, resetApiKey } from './users.js';

const usage = `Usage:
  npm run service -- --port <port> --data <dir> [--host <address>] [--rate-limit <requests per minute, 0 = off>]
      [--request-timeout <s, default 30>] [--headers-timeout <s, default 10>]
      [--keep-alive-timeout <s, default 5>] [--max-connections <n, default 512>]
      [--bad-key-limit <per minute per address, default 30, 0 = off>]
      [--page-limit <short-link requests per minute per address, default 3000, 0 = off>]
      [--password-limit <password-form posts per minute per address, default 60, 0 = off>]
      [--limit-loopback (count 127.0.0.1/::1 clients too; they are not counted by default)]
      [--trust-proxy <addresses or CIDR ranges, comma-separated: proxies whose X-Forwarded-* are believed; none by default>]
  npm run service -- user add --data <dir> --email <email>
  npm run service -- user reset-key --data <dir> --email <email>
  npm run service -- keys --data <dir>
  npm run service -- backup --data <dir> --to <new file>   (a consistent copy, also while the service runs)

The service keeps only a hash of each API key: a key is printed once, when it is made
(user add, user reset-key, first start). "keys" lists users with the first characters of
their key.`;

function fail(message: string): never {
  console.error(`${message}\n\n${usage}`);
  process.exit(2);
}

const options = {
  port: { type: 'string' },
  data: { type: 'string' },
  host: { type: 'string' },
  'rate-limit': { type: 'string' },
  'request-timeout': { type: 'string' },
  'headers-timeout': { type: 'string' },
  'keep-alive-timeout': { type: 'string' },
  'max-connections': { type: 'string' },
  'bad-key-limit': { type: 'string' },
  'page-limit': { type: 'string' },
  'password-limit': { type: 'string' },
  'limit-loopback': { type: 'boolean' },
  'public-url': { type: 'string' },
  'trust-proxy': { type: 'string' },
  'country-header': { type: 'string' },
  email: { type: 'string' },
  to: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

/** parseArgs' own errors ("Unknown option …") get the usage too, and exit code 2 like ours. */
function readArgs(argv: string[]) {
  try {
    return parseArgs({ args: argv, allowPositionals: true, options });
  } catch (error) {
    return fail((error as Error).message);
  }
}

/**
 * A whole number written in digits: Number() alone would also take "", " 80", "1e3" and
 * "0x50" (the empty string silently meaning port 0 or "rate limit off").
 */
function wholeNumber(text: string | undefined, fallback: number): number {
  if (text === undefined) return fallback;
  return /^\d{1,9}$/.test(text) ? Number(text) : NaN;
}

async function main(argv: string[]): Promise<void> {
  const { values, positionals } = readArgs(argv);
  if (values.help) return void console.log(usage);
  const dataDir = values.data || fail('--data <dir> is required: the folder that holds the service database.');
  const command = positionals.join(' ');

  if (command === 'user add') {
    const email = values.email ?? fail('--email <email> is required.');
    if (!/^[^\s@]+@[^\s@]+$/.test(email)) fail(`"${email}" is not an email address.`);
    const db = openDatabase(dataDir);
    try {
      console.log(`API key: ${createUser(db, email).apiKey}`);
    } finally {
      db.close();
    }
    return;
  }
  if (command === 'user reset-key') {
    const email = values.email ?? fail('--email <email> is required.');
    const db = openDatabase(dataDir);
    try {
      console.log(`API key: ${resetApiKey(db, { email }).apiKey}`);
      console.log('The previous key no longer works. This key is not shown again.');
    } finally {
      db.close();
    }
    return;
  }
  if (command === 'keys') {
    const db = openDatabase(dataDir);
    try {
      for (const u of listUsers(db)) console.log(`${u.id}\t${u.email}\t${u.keyPrefix}…`);
    } finally {
      db.close();
    }
    return;
  }
  if (command === 'backup') {
    const to = values.to ?? fail('--to <file> is required: the new file the copy is written to.');
    const { file, bytes } = backupDatabase(dataDir, to);
    console.log(`Backup: ${file} (${(bytes / 1024).toFixed(0)} KiB)`);
    return;
  }
  if (command !== '') fail(`Unknown command "${command}".`);

  const port = wholeNumber(values.port, 8080);
  if (!Number.isInteger(port) || port < 0 || port > 65535) fail(`--port must be a port number, not "${values.port}".`);
  const rateLimit = wholeNumber(values['rate-limit'], 30);
  if (!Number.isInteger(rateLimit) || rateLimit < 0) fail('--rate-limit must be a whole number of requests per minute (0 turns it off).');

  const seconds = (flag: string, fallback: number) => {
    const value = wholeNumber(values[flag as keyof typeof values] as string | undefined, fallback);
    if (!Number.isInteger(value) || value < 1 || value > 3600) fail(`--${flag} must be a whole number of seconds from 1 to 3600.`);
    return value * 1000;
  };
  const perMinute = (flag: string, fallback: number) => {
    const value = wholeNumber(values[flag as keyof typeof values] as string | undefined, fallback);
    if (!Number.isInteger(value)) fail(`--${flag} must be a whole number of requests per minute (0 turns it off).`);
    return value;
  };
  const timeouts = {
    requestMs: seconds('request-timeout', SERVER_DEFAULTS.timeouts.requestMs / 1000),
    headersMs: seconds('headers-timeout', SERVER_DEFAULTS.timeouts.headersMs / 1000),
    keepAliveMs: seconds('keep-alive-timeout', SERVER_DEFAULTS.timeouts.keepAliveMs / 1000),
  };
  if (timeouts.headersMs > timeouts.requestMs) fail('--headers-timeout must not be longer than --request-timeout.');
  const maxConnections = wholeNumber(values['max-connections'], SERVER_DEFAULTS.maxConnections);
  if (!Number.isInteger(maxConnections) || maxConnections < 1) fail('--max-connections must be a whole number of at least 1.');

  const service = await startService({
    dataDir,
    port,
    rateLimit,
    timeouts,
    maxConnections,
    addressLimits: {
      badKeysPerMinute: perMinute('bad-key-limit', ADDRESS_LIMIT_DEFAULTS.badKeysPerMinute),
      pagesPerMinute: perMinute('page-limit', ADDRESS_LIMIT_DEFAULTS.pagesPerMinute),
      passwordPostsPerMinute: perMinute('password-limit', ADDRESS_LIMIT_DEFAULTS.passwordPostsPerMinute),
      limitLoopback: values['limit-loopback'] === true,
    },
    ...(values.host ? { host: values.host } : {}),
    ...(values['public-url'] ? { publicUrl: values['public-url'] } : {}),
    ...(values['trust-proxy'] ? { trustProxy: values['trust-proxy'].split(',').map((a) => a.trim()).filter(Boolean) } : {}),
    ...(values['country-header'] ? { countryHeader: values['country-header'] } : {}),
  });
  // Handlers first: whoever reads the lines below may signal at once, and must get a clean stop.
  const stop = () => void service.close().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  console.log(`Base URL: ${service.url}`);
  if (service.firstApiKey) console.log(`API key: ${service.firstApiKey}`);
  const warning = publicUrlWarning(values.host, values['public-url'], service.url);
  if (warning) console.error(warning);
}

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|\[::1\]|localhost)$/i;

/**
 * Listening beyond this computer without --public-url: the short URLs the service hands out then
 * carry its listening address, which visitors cannot open (said once, at start).
 */
function publicUrlWarning(host: string | undefined, publicUrl: string | undefined, baseUrl: string): string | null {
  if (publicUrl || host === undefined || LOOPBACK.test(host)) return null;
  return (
    `Warning: listening on ${host} without --public-url, so short URLs are written as ${baseUrl}/<alias>, ` +
    'which visitors elsewhere cannot open. Give the address people use, for example --public-url https://go.example.com.'
  );
}

main(process.argv.slice(2)).catch((error: unknown) => {
  if (error instanceof ApiError) fail(error.message);
  const e = error as { code?: string; message?: string };
  if (e.code === 'EADDRINUSE') fail('That port is already in use: choose another with --port.');
  console.error(e.message ?? error);
  process.exit(1);
});
