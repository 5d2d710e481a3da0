/**
 * The command line's flags, their environment variables and the usage text, in one table so that
 * `--help` lists every flag the parser accepts (a test checks both ways).
 *
 * Parsed by node:util's parseArgs: maintained with Node, no dependency, and all this needs (long
 * flags with values, booleans, positionals, unknown flags refused). Every flag of the server also
 * reads LINKDECK_<FLAG> from the environment (`--public-url` ← LINKDECK_PUBLIC_URL), for
 * containers and units; a flag on the command line wins.
 */
import { parseArgs } from 'node:util';

interface Flag {
  type: 'string' | 'boolean';
  /** The value's shape in the usage text, e.g. "<port>". */
  value?: string;
  help: string;
  /** Read from LINKDECK_<FLAG> as well (the server's flags). */
  env?: boolean;
  /** The variable's name when it is not LINKDECK_<FLAG> (the name the issue and the docs give it). */
  envVar?: string;
  short?: string;
}

export const FLAGS = {
  port: { type: 'string', value: '<port>', help: 'port to listen on (default 8080; 0 picks a free one)', env: true },
  host: { type: 'string', value: '<address>', help: 'address to listen on (default 127.0.0.1; 0.0.0.0 or :: for every interface)', env: true },
  data: { type: 'string', value: '<dir>', help: 'the folder that holds the database (created if missing)', env: true },
  database: {
    type: 'string',
    value: '<url>',
    help: 'keep the data in PostgreSQL 15+ (postgres://user@host/db) instead of SQLite in --data; any number of nodes may share it',
    env: true,
    envVar: 'LINKDECK_DATABASE_URL',
  },
  'public-url': { type: 'string', value: '<url>', help: 'the address people open, the base of every short URL (https://go.example.com)', env: true },
  'trust-proxy': {
    type: 'string',
    value: '<addresses>',
    help: 'reverse proxies whose X-Forwarded-* are believed: addresses or CIDR ranges, comma-separated (none by default)',
    env: true,
  },
  'country-header': { type: 'string', value: '<name>', help: "trusted header with the visitor's ISO country (default CF-IPCountry)", env: true },
  'rate-limit': { type: 'string', value: '<n>', help: 'API requests per minute per key (default 30, 0 = off)', env: true },
  'bad-key-limit': { type: 'string', value: '<n>', help: 'requests with a missing or wrong key per minute per address (default 30, 0 = off)', env: true },
  'page-limit': { type: 'string', value: '<n>', help: 'short-link requests per minute per address (default 3000, 0 = off)', env: true },
  'password-limit': { type: 'string', value: '<n>', help: 'password-form posts per minute per address (default 60, 0 = off)', env: true },
  'limit-loopback': {
    type: 'boolean',
    help: 'accepted for old command lines: loopback clients (127.0.0.1, ::1) are limited like any other address',
    env: true,
  },
  'request-timeout': { type: 'string', value: '<s>', help: 'seconds a whole request may take to arrive (default 30)', env: true },
  'headers-timeout': { type: 'string', value: '<s>', help: 'seconds the headers may take to arrive (default 10)', env: true },
  'keep-alive-timeout': { type: 'string', value: '<s>', help: 'seconds an idle connection is kept (default 5)', env: true },
  'max-connections': { type: 'string', value: '<n>', help: 'open connections at most (default 512)', env: true },
  metrics: { type: 'boolean', help: 'serve Prometheus metrics at /metrics on the service port (off by default)', env: true },
  'metrics-listen': {
    type: 'string',
    value: '<host:port>',
    help: 'serve /metrics on this address instead of the service port, e.g. 127.0.0.1:9464',
    env: true,
  },
  email: { type: 'string', value: '<email>', help: 'the user of "user add" and "user reset-key"' },
  to: { type: 'string', value: '<file|url>', help: 'the new file "backup" writes; the empty PostgreSQL database "migrate" copies into' },
  from: { type: 'string', value: '<file>', help: 'the backup "restore" puts in place' },
  help: { type: 'boolean', short: 'h', help: 'this text' },
} as const satisfies Record<string, Flag>;

export type FlagName = keyof typeof FLAGS;

/** LINKDECK_PUBLIC_URL for "public-url" (LINKDECK_DATABASE_URL for "database"). */
export const envName = (flag: string) =>
  (FLAGS as Record<string, Flag>)[flag]?.envVar ?? `LINKDECK_${flag.toUpperCase().replace(/-/g, '_')}`;

