/**
 * The local link service's command line:
 *   service --port <port> --data <dir> [--host <address>] [--rate-limit <per minute, 0 = off>]
 *   service user add --data <dir> --email <email>
 *   service user reset-key --data <dir> --email <email>
 *   service keys --data <dir>
 */
import { parseArgs } from 'node:util';
import { ApiError } from './errors.js';
import { openDatabase } from './db.js';
import { startService } from './start.js';
import { createUser, listUsers, resetApiKey } from './users.js';

const usage = `Usage:
  npm run service -- --port <port> --data <dir> [--host <address>] [--rate-limit <requests per minute, 0 = off>]
  npm run service -- user add --data <dir> --email <email>
  npm run service -- user reset-key --data <dir> --email <email>
  npm run service -- keys --data <dir>

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
  'public-url': { type: 'string' },
  'country-header': { type: 'string' },
  email: { type: 'string' },
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
  if (command !== '') fail(`Unknown command "${command}".`);

  const port = wholeNumber(values.port, 8080);
  if (!Number.isInteger(port) || port < 0 || port > 65535) fail(`--port must be a port number, not "${values.port}".`);
  const rateLimit = wholeNumber(values['rate-limit'], 30);
  if (!Number.isInteger(rateLimit) || rateLimit < 0) fail('--rate-limit must be a whole number of requests per minute (0 turns it off).');

  const service = await startService({
    dataDir,
    port,
    rateLimit,
    ...(values.host ? { host: values.host } : {}),
    ...(values['public-url'] ? { publicUrl: values['public-url'] } : {}),
    ...(values['country-header'] ? { countryHeader: values['country-header'] } : {}),
  });
  // Handlers first: whoever reads the lines below may signal at once, and must get a clean stop.
  const stop = () => void service.close().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  console.log(`Base URL: ${service.url}`);
  if (service.firstApiKey) console.log(`API key: ${service.firstApiKey}`);
}

main(process.argv.slice(2)).catch((error: unknown) => {
  if (error instanceof ApiError) fail(error.message);
  const e = error as { code?: string; message?: string };
  if (e.code === 'EADDRINUSE') fail('That port is already in use: choose another with --port.');
  console.error(e.message ?? error);
  process.exit(1);
});
