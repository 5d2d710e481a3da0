/**
 * The link service's command line (`node out/service/cli.js`, or `npm run service --` in a
 * checkout): the server, and the commands that manage its data folder. USAGE in cli-options.ts
 * lists every flag.
 */
import { resolve } from 'node:path';
import { backupDatabase, postgresBackupAdvice } from './backup.js';
import { postgresRestoreAdvice, restoreDatabase } from './restore.js';
import { migrateToPostgres } from './migrate-to.js';
import { isPostgresUrl, redactedUrl } from './database/postgres.js';
import { readCommandLine, USAGE, UsageError, type CliValues } from './cli-options.js';
import { serverOptions } from './cli-server-options.js';
import { ApiError } from './errors.js';
import { count, portInUse, unwritableFolder } from './cli-errors.js';
import { DataFolderError } from './private-files.js';
import { openDatabase } from './db.js';
import { startService, type RunningService } from './start.js';
import { createUser, createUserIn, listUsers, listUsersIn, resetApiKey, resetApiKeyIn } from './users.js';
import { withPostgres } from './database/postgres-open.js';

async function main(argv: string[]): Promise<void> {
  const { values, positionals } = readCommandLine(argv);
  if (values.help) return void console.log(USAGE);
  const command = positionals.join(' ');
  // backup and restore on PostgreSQL are pg_dump's and pg_restore's work: said, with the commands.
  if (values.database && isPostgresUrl(values.database)) {
    if (command === 'backup') throw new ApiError(400, postgresBackupAdvice(values.database, values.to));
    if (command === 'restore') throw new ApiError(400, postgresRestoreAdvice(values.database, values.from));
  }
  const dataDir = values.data || (values.database ? '' : usage('--data <dir> is required: the folder that holds the service database (or --database postgres://… for PostgreSQL).'));
  try {
    // --database: the user commands and the server run on PostgreSQL (onPostgres); the folder is not used.
    if (values.database && (await onPostgres(values, command, values.database))) return;
    if (!dataDir) usage(`--data <dir> is required for "${command}": the folder that holds the service database.`);
    await run(values, command, dataDir);
  } catch (error) {
    // A folder this user cannot write is a mistake in how it was called: a sentence, exit 2.
    const sentence = unwritableFolder(error, dataDir);
    throw sentence ? new ApiError(400, sentence) : error;
  }
}

async function run(values: CliValues, command: string, dataDir: string): Promise<void> {
  if (command === '') return serve(values, dataDir);
  if (command === 'user add') {
    const email = values.email ?? usage('--email <email> is required.');
    if (!/^[^\s@]+@[^\s@]+$/.test(email)) usage(`"${email}" is not an email address.`);
    return withDatabase(dataDir, (db) => console.log(`API key: ${createUser(db, email).apiKey}`));
  }
  if (command === 'user reset-key') {
    const email = values.email ?? usage('--email <email> is required.');
    return withDatabase(dataDir, (db) => {
      console.log(`API key: ${resetApiKey(db, { email }).apiKey}`);
      console.log('The previous key no longer works. This key is not shown again.');
    });
  }
  if (command === 'keys') {
    return withDatabase(dataDir, (db) => {
      for (const u of listUsers(db)) console.log(`${u.id}\t${u.email}\t${u.keyPrefix}…`);
    });
  }
  if (command === 'backup') {
    const to = values.to ?? usage('--to <file> is required: the new file the copy is written to.');
    const { file, bytes } = backupDatabase(dataDir, to);
    return void console.log(`Backup: ${file} (${(bytes / 1024).toFixed(0)} KiB)`);
  }
  if (command === 'restore') {
    const from = values.from ?? usage('--from <file> is required: the backup to put in place.');
    const { links, users, kept } = restoreDatabase(dataDir, from);
    console.log(`Restored ${resolve(from)} into ${resolve(dataDir)}: ${count(links, 'link', 'links')}, ${count(users, 'user', 'users')}.`);
    console.log(kept ? `The database it replaced is kept as ${kept}.` : 'The folder had no database before.');
    return;
  }
  if (command === 'migrate') return migrate(values, dataDir);
  usage(`Unknown command "${command}".`);
}

/**
 * The server and the user commands on a PostgreSQL database (--database); answers false for a
 * command that has no PostgreSQL form here, which run() then refuses or handles as before.
 */