const flagLines = (Object.entries(FLAGS) as [string, Flag][])
  .map(([name, f]) => {
    const head = `  --${name}${f.value ? ` ${f.value}` : ''}`;
    return `${head.padEnd(34)} ${f.help}${f.env ? ` [${envName(name)}]` : ''}`;
  })
  .join('\n');

export const USAGE = `Usage:
  linkdeck-service --data <dir> [--port <port>] [--host <address>] [--public-url <url>] [flags]
  linkdeck-service --database postgres://… [--port <port>] [--host <address>] [--public-url <url>] [flags]
  linkdeck-service user add --data <dir> --email <email>
  linkdeck-service user reset-key --data <dir> --email <email>
  linkdeck-service keys --data <dir>
  (user add, user reset-key and keys take --database postgres://… instead of --data on PostgreSQL)
  linkdeck-service backup --data <dir> --to <new file>      a consistent copy, also while the service runs
  linkdeck-service restore --from <file> --data <dir>       with the service stopped; keeps the replaced database
  linkdeck-service migrate --data <dir> --to <postgres://…>  copies everything into an empty PostgreSQL database (service stopped)

  (linkdeck-service is "node out/service/cli.js" after npm run build:service, or "npm run service --" in a checkout)

Flags (each flag of the server also reads the environment variable in brackets; the command line wins):
${flagLines}

The service keeps only a hash of each API key: a key is printed once, when it is made
(user add, user reset-key, first start). "keys" lists users with the first characters of
their key. GET /healthz (the process answers) and GET /readyz (the database answers, the click
writer keeps up) are for probes. SIGTERM or SIGINT stops the service after writing every
buffered click.`;

/** A mistake in how the command was called: the message, then the usage. */
export class UsageError extends Error {}

const parseOptions = Object.fromEntries(
  (Object.entries(FLAGS) as [string, Flag][]).map(([name, f]) => [name, { type: f.type, ...(f.short ? { short: f.short } : {}) }]),
) as { [K in FlagName]: { type: (typeof FLAGS)[K]['type'] } };

export type CliValues = { [K in FlagName]?: (typeof FLAGS)[K]['type'] extends 'boolean' ? boolean : string };

const TRUE = /^(1|true|yes|on)$/i;
const FALSE = /^(0|false|no|off|)$/i;

/**
 * The flags and positionals of `argv`, with LINKDECK_* variables filling the server's flags the
 * command line leaves out. parseArgs' own errors ("Unknown option '--x'") become UsageErrors.
 */
export function readCommandLine(argv: string[], env: NodeJS.ProcessEnv = process.env): { values: CliValues; positionals: string[] } {
  let parsed;
  try {
    parsed = parseArgs({ args: argv, allowPositionals: true, strict: true, options: parseOptions });
  } catch (error) {
    throw new UsageError(parseArgsSentence(error as Error & { code?: string }));
  }
  const values = { ...parsed.values } as Record<string, string | boolean | undefined>;
  for (const [name, f] of Object.entries(FLAGS) as [string, Flag][]) {
    if (!f.env || values[name] !== undefined) continue;
    const text = env[envName(name)];
    if (text === undefined) continue;
    if (f.type === 'string') {
      if (text !== '') values[name] = text;
    } else if (TRUE.test(text)) values[name] = true;
    else if (!FALSE.test(text)) throw new UsageError(`${envName(name)} must be true or false, not "${text}".`);
  }
  return { values: values as CliValues, positionals: parsed.positionals };
}

/**
 * node:util parseArgs' own errors ("Unknown option '--x'. To specify a positional argument
 * starting with a '-', place it at the end of the command after '--', as in '-- \"--x\"") as one
 * sentence a person reads: which flag, and what to do.
 */
function parseArgsSentence(error: Error & { code?: string }): string {
  const flag = /'(-[^' ]+)/.exec(error.message)?.[1] ?? '';
  const known = (FLAGS as Record<string, Flag>)[flag.replace(/^--/, '')];
  if (error.code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') return `${flag} is not a flag of the link service: the flags it knows are listed below.`;
  if (error.code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE' && known) {
    return known.type === 'boolean'
      ? `${flag} takes no value: give it alone to switch it on.`
      : `${flag} needs a value: ${flag} ${known.value ?? '<value>'}.`;
  }
  return error.message;
}
