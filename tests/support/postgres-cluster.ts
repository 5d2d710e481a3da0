import { execFile } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';

const run = promisify(execFile);

/**
 * A throwaway PostgreSQL cluster for tests and benchmarks: Debian's `postgresql` package
 * (.ci/run installs it), a fresh `initdb` in a temp folder, started by `pg_ctl -w` (which
 * returns once the server accepts connections: PostgreSQL's own readiness signal, checked
 * again with pg_isready), and stopped with `-m immediate` at the end. PostgreSQL refuses to run
 * as root, so as root the cluster belongs to the `postgres` user the package creates and every
 * command runs through `runuser`.
 */
export interface PostgresCluster {
  /** The folder holding the cluster's files and its unix socket. */
  dir: string;
  port: number;
  /** A new, empty database; its connection URL. */
  createDatabase(name?: string): Promise<string>;
  stop(): Promise<void>;
}

/** The bin folder of the newest installed PostgreSQL, or undefined when there is none. */
export function postgresBinDir(): string | undefined {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root)
    .filter((v) => /^\d+$/.test(v) && existsSync(join(root, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? join(root, versions[0], 'bin') : undefined;
}

/** Why PostgreSQL tests cannot run here, or undefined when they can. */
export function postgresMissingReason(): string | undefined {
  if (!postgresBinDir()) return 'PostgreSQL is not installed (/usr/lib/postgresql/*/bin/initdb; Debian package postgresql)';
  if (userInfo().uid === 0 && !existsSync('/usr/sbin/runuser') && !existsSync('/usr/bin/runuser')) {
    return 'running as root without runuser, and PostgreSQL refuses to run as root';
  }
  return undefined;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

let counter = 0;

export async function startPostgresCluster(options: { durable?: boolean } = {}): Promise<PostgresCluster> {
  const bin = postgresBinDir();
  if (!bin) throw new Error(postgresMissingReason());
  const asRoot = userInfo().uid === 0;
  const dir = mkdtempSync(join(tmpdir(), 'linkdeck-pg-'));
  if (asRoot) {
    const { stdout } = await run('id', ['-u', 'postgres']);
    const { stdout: gid } = await run('id', ['-g', 'postgres']);
    chownSync(dir, Number(stdout.trim()), Number(gid.trim()));
  }
  const exec = (tool: string, args: string[]) =>
    asRoot ? run('runuser', ['-u', 'postgres', '--', join(bin, tool), ...args]) : run(join(bin, tool), args);
  const data = join(dir, 'data');
  await exec('initdb', ['-D', data, '--auth=trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8', '--locale=C']);
  const port = await freePort();
  // Tests need no durability across an OS crash (a killed node is a process, not the machine);
  // the benchmark asks for a durable server (fsync on, as deployed).
  const settings = ['-p', String(port), '-k', dir, '-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=200'];
  if (!options.durable) settings.push('-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off');
  await exec('pg_ctl', ['-D', data, '-l', join(dir, 'log'), '-o', settings.join(' '), '-w', '-t', '60', 'start']);
  await exec('pg_isready', ['-h', dir, '-p', String(port), '-t', '30']);
  const url = (db: string) => `postgres://postgres@127.0.0.1:${port}/${db}`;
  let stopped: Promise<void> | undefined;
  return {
    dir,
    port,
    async createDatabase(name = `linkdeck_${process.pid}_${++counter}`) {
      const client = new pg.Client({ connectionString: url('postgres') });
      await client.connect();
      try {
        await client.query(`CREATE DATABASE "${name}"`);
      } finally {
        await client.end();
      }
      return url(name);
    },
    stop: () =>
      (stopped ??= (async () => {
        await exec('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']).catch(() => undefined);
        rmSync(dir, { recursive: true, force: true });
      })()),
  };
}
