import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresMissingReason, startPostgresCluster, type PostgresCluster } from '../support/postgres-cluster.js';
import { skipBecause } from '../support/skip-reason.js';
import { runServiceCli } from '../support/service-cli-process.js';

/*
 * The service's command line on PostgreSQL as a user runs it (issue 42, item 1): a real child
 * process started with LINKDECK_DATABASE_URL and no --data, its output lines and exit codes, and
 * the user commands with --database. Every wait ends on a printed line or an exit.
 */

const missing = postgresMissingReason();
let cluster: PostgresCluster | undefined;
beforeAll(async () => {
  if (!missing) cluster = await startPostgresCluster();
}, 120_000);
afterAll(() => cluster?.stop());


describe.skipIf(skipBecause(missing !== undefined, `the service command line on PostgreSQL: ${missing}`))('service command line on PostgreSQL', () => {
  it('starts from LINKDECK_DATABASE_URL without --data, prints the first key, which works; the user commands take --database', { timeout: 120_000 }, async () => {
    const url = await (cluster as PostgresCluster).createDatabase();
    const server = runServiceCli(['--port', '0'], { LINKDECK_DATABASE_URL: url });
    const [, base] = await server.line(/^Base URL: (http:\/\/127\.0\.0\.1:\d+)$/);
    const [, key] = await server.line(/^API key: ([A-Za-z0-9_-]{20,})$/);
    const account = await fetch(`${base}/api/account`, { headers: { Authorization: `Bearer ${key}` } });
    expect(account.status).toBe(200);

    const added = runServiceCli(['user', 'add', '--database', url, '--email', 'second@example.com']);
    expect(await added.exited).toBe(0);
    const [, secondKey] = (/^API key: ([A-Za-z0-9_-]{20,})$/.exec(added.lines[0] ?? '') ?? []) as string[];
    // The running service sees the user the command made: one database, whoever writes it.
    expect((await fetch(`${base}/api/account`, { headers: { Authorization: `Bearer ${secondKey}` } })).status).toBe(200);

    const keys = runServiceCli(['keys', '--database', url]);
    expect(await keys.exited).toBe(0);
    expect(keys.lines.map((l) => l.split('\t')[1])).toEqual(['you@localhost', 'second@example.com']);

    server.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  });

  it('refuses a URL that is no PostgreSQL URL, and names an unreachable server without its password', { timeout: 120_000 }, async () => {
    const wrong = runServiceCli(['--database', 'mysql://root:hunter2@127.0.0.1/links']);
    expect(await wrong.exited).toBe(2);
    expect(wrong.stderr()).toMatch(/^--database must be a PostgreSQL URL such as postgres:\/\//);
    expect(wrong.stderr()).not.toContain('hunter2');

    // The cluster, asked for a database that does not exist.
    const port = (cluster as PostgresCluster).port;
    const absent = runServiceCli(['keys', '--database', `postgres://postgres:hunter2@127.0.0.1:${port}/no_such_database`]);
    expect(await absent.exited).toBe(2);
    expect(absent.stderr()).toMatch(/^The PostgreSQL database postgres:\/\/postgres:\*\*\*@127\.0\.0\.1:\d+\/no_such_database cannot be used: .*no_such_database/);
    expect(absent.stderr()).not.toContain('hunter2');
  });
});
