import { spawn, type ChildProcess } from 'node:child_process';
import Database from 'libsql';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { connect, createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { hashApiKey } from '../../electron/service/api-keys.js';
import { DB_FILE, openDatabase } from '../../electron/service/db.js';

/*
 * The service's command line as a user runs it: a real child process (node + tsx, as
 * `npm run service` does), its exact output lines, its exit codes and its signals.
 */

const ROOT = resolve(import.meta.dirname, '../..');

/*
 * Every wait below ends on a line or an exit; a child that hangs makes its test time out, and is
 * killed when the test ends (a timer would also kill a child that is only slow, on a busy machine).
 */
const running = new Set<ChildProcess>();
afterEach(() => {
  for (const child of running) child.kill('SIGKILL');
});

interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

interface Cli {
  /** stdout lines so far. */
  lines: string[];
  stderr(): string;
  /** Resolves with the first stdout line matching `pattern` (waiting for it to be printed). */
  line(pattern: RegExp): Promise<RegExpMatchArray>;
  exited: Promise<Exit>;
  kill(signal: NodeJS.Signals): void;
}

function runCli(args: string[]): Cli {
  const child = spawn(process.execPath, ['--import', 'tsx', 'electron/service/cli.ts', ...args], {
    cwd: ROOT,
    env: { ...process.env, NODE_NO_WARNINGS: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  const waiters = new Set<() => void>();
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  createInterface({ input: child.stdout }).on('line', (text) => {
    lines.push(text);
    for (const wake of waiters) wake();
  });
  running.add(child);
  // 'close', not 'exit': it comes once the child has exited and its output has all been read.
  const exited = new Promise<Exit>((done) =>
    child.on('close', (code, signal) => {
      running.delete(child);
      done({ code, signal });
    }),
  );
  return {
    lines,
    stderr: () => stderr,
    exited,
    kill: (signal) => child.kill(signal),
    line(pattern) {
      return new Promise((resolveLine, reject) => {
        const check = () => {
          for (const text of lines) {
            const match = pattern.exec(text);
            if (match) {
              waiters.delete(check);
              resolveLine(match);
              return;
            }
          }
        };
        waiters.add(check);
        check();
        void exited.then(({ code, signal }) => {
          if (!waiters.has(check)) return;
          waiters.delete(check);
          reject(
            new Error(
              `the CLI exited (code ${code}, signal ${signal}) before printing ${pattern}; stdout: ${JSON.stringify(lines)}; stderr: ${stderr}`,
            ),
          );
        });
      });
    },
  };
}

/** Runs a command that is expected to finish, and answers its output and exit code. */
async function runToEnd(
  args: string[],
): Promise<{ code: number | null; stdout: string[]; stderr: string }> {
  const cli = runCli(args);
  const { code } = await cli.exited;
  return { code, stdout: cli.lines, stderr: cli.stderr() };
}

async function call(url: string, key: string, method = 'GET', body?: unknown) {
  const res = await fetch(url, {
    method,
    headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return {
    status: res.status,
    headers: res.headers,
    json: (await res.json()) as Record<string, unknown>,
  };
}

const BASE_URL_LINE = /^Base URL: (http:\/\/127\.0\.0\.1:(\d+))$/;
const API_KEY_LINE = /^API key: ([A-Za-z0-9_-]{20,})$/;

describe('service command line', () => {
  let dataDir: string;
  let firstKey: string;
  let secondKey: string;
  const dirs: string[] = [];
  const tempDir = () => {
    const dir = mkdtempSync(join(tmpdir(), 'linkdeck-cli-'));
    dirs.push(dir);
    return dir;
  };

  beforeAll(() => {
    dataDir = tempDir();
  });
  afterAll(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it('on the first start prints exactly the base URL with the real port and the first API key, which works; SIGTERM stops it with code 0', async () => {
    const cli = runCli(['--port', '0', '--data', dataDir]);
    const [, url, port] = await cli.line(BASE_URL_LINE);
    const [, key] = await cli.line(API_KEY_LINE);
    expect(Number(port)).toBeGreaterThan(0);
    expect(cli.lines).toEqual([`Base URL: ${url}`, `API key: ${key}`]);
    firstKey = key as string;

    const account = await call(`${url}/api/account`, firstKey);
    expect(account.status).toBe(200);
    expect(account.json).toMatchObject({ error: 0, data: { email: 'you@localhost' } });

    cli.kill('SIGTERM');
    expect(await cli.exited).toEqual({ code: 0, signal: null });
    expect(cli.stderr()).toBe('');
    // Stopped means stopped: the port no longer answers, and the file was left consistent.
    await expect(fetch(`${url}/api/account`)).rejects.toThrow();
    const db = openDatabase(dataDir);
    try {
      expect(
        db
          .prepare('PRAGMA integrity_check')
          .all()
          .map((r) => (r as { integrity_check: string }).integrity_check),
      ).toEqual(['ok']);
    } finally {
      db.close();
    }
  });

  it('on a later start with the same data dir prints only the base URL, and the first key still works', async () => {
    const cli = runCli(['--port', '0', '--data', dataDir]);
    const [, url] = await cli.line(BASE_URL_LINE);
    // The key line would be printed in the same tick as the base URL; a round trip later it is not there.
    expect((await call(`${url}/api/account`, firstKey)).status).toBe(200);
    expect(cli.lines).toEqual([`Base URL: ${url}`]);
    cli.kill('SIGTERM');
    expect((await cli.exited).code).toBe(0);
  });

  it('"user add" prints a key for a new user, who sees only their own objects, while the service runs', async () => {
    const cli = runCli(['--port', '0', '--data', dataDir]);
    const [, url] = await cli.line(BASE_URL_LINE);
    try {
      const added = await runToEnd(['user', 'add', '--data', dataDir, '--email', 'x@y.z']);
      expect(added.code).toBe(0);
      expect(added.stdout).toHaveLength(1);
      const match = API_KEY_LINE.exec(added.stdout[0] as string);
      expect(match, added.stdout.join('\n')).not.toBeNull();
      secondKey = (match as RegExpMatchArray)[1] as string;
      expect(secondKey).not.toBe(firstKey);

      const account = await call(`${url}/api/account`, secondKey);
      expect(account.json).toMatchObject({ error: 0, data: { email: 'x@y.z' } });

      const first = await call(`${url}/api/url/add`, firstKey, 'POST', {
        url: 'https://example.com/first',
      });
      const second = await call(`${url}/api/url/add`, secondKey, 'POST', {
        url: 'https://example.com/second',
      });
      expect(first.status).toBe(200);
      expect(second.status).toBe(200);
      const listed = await call(`${url}/api/urls`, secondKey);
      const urls = (listed.json['data'] as { urls: { id: number }[] }).urls;
      expect(urls.map((u) => u.id)).toEqual([second.json['id']]);
      expect((await call(`${url}/api/url/${first.json['id']}`, secondKey)).status).toBe(404);
      expect((await call(`${url}/api/url/${second.json['id']}`, firstKey)).status).toBe(404);
    } finally {
      cli.kill('SIGTERM');
      await cli.exited;
    }
  });

  it('"keys" lists every user with their email and only the first characters of their key', async () => {
    const keys = await runToEnd(['keys', '--data', dataDir]);
    expect(keys.code).toBe(0);
    expect(keys.stdout).toEqual([`1\tyou@localhost\t${firstKey.slice(0, 6)}…`, `2\tx@y.z\t${secondKey.slice(0, 6)}…`]);
  });

  it('keeps no API key in clear in the database files, only SHA-256 hashes', () => {
    const bytes = readdirSync(dataDir)
      .filter((name) => name.startsWith(DB_FILE))
      .map((name) => readFileSync(join(dataDir, name)).toString('latin1'))
      .join('\n');
    expect(bytes.length).toBeGreaterThan(0);
    for (const key of [firstKey, secondKey]) {
      expect(bytes).not.toContain(key);
      expect(bytes).toContain(hashApiKey(key));
    }
  });

  // Three child processes: a failure bound for a loaded 2-core machine, not an expected time.
  it('"user reset-key" prints a new key once, and the old key stops working while the service runs', { timeout: 120_000 }, async () => {
    const cli = runCli(['--port', '0', '--data', dataDir]);
    const [, url] = await cli.line(BASE_URL_LINE);
    try {
      const reset = await runToEnd(['user', 'reset-key', '--data', dataDir, '--email', 'x@y.z']);
      expect(reset.code).toBe(0);
      const match = API_KEY_LINE.exec(reset.stdout[0] as string);
      expect(match, reset.stdout.join('\n')).not.toBeNull();
      const newKey = (match as RegExpMatchArray)[1] as string;
      expect(newKey).not.toBe(secondKey);
      expect((await call(`${url}/api/account`, newKey)).json).toMatchObject({ error: 0, data: { email: 'x@y.z' } });
      expect((await call(`${url}/api/account`, secondKey)).status).toBe(401);
      expect((await call(`${url}/api/account`, firstKey)).status).toBe(200);
      secondKey = newKey;

      const unknown = await runToEnd(['user', 'reset-key', '--data', dataDir, '--email', 'nobody@y.z']);
      expect(unknown.code).not.toBe(0);
      expect(unknown.stderr).toContain('There is no user with the email nobody@y.z.');
    } finally {
      cli.kill('SIGTERM');
      await cli.exited;
    }
  });

  // Three child processes: a failure bound for a loaded 2-core machine (30 s was exceeded once).
  it('refuses a second user with the same email (in any letter case) with a clear message and a non-zero exit code', { timeout: 120_000 }, async () => {
    for (const email of ['x@y.z', 'X@Y.z']) {
      const again = await runToEnd(['user', 'add', '--data', dataDir, '--email', email]);
      expect(again.code).not.toBe(0);
      expect(again.stdout).toEqual([]);
      expect(again.stderr).toContain(`A user with the email ${email} already exists.`);
    }
    expect((await runToEnd(['keys', '--data', dataDir])).stdout).toHaveLength(2);
  });

  // Seventeen child processes: give a busy 2-core machine time to start them all (a failure
  // bound: they took 31.5 s under load with a cold cache, 60 s was too close).
  it(
    'refuses a missing --data, a bad --port, a bad --rate-limit, a bad email and unknown words, saying what is wrong',
    { timeout: 180_000 },
    async () => {
      const dir = tempDir();
      const cases: Array<[string[], RegExp]> = [
        [['--port', '0'], /--data <dir> is required/],
        [['user', 'add', '--email', 'a@b.c'], /--data <dir> is required/],
        [['keys'], /--data <dir> is required/],
        [['--port', '0', '--data', ''], /--data <dir> is required/],
        [['--port', 'abc', '--data', dir], /--port must be a port number, not "abc"/],
        [['--port', '70000', '--data', dir], /--port must be a port number/],
        [['--port', '', '--data', dir], /--port must be a port number/],
        [['--port', '1e3', '--data', dir], /--port must be a port number/],
        [['--port', '-1', '--data', dir], /--port/],
        [
          ['--port', '0', '--rate-limit', 'abc', '--data', dir],
          /--rate-limit must be a whole number/,
        ],
        [['--port', '0', '--rate-limit', '-5', '--data', dir], /--rate-limit/],
        [
          ['--port', '0', '--rate-limit', '1.5', '--data', dir],
          /--rate-limit must be a whole number/,
        ],
        [['--port', '0', '--rate-limit', '', '--data', dir], /--rate-limit must be a whole number/],
        [['user', 'add', '--data', dir], /--email <email> is required/],
        [
          ['user', 'add', '--data', dir, '--email', 'not-an-email'],
          /"not-an-email" is not an email address/,
        ],
        [['frobnicate', '--data', dir], /Unknown command "frobnicate"/],
        [['--port', '0', '--data', dir, '--bogus'], /^--bogus is not a flag of the link service: the flags it knows are listed below\.$/m],
      ];
      const results = await Promise.all(cases.map(([args]) => runToEnd(args)));
      results.forEach((result, i) => {
        const [args, message] = cases[i] as [string[], RegExp];
        const shown = `${JSON.stringify(args)} → code ${result.code}, stderr: ${result.stderr}`;
        expect(result.code, shown).not.toBe(0);
        expect(result.code, shown).not.toBeNull();
        expect(result.stderr, shown).toMatch(message);
        expect(result.stderr, shown).toContain('Usage:');
        expect(result.stdout, shown).toEqual([]);
      });
    },
  );

  it('says so when the port is already in use', async () => {
    const blocker: Server = createServer();
    await new Promise<void>((done) => blocker.listen(0, '127.0.0.1', done));
    const { port } = blocker.address() as { port: number };
    try {
      const result = await runToEnd(['--port', String(port), '--data', tempDir()]);
      expect(result.code).not.toBe(0);
      expect(result.stderr).toMatch(/already in use/);
      expect(result.stdout).toEqual([]);
    } finally {
      blocker.close();
    }
  });

  it('--rate-limit 2 answers the third request of a minute with 429 and Retry-After', async () => {
    const cli = runCli(['--port', '0', '--rate-limit', '2', '--data', tempDir()]);
    const [, url] = await cli.line(BASE_URL_LINE);
    const [, key] = await cli.line(API_KEY_LINE);
    try {
      const answers = [];
      for (let i = 0; i < 3; i++) answers.push(await call(`${url}/api/account`, key as string));
      expect(answers.map((a) => a.status)).toEqual([200, 200, 429]);
      expect(answers.map((a) => a.headers.get('x-ratelimit-limit'))).toEqual(['2', '2', '2']);
      expect(Number(answers[2]?.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(answers[2]?.json).toEqual({
        error: 429,
        message: expect.stringMatching(/Too many requests/),
        'Retry-After': Number(answers[2]?.headers.get('retry-after')),
      });
    } finally {
      cli.kill('SIGTERM');
      expect(await cli.exited).toEqual({ code: 0, signal: null });
    }
  });

  // Two child processes: a failure bound for a loaded 2-core machine.
  it('--headers-timeout and --request-timeout close a connection whose headers never end; a headers timeout above the request timeout is refused', { timeout: 120_000 }, async () => {
    const refused = await runToEnd(['--port', '0', '--data', tempDir(), '--headers-timeout', '5', '--request-timeout', '2']);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('--headers-timeout must not be longer than --request-timeout.');

    const cli = runCli(['--port', '0', '--data', tempDir(), '--headers-timeout', '1', '--request-timeout', '2', '--max-connections', '8']);
    const [, , port] = await cli.line(BASE_URL_LINE);
    try {
      const socket = connect(Number(port), '127.0.0.1');
      let received = '';
      socket.setEncoding('latin1').on('data', (chunk: string) => (received += chunk));
      socket.write('GET /api/account HTTP/1.1\r\nHost: x\r\nX-Slow: ');
      await new Promise((closed) => socket.on('close', closed));
      expect(received).toMatch(/^HTTP\/1\.1 408 /);
    } finally {
      cli.kill('SIGTERM');
      await cli.exited;
    }
  });

  it('stops cleanly on SIGINT as well', async () => {
    const cli = runCli(['--port', '0', '--data', tempDir()]);
    await cli.line(API_KEY_LINE);
    cli.kill('SIGINT');
    expect(await cli.exited).toEqual({ code: 0, signal: null });
  });
  it('"backup" writes a consistent copy while the service runs (0600, opens on its own), and never overwrites a file', { timeout: 120_000 }, async () => {
    const dir = tempDir();
    const cli = runCli(['--port', '0', '--data', dir]);
    const [, url] = await cli.line(BASE_URL_LINE);
    const [, key] = await cli.line(API_KEY_LINE);
    try {
      expect((await call(`${url}/api/url/add`, key as string, 'POST', { url: 'https://example.com/kept', custom: 'kept' })).status).toBe(200);
      const to = join(tempDir(), 'copy.db');
      const made = await runToEnd(['backup', '--data', dir, '--to', to]);
      expect(made.code, made.stderr).toBe(0);
      expect(made.stdout).toEqual([expect.stringMatching(/^Backup: .*copy\.db \(\d+ KiB\)$/)]);
      if (process.platform !== 'win32') expect(statSync(to).mode & 0o777).toBe(0o600);
      const copy = new Database(to, { readonly: true });
      try {
        expect(copy.prepare('SELECT alias FROM links').pluck(true).all()).toEqual(['kept']);
      } finally {
        copy.close();
      }
      const again = await runToEnd(['backup', '--data', dir, '--to', to]);
      expect(again.code).toBe(2);
      expect(again.stderr).toMatch(/already exists: choose a new file name/);
    } finally {
      cli.kill('SIGTERM');
      await cli.exited;
    }
  });

  it('warns once when it listens beyond this computer without --public-url, and not with one', { timeout: 120_000 }, async () => {
    const wide = runCli(['--port', '0', '--host', '0.0.0.0', '--data', tempDir()]);
    await wide.line(API_KEY_LINE);
    const withPublic = runCli(['--port', '0', '--host', '0.0.0.0', '--public-url', 'https://go.example.com', '--data', tempDir()]);
    await withPublic.line(API_KEY_LINE);
    for (const cli of [wide, withPublic]) {
      cli.kill('SIGTERM');
      await cli.exited;
    }
    expect(wide.stderr().match(/Warning: listening on 0\.0\.0\.0 without --public-url/g)).toHaveLength(1);
    expect(withPublic.stderr()).not.toMatch(/Warning/);
  });
});