async function onPostgres(values: CliValues, command: string, url: string): Promise<boolean> {
  if (command === '') {
    await serve(values, undefined);
    return true;
  }
  if (!['user add', 'user reset-key', 'keys'].includes(command)) return false;
  const email = command === 'keys' ? '' : (values.email ?? usage('--email <email> is required.'));
  if (command === 'user add' && !/^[^\s@]+@[^\s@]+$/.test(email)) usage(`"${email}" is not an email address.`);
  await withPostgres(url, async (store) => {
    if (command === 'user add') console.log(`API key: ${(await createUserIn(store, email)).apiKey}`);
    else if (command === 'user reset-key') {
      console.log(`API key: ${(await resetApiKeyIn(store, { email })).apiKey}`);
      console.log('The previous key no longer works. This key is not shown again.');
    } else for (const u of await listUsersIn(store)) console.log(`${u.id}\t${u.email}\t${u.keyPrefix}…`);
  });
  return true;
}

/** `migrate --to postgres://…`: the copy (migrate-to.ts), a line per table as it is copied, then what to do next. */
async function migrate(values: CliValues, dataDir: string): Promise<void> {
  const to = values.to ?? usage('--to <postgres://…> is required: the empty PostgreSQL database to copy into.');
  if (!isPostgresUrl(to)) usage(`--to takes a PostgreSQL URL (postgres://user@host:5432/linkdeck), not "${to}".`);
  console.log(`Copying ${resolve(dataDir)} into ${redactedUrl(to)} (one transaction: all or nothing)…`);
  const copied = await migrateToPostgres(dataDir, to, ({ table, rows }) => console.log(`  ${table.padEnd(14)} ${count(rows, 'row', 'rows')}`));
  const total = copied.reduce((sum, t) => sum + t.rows, 0);
  console.log(`Copied ${count(total, 'row', 'rows')} in ${copied.length} tables. ${resolve(dataDir)} keeps all its data (the way back).`);
  console.log(`Start every node with --database ${redactedUrl(to)} (or LINKDECK_DATABASE_URL).`);
}

function usage(message: string): never {
  throw new UsageError(message);
}

function withDatabase(dataDir: string, use: (db: ReturnType<typeof openDatabase>) => void): void {
  const db = openDatabase(dataDir);
  try {
    use(db);
  } finally {
    db.close();
  }
}

/**
 * Runs the server until SIGTERM or SIGINT, which stop it cleanly: no new connections, every
 * buffered click written, the database closed, exit code 0. The handlers are in place before
 * the service starts, so a signal during the start stops it as soon as it is up. A second
 * signal while stopping ends the process at once (code 1), as a second Ctrl-C is expected to.
 */
async function serve(values: CliValues, dataDir: string | undefined): Promise<void> {
  const options = serverOptions(values, dataDir);
  let service: RunningService | undefined = undefined;
  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) {
      console.error(`${signal} again: stopping now, without waiting for the buffered clicks.`);
      process.exit(1);
    }
    stopping = true;
    if (service) void shutDown(service, signal);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  service = await startService(options);
  console.log(`Base URL: ${service.url}`);
  if (service.firstApiKey) console.log(`API key: ${service.firstApiKey}`);
  if (service.metricsUrl) console.log(`Metrics: ${service.metricsUrl}`);
  const warning = publicUrlWarning(values.host, values['public-url'], service.url);
  if (warning) console.error(warning);
  if (stopping) await shutDown(service, 'SIGTERM');
}

async function shutDown(service: RunningService, signal: NodeJS.Signals): Promise<void> {
  console.log(`${signal}: stopping (no new connections; writing the buffered clicks)…`);
  try {
    await service.close();
  } catch (error) {
    console.error(`The service did not stop cleanly: ${(error as Error).message}`);
    process.exit(1);
  }
  console.log('Stopped: every click written, the database closed.');
  process.exit(0);
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
  // A mistake in the command: what was wrong, then how to call it.
  if (error instanceof UsageError) {
    console.error(`${error.message}\n\n${USAGE}`);
    process.exit(2);
  }
  // A command that could not do its work (a backup file that exists, an unknown email): one sentence.
  if (error instanceof ApiError || error instanceof DataFolderError) {
    console.error(error.message);
    process.exit(2);
  }
  const taken = portInUse(error);
  if (taken) {
    console.error(taken);
    process.exit(2);
  }
  const e = error as { message?: string };
  console.error(e.message ?? error);
  process.exit(1);
});
